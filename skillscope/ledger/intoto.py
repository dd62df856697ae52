"""Approvals as signed in-toto attestations: one DSSE envelope per approved skill, as JSON Lines."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from skillscope.catalog.fingerprint import fingerprint
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.signing import Signer
from skillscope.ledger.core.sshsig import SignatureError, key_blob

__all__ = [
    "PAYLOAD_TYPE",
    "POLICY_DIGESTS",
    "PREDICATE_TYPE",
    "STATEMENT_TYPE",
    "Attestations",
    "ReviewPolicy",
    "approval_digests",
    "attest_approvals",
    "pae",
    "review_statement",
    "ssh_key_id",
]

PAYLOAD_TYPE = "application/vnd.in-toto+json"
STATEMENT_TYPE = "https://in-toto.io/Statement/v1"
PREDICATE_TYPE = "https://in-toto.io/attestation/svr/v0.1"
"""The Simple Verification Result: a verifier, a time and the properties it found to hold."""

POLICY_DIGESTS = "policy_digests"
"""The approval record's field holding the SHA-256 hex digests of the ``rules`` and ``suppressions`` in force when
it was recorded (absent in records made before approvals kept them)."""

_DIGEST = re.compile(r"^sha256:([0-9a-f]{64})$")
_HEX = re.compile(r"^[0-9a-f]{64}$")
_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$")


@dataclass(frozen=True)
class ReviewPolicy:
    """What decided which approvals are attested, each as a SHA-256 hex digest (see docs/attestations.md)."""

    rules: str
    """The built-in audit rule table of the exporting skillscope (id, severity, category of each check)."""
    suppressions: str
    """The trusted, unexpired suppressions beside the ledger when exporting."""
    allowed_signers: str
    """The trust rule: the allowed signers in force and whether unsigned approvals count."""

    def descriptor(self, at_approval: dict[str, str] | None = None) -> dict[str, Any]:
        """An in-toto ResourceDescriptor: one digest over the three, each also given on its own.

        ``at_approval`` holds the digests the approval record kept of the rules and suppressions in
        force when it was made; each one given replaces this (export-time) one. Every part says
        which it is: ``inForceAt`` is ``approval`` or ``export`` (the allowed signers are always the
        exporter's: whose approvals count is decided when exporting).
        """
        kept = at_approval or {}
        parts = {
            "rules": kept.get("rules", self.rules),
            "suppressions": kept.get("suppressions", self.suppressions),
            "allowedSigners": self.allowed_signers,
        }
        whole = hashlib.sha256(json.dumps(parts, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
        return {
            "name": "skillscope review policy",
            "digest": {"sha256": whole},
            "annotations": {
                key: {"sha256": value, "inForceAt": "approval" if key in kept else "export"}
                for key, value in parts.items()
            },
        }


def approval_digests(record: Record) -> dict[str, str]:
    """The rules and suppressions digests ``record`` kept from when it was made (only well-formed ones)."""
    kept = record.extra.get(POLICY_DIGESTS)
    if not isinstance(kept, dict):
        return {}
    return {
        key: value
        for key in ("rules", "suppressions")
        if isinstance(value := kept.get(key), str) and _HEX.match(value) is not None
    }


@dataclass
class Attestations:
    """The JSON Lines text, how many envelopes it holds, and the approvals left out, by reason."""

    text: str = ""
    count: int = 0
    skipped: Counter[str] = field(default_factory=Counter)


def pae(payload_type: str, payload: bytes) -> bytes:
    """DSSE's pre-authentication encoding: the bytes a DSSE signature signs."""
    kind = payload_type.encode("utf-8")
    return b"DSSEv1 %d %b %d %b" % (len(kind), kind, len(payload), payload)


def ssh_key_id(public_key_line: str) -> str:
    """The key's fingerprint as ``ssh-keygen -l`` prints it (``SHA256:`` and unpadded base64 of its blob).

    Raises:
        SignatureError: the line is not an OpenSSH public key.
    """
    digest = hashlib.sha256(key_blob(public_key_line)).digest()
    return "SHA256:" + base64.b64encode(digest).decode("ascii").rstrip("=")


def _subjects(record: Record) -> list[dict[str, Any]] | str:
    """Every file of the approved skill, named by its skill:// URI; or why the record cannot be attested."""
    if not record.fingerprint or _DIGEST.match(record.fingerprint) is None:
        return "no sha256 fingerprint"
    if not record.files:
        # A record without its file list (written before records kept one): the fingerprint stands for the skill.
        return [{"name": record.name, "digest": {"sha256": record.fingerprint[7:]}}]
    subjects = []
    for entry in record.files:
        match = _DIGEST.match(entry.digest)
        if match is None:
            return "a file digest that is not sha256"
        subjects.append({"name": entry.uri, "digest": {"sha256": match.group(1)}})
    if fingerprint((f.uri, f.digest) for f in record.files) != record.fingerprint:
        return "files that do not make up its fingerprint"
    return subjects


def _properties(record: Record) -> list[str]:
    """What the approval established, as SVR property names (only what the record supports)."""
    found = ["SKILLSCOPE_APPROVED", "SKILLSCOPE_DIGESTS_VERIFIED"]
    audit = record.extra.get("audit")
    counts = audit.get("counts") if isinstance(audit, dict) else None
    if isinstance(counts, dict):
        if record.extra.get("accepted_findings"):
            found.append("SKILLSCOPE_FINDINGS_ACCEPTED")
        elif counts.get("error") == 0:
            found.append("SKILLSCOPE_AUDIT_NO_ERRORS")
    return found


def review_statement(record: Record, policy: ReviewPolicy, *, version: str) -> dict[str, Any] | str:
    """The in-toto Statement for one approval, or why the approval cannot be attested.

    Every string comes from the ledger and goes out only as a JSON string value: nothing
    a server or a reviewer wrote becomes a key, a type or a property name.
    """
    subjects = _subjects(record)
    if isinstance(subjects, str):
        return subjects
    if _TIME.match(record.time) is None:
        return "a time that is not an RFC 3339 UTC timestamp"
    review: dict[str, Any] = {
        "reviewer": record.reviewer,
        "time": record.time,
        "note": record.note,
        "tool": record.tool,
        "ledgerSeq": record.seq,
        "ledgerHash": record.hash,
    }
    if record.key:
        try:
            review["reviewerKey"] = ssh_key_id(record.key)
        except SignatureError:
            return "a signing key that is not an OpenSSH public key"
    audit = record.extra.get("audit")
    if isinstance(audit, dict):
        review["audit"] = audit
    if isinstance(record.extra.get("unlisted_files"), list):
        review["unlistedFiles"] = record.extra["unlisted_files"]
    return {
        "_type": STATEMENT_TYPE,
        "subject": subjects,
        "predicateType": PREDICATE_TYPE,
        "predicate": {
            "verifier": {
                "id": f"pkg:pypi/skillscope-mcp@{version}",
                "policy": policy.descriptor(approval_digests(record)),
            },
            "timeCreated": record.time,
            "properties": _properties(record),
            "skill": {
                "name": record.name,
                "fingerprint": record.fingerprint,
                "label": record.label,
                "server": record.server,
                "uri": record.uri,
            },
            "review": review,
        },
    }


def _envelope(statement: dict[str, Any], signer: Signer, keyid: str) -> dict[str, Any]:
    payload = json.dumps(statement, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    signature = signer.sign_raw(pae(PAYLOAD_TYPE, payload))
    return {
        "payloadType": PAYLOAD_TYPE,
        "payload": base64.b64encode(payload).decode("ascii"),
        "signatures": [{"keyid": keyid, "sig": base64.b64encode(signature).decode("ascii")}],
    }


def attest_approvals(
    approvals: Iterable[Record], signer: Signer, policy: ReviewPolicy, *, version: str
) -> Attestations:
    """One DSSE envelope per approved skill, one per line, signed with ``signer``'s Ed25519 key.

    The keyid is the signing key's SSH fingerprint (``SHA256:…``), the name ``ssh-keygen -l``
    and an allowed_signers review show for it. Tool, prompt and resource approvals are left
    out (their fingerprints bind no files), as are approvals whose files do not make up their
    fingerprint.

    Raises:
        UsageError: the signing key is not Ed25519 or cannot sign.
    """
    out = Attestations()
    keyid = ssh_key_id(signer.public_key)
    latest: dict[tuple[str, str], Record] = {}
    for record in approvals:
        if "surface" in record.extra:
            out.skipped["tool, prompt or resource approval (no files to attest)"] += 1
            continue
        latest.pop((record.name, record.fingerprint or ""), None)
        latest[(record.name, record.fingerprint or "")] = record  # the newest approval of a pair speaks for it
    lines: list[str] = []
    for record in latest.values():
        statement = review_statement(record, policy, version=version)
        if isinstance(statement, str):
            out.skipped[f"not attested: {statement}"] += 1
            continue
        lines.append(json.dumps(_envelope(statement, signer, keyid), separators=(",", ":"), ensure_ascii=True))
    out.text = "".join(line + "\n" for line in lines)
    out.count = len(lines)
    return out

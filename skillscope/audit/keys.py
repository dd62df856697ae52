"""Finding keys: the identity a suppression names, made of every fact a finding states and the skill it is in."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace

from skillscope.audit.findings import AuditFinding
from skillscope.audit.run.results import ServerAudit

__all__ = ["KEY_SCHEME", "KeyPlace", "assign_keys", "finding_key_facts", "finding_keys", "key_places", "legacy_keys"]

KEY_SCHEME = "skillscope-finding-key/2"
"""Hashed first into every key: keys of another scheme (the 32-digit ones of skillscope before it) never match."""


@dataclass(frozen=True)
class KeyPlace:
    """What a finding's key binds beyond the finding: its file's digest and its skill's fingerprint.

    The fingerprint covers every file of the skill: a script's destination may live in a sibling
    (a config it reads, a module it imports, the SKILL.md line saying how to run it), so a change
    to any file of the skill is a new decision, as it is for an approval.
    """

    file_digest: str = ""
    skill_fingerprint: str = ""
    capabilities: tuple[tuple[int, str], ...] = ()
    """(line, capability key) of every capability the audit read in the file: a finding's key binds those on its
    lines, so a finding accepted for one destination is a new decision when the line sends elsewhere."""

    def capability_keys(self, first: int | None, last: int | None) -> list[str]:
        """The sorted capability keys on lines ``first`` to ``last`` of the file (none for a finding with no line)."""
        if not first or not self.capabilities:
            return []
        end = max(last or first, first)
        return sorted({key for line, key in self.capabilities if first <= line <= end})


def key_places(audits: list[ServerAudit], *, capabilities: bool = True) -> dict[tuple[str, str], KeyPlace]:
    """Each (server label, file URI) and (server label, skill name) of ``audits`` with what keys there bind.

    A URI two entries of one server both list binds both entries' digests and fingerprints, and both
    skills' capabilities in it. Without ``capabilities``, the places keys bound before they bound
    capabilities (``legacy_keys``).
    """
    digests: dict[tuple[str, str], set[str]] = {}
    fingerprints: dict[tuple[str, str], set[str]] = {}
    caps: dict[tuple[str, str], set[tuple[int, str]]] = {}
    for audit in audits:
        for skill in audit.skills:
            entry = skill.entry
            uris = {f.path: f.uri for f in entry.files or ()}
            for cap in skill.capabilities if capabilities else ():
                uri = uris.get(cap.path)
                if uri is not None and cap.line:
                    caps.setdefault((audit.label, uri), set()).add((cap.line, cap.key))
            places = [(audit.label, entry.name)]
            places += [(audit.label, f.uri) for f in entry.files or ()]
            if entry.uri:
                places.append((audit.label, entry.uri))
            for place in places:
                fingerprints.setdefault(place, set()).add(entry.fingerprint or "")
            for file in entry.files or ():
                digests.setdefault((audit.label, file.uri), set()).add(file.digest or "")
    return {
        place: KeyPlace(
            " ".join(sorted(digests.get(place, ()))), " ".join(sorted(prints)), tuple(sorted(caps.get(place, ())))
        )
        for place, prints in fingerprints.items()
    }


def finding_key_facts(finding: AuditFinding, place: KeyPlace | None = None) -> list[object]:
    """Everything a finding's key is a hash of, in a fixed order.

    The check, the server's label and the skill's path, the file URI, the file's digest and the
    skill's fingerprint, the host and the message (which names the destination and the lines a
    flow runs through), where the match starts and ends, its excerpt, and the digest of the whole
    text of every line it covers or names, and, last, the capability keys on the lines it covers when there
    are any (``sends:collect.example``: what accepting the finding accepts). Never the severity (a policy may
    change it) nor any time. A finding on lines with no capability has the facts, and so the key, it had
    before keys bound capabilities.
    """
    skill = finding.skill or ""
    if skill.startswith(f"{finding.server}:"):
        skill = skill[len(finding.server) + 1 :]
    at, place = finding.at, place or KeyPlace()
    capabilities = place.capability_keys(at.line, at.end_line)
    return [
        KEY_SCHEME,
        finding.id,
        finding.server,
        skill,
        finding.uri or "",
        place.file_digest,
        place.skill_fingerprint,
        finding.host or "",
        finding.message,
        [at.line, at.column, at.end_line, at.end_column],
        at.excerpt or "",
        at.lines_digest or "",
        *([capabilities] if capabilities else []),
    ]


def finding_keys(findings: list[AuditFinding], places: Mapping[tuple[str, str], KeyPlace] | None = None) -> list[str]:
    """Stable identities (64 hex digits, SHA-256) for suppressions and SARIF deduplication.

    The same facts give the same key on every run; when two findings state exactly the same facts
    (a server's one line flagged twice alike), the count of earlier ones tells them apart. That
    count runs per server, since the label is one of the facts.
    """
    known = places or {}
    seen: dict[str, int] = {}
    out = []
    for finding in findings:
        place = known.get((finding.server, finding.uri or "")) or known.get((finding.server, finding.skill or ""))
        basis = json.dumps(finding_key_facts(finding, place), ensure_ascii=True, separators=(",", ":"))
        seen[basis] = seen.get(basis, 0) + 1
        out.append(hashlib.sha256(f"{basis}\n{seen[basis]}".encode("ascii")).hexdigest())
    return out


def legacy_keys(audits: list[ServerAudit]) -> dict[int, str]:
    """Each finding's key (by ``id`` of the finding) as skillscope made it before keys bound capabilities.

    A suppression recorded then names such a key. It still binds the file's digest, the skill's
    fingerprint and the line, so it names the same finding in the same content: it keeps matching
    until anything in the skill changes (a new destination included), as it always did.
    """
    findings = [f for audit in audits for f in audit.findings]
    return {
        id(f): key
        for f, key in zip(findings, finding_keys(findings, key_places(audits, capabilities=False)), strict=True)
    }


def assign_keys(audits: list[ServerAudit]) -> None:
    """Give every finding of ``audits`` its key (idempotent).

    Done before anything is left out: a key never shifts to the next identical finding.
    """
    findings = [f for audit in audits for f in audit.findings]
    if all(f.key is not None for f in findings):
        return
    keys = finding_keys(findings, key_places(audits))
    keyed = {id(f): replace(f, key=key) for f, key in zip(findings, keys, strict=True)}
    for audit in audits:
        audit.findings = [keyed.get(id(f), f) for f in audit.findings]
        for skill in audit.skills:
            skill.findings = [keyed.get(id(f), f) for f in skill.findings]

"""The inventory as a CycloneDX 1.7 (or 1.6) JSON bill of materials: servers hold skills, skills hold files."""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Literal

from skillscope import __version__
from skillscope.service.capability_change import pinned_keys
from skillscope.service.inventory import InventoryItem, ServerInventory, signer_of

__all__ = ["DEFAULT_SPEC_VERSION", "SPEC_VERSIONS", "SpecVersion", "cyclonedx_bom", "review_words", "signer_words"]

SpecVersion = Literal["1.7", "1.6"]
SPEC_VERSIONS: tuple[SpecVersion, ...] = ("1.7", "1.6")
DEFAULT_SPEC_VERSION: SpecVersion = "1.7"

# A URI a consumer can take as an external reference: RFC 3986 characters only, every % followed by two hex
# digits. A URI outside this (a space, a control, a non-ASCII letter a server put there) stays a property only.
_PLAIN_URI = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:(?:[A-Za-z0-9\-._~:/?#@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*")


def review_words(item: InventoryItem) -> str:
    """The review state as ``list --json`` names it, or why there is none."""
    if item.entry.status == "malformed":
        return "none (malformed)"
    if item.review is None:
        return "unknown (ledger unreadable)"
    return str(item.review.state)


def signer_words(item: InventoryItem) -> str:
    """Who signed the record the review state rests on, with the key's fingerprint; "" when nothing does."""
    signer = signer_of(item.review)
    if signer is None:
        return ""
    reviewer, key = signer
    return f"{reviewer} ({key})" if key else f"{reviewer} (unsigned)"


def _properties(pairs: Sequence[tuple[str, Any]]) -> list[dict[str, str]]:
    return [{"name": f"skillscope:{name}", "value": str(value)} for name, value in pairs if value not in (None, "")]


def _references(uri: str | None, comment: str) -> list[dict[str, str]]:
    """The ``skill://`` URI as a distribution reference: where an agent reads these bytes from."""
    if not uri or not _PLAIN_URI.fullmatch(uri):
        return []
    return [{"type": "distribution", "url": uri, "comment": comment}]


def _listed_allowed_tools(item: InventoryItem) -> str | None:
    """The ``allowed-tools`` grant the listing's frontmatter declares, as one line (None when it declares none)."""
    front = item.entry.frontmatter or {}
    value = front.get("allowed-tools", front.get("allowed_tools"))
    if isinstance(value, str):
        return value or None
    if isinstance(value, list) and value and all(isinstance(tool, str) for tool in value):
        return " ".join(value)
    return None


def _approved_capabilities(item: InventoryItem) -> list[tuple[str, str]]:
    """The capabilities the approval in force was recorded with, as (property, value) pairs.

    ``approved-capabilities`` says whether the approval pinned them (``pinned``) or was recorded before
    approvals did (``not pinned``); each pinned key (``kind:target``) is one ``approved-capability``.
    Nothing for a skill no approval speaks for (never approved, rejected, revoked).
    """
    review = item.review
    record = review.record if review is not None else None
    if review is None or record is None or record.action != "approve" or review.state in ("rejected", "revoked"):
        return []
    keys = pinned_keys(record)
    if keys is None:
        return [("approved-capabilities", "not pinned")]
    return [("approved-capabilities", "pinned"), *(("approved-capability", key) for key in sorted(keys))]


class _Refs:
    """bom-refs are unique in a document: a repeated one (two entries with one name) gets ``#2``, ``#3``..."""

    def __init__(self) -> None:
        self._taken: set[str] = set()

    def __call__(self, ref: str) -> str:
        out, number = ref, 2
        while out in self._taken:
            out, number = f"{ref}#{number}", number + 1
        self._taken.add(out)
        return out


def _skill(item: InventoryItem, refs: _Refs) -> dict[str, Any]:
    entry = item.entry
    component: dict[str, Any] = {
        "type": "data",
        "bom-ref": refs(entry.name),
        "name": entry.skill_name or entry.path or entry.name,
    }
    record = item.review.record if item.review is not None else None
    component["properties"] = _properties(
        [
            ("type", "agent-skill"),
            ("name", entry.name),
            ("uri", entry.uri),
            ("status", entry.status),
            ("reason", f"{entry.rule}: {entry.reason}" if entry.rule else None),
            ("fingerprint", entry.fingerprint),
            ("review-state", review_words(item)),
            ("reviewed-at", record.complete().time if record is not None else None),
            ("signer", signer_words(item)),
            *_approved_capabilities(item),
            ("listed-allowed-tools", _listed_allowed_tools(item)),
        ]
    )
    references = _references(entry.uri, "SKILL.md, read as an MCP resource")
    if references:
        component["externalReferences"] = references
    files = []
    for f in entry.files or ():
        file: dict[str, Any] = {
            "type": "file",
            "bom-ref": refs(f"{entry.name}#{f.path}"),
            "name": f.path,
            "hashes": [{"alg": "SHA-256", "content": f.digest.removeprefix("sha256:")}],
        }
        file_references = _references(f.uri, "read as an MCP resource")
        if file_references:
            file["externalReferences"] = file_references
        file["properties"] = _properties([("uri", f.uri), ("size", f.size)])
        files.append(file)
    if files:
        component["components"] = files
    return component


def _server(server: ServerInventory, refs: _Refs) -> dict[str, Any]:
    info = server.info
    component: dict[str, Any] = {
        "type": "application",
        "bom-ref": refs(server.label),
        "name": (info.name if info is not None and info.name else server.label),
    }
    if info is not None and info.version:
        component["version"] = info.version
    component["properties"] = _properties(
        [
            ("type", "mcp-server"),
            ("label", server.label),
            ("target", server.target),
            ("origin", server.origin),
            ("protocol", info.era_label if info is not None else None),
            ("error", server.error),
            ("complete", None if server.error else str(server.complete).lower()),
        ]
    )
    skills = [_skill(item, refs) for item in server.items]
    if skills:
        component["components"] = skills
    return component


def _composition(server: ServerInventory, ref: str) -> dict[str, Any]:
    """How much of a server's catalog the document holds: all of it, part of it, or nothing known."""
    aggregate = "unknown" if server.error else "complete" if server.complete else "incomplete"
    return {"aggregate": aggregate, "assemblies": [ref]}


def cyclonedx_bom(
    servers: Sequence[ServerInventory], *, spec_version: SpecVersion = DEFAULT_SPEC_VERSION, now: datetime | None = None
) -> dict[str, Any]:
    """The CycloneDX document (1.7 unless ``spec_version`` asks for 1.6).

    Each server is an application component holding its skills (data), each skill holding its files
    (file, with their SHA-256 and their ``skill://`` URI as a distribution reference); fingerprints,
    review states, signers and the capabilities an approval pinned are ``skillscope:*`` properties;
    a composition per server says whether its listing was complete.
    """
    if spec_version not in SPEC_VERSIONS:
        raise ValueError(f"CycloneDX {spec_version!r}: only {', '.join(SPEC_VERSIONS)} are written")
    refs = _Refs()
    components = [_server(server, refs) for server in servers]
    return {
        "$schema": f"http://cyclonedx.org/schema/bom-{spec_version}.schema.json",
        "bomFormat": "CycloneDX",
        "specVersion": spec_version,
        "serialNumber": f"urn:uuid:{uuid.uuid4()}",
        "version": 1,
        "metadata": {
            "timestamp": (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "tools": {"components": [{"type": "application", "name": "skillscope", "version": __version__}]},
        },
        "components": components,
        "compositions": [
            _composition(server, component["bom-ref"]) for server, component in zip(servers, components, strict=True)
        ],
    }

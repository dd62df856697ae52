"""The inventory as a CycloneDX 1.6 JSON bill of materials: servers hold skills, skills hold files."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from skillscope import __version__
from skillscope.service.inventory import InventoryItem, ServerInventory, signer_of

__all__ = ["cyclonedx_bom", "review_words", "signer_words"]

SCHEMA = "http://cyclonedx.org/schema/bom-1.6.schema.json"


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
    component["properties"] = _properties(
        [
            ("name", entry.name),
            ("uri", entry.uri),
            ("status", entry.status),
            ("reason", f"{entry.rule}: {entry.reason}" if entry.rule else None),
            ("fingerprint", entry.fingerprint),
            ("review-state", review_words(item)),
            ("signer", signer_words(item)),
        ]
    )
    files = [
        {
            "type": "file",
            "bom-ref": refs(f"{entry.name}#{f.path}"),
            "name": f.path,
            "hashes": [{"alg": "SHA-256", "content": f.digest.removeprefix("sha256:")}],
            "properties": _properties([("uri", f.uri), ("size", f.size)]),
        }
        for f in entry.files or ()
    ]
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


def cyclonedx_bom(servers: Sequence[ServerInventory], *, now: datetime | None = None) -> dict[str, Any]:
    """The CycloneDX 1.6 document: each server an application component holding its skills (data), each
    skill holding its files (file, with their SHA-256); fingerprints and review states as properties."""
    refs = _Refs()
    return {
        "$schema": SCHEMA,
        "bomFormat": "CycloneDX",
        "specVersion": "1.6",
        "serialNumber": f"urn:uuid:{uuid.uuid4()}",
        "version": 1,
        "metadata": {
            "timestamp": (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "tools": {"components": [{"type": "application", "name": "skillscope", "version": __version__}]},
        },
        "components": [_server(server, refs) for server in servers],
    }

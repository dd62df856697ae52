"""Export approved fingerprints for hosts: plain lines, JSON, YAML or a RoomKit module."""

from __future__ import annotations

import json
from typing import Any, Literal

from skillscope.ledger.review import Verdicts

__all__ = ["EXPORT_FORMATS", "ExportFormat", "export_approved"]

ExportFormat = Literal["txt", "json", "yaml", "roomkit"]
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("txt", "json", "yaml", "roomkit")


def export_approved(verdicts: Verdicts, fmt: ExportFormat, *, label: str | None = None) -> str:
    """The fingerprints approved and not since revoked or rejected.

    ``txt`` is one ``sha256:…`` per line (each once), ready for a host's set of
    reviewed fingerprints; ``json`` and ``yaml`` add name, URI, label, reviewer and time;
    ``roomkit`` is a Python module whose ``approve_execution`` a RoomKit host passes on unchanged.
    """
    approvals = verdicts.approved_fingerprints(label)
    if fmt == "roomkit":
        from skillscope import __version__
        from skillscope.ledger.roomkit import roomkit_module

        return roomkit_module(approvals, version=__version__)
    if fmt == "txt":
        seen: dict[str, None] = {}
        for record in approvals:
            if record.fingerprint:
                seen.setdefault(record.fingerprint, None)
        return "".join(f"{fp}\n" for fp in seen)
    rows: list[dict[str, Any]] = [
        {
            "fingerprint": r.fingerprint,
            "name": r.name,
            "uri": r.uri,
            "label": r.label,
            "server": r.server,
            "reviewer": r.reviewer,
            "time": r.time,
            "note": r.note,
        }
        for r in approvals
    ]
    document = {"approved": rows}
    if fmt == "json":
        return json.dumps(document, indent=2, ensure_ascii=True) + "\n"
    import yaml

    return yaml.safe_dump(document, sort_keys=False, allow_unicode=False)

"""Export approved fingerprints for hosts: plain lines, JSON, YAML or a RoomKit module."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from skillscope.ledger.checked import Checked
from skillscope.ledger.record import Record
from skillscope.ledger.review import Verdicts
from skillscope.ledger.sshsig import key_blob
from skillscope.ledger.trust import AllowedSigners

__all__ = ["EXPORT_FORMATS", "ExportFormat", "Exportable", "exportable_approvals", "export_approved"]


@dataclass
class Exportable:
    """The approvals a host may be given, and how many were held back, by reason."""

    approvals: list[Record] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)

    def skipped_summary(self) -> str:
        """``N skipped: 2 unsigned, 1 …`` (empty when none was skipped)."""
        if not self.skipped:
            return ""
        parts = ", ".join(f"{count} {why}" for why, count in sorted(self.skipped.items()))
        return f"{sum(self.skipped.values())} approval(s) not exported: {parts}"


def exportable_approvals(verdicts: Verdicts, checked: Mapping[str, Checked], trust: AllowedSigners, *,
                         include_unsigned: bool = False, label: str | None = None) -> Exportable:
    """The approvals in force that a host may trust: every export format starts here.

    An approval is kept only when its content has no standing rejection under any
    label, and its signature verified (``checked``, by line hash) under a key
    ``trust`` allows for its reviewer; unsigned (legacy) approvals only with
    ``include_unsigned``.
    """
    out = Exportable()
    rejected = verdicts.rejected_content()
    for record in verdicts.approved_fingerprints(label, keep_rejected=True):
        check = checked.get(record.hash)
        if record.fingerprint in rejected:
            why = f"rejected under {rejected[record.fingerprint].complete().label or 'no label'}"
        elif check is None:
            why = "not checked"
        elif not check.key:
            why = "" if include_unsigned else "unsigned (use --include-unsigned)"
        elif not trust.allows(check.reviewer, key_blob(check.key)):
            why = "signed by a key not allowed for its reviewer"
        else:
            why = ""
        if why:
            out.skipped[why] += 1
        else:
            out.approvals.append(record)
    return out

ExportFormat = Literal["txt", "json", "yaml", "roomkit"]
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("txt", "json", "yaml", "roomkit")


def export_approved(source: Verdicts | Exportable, fmt: ExportFormat, *, label: str | None = None) -> str:
    """The fingerprints approved and not since revoked or rejected (under any label).

    ``source`` is what ``exportable_approvals`` kept, or bare verdicts (then signatures
    are not considered). ``txt`` is one ``sha256:…`` per line (each once), ready for a
    host's set of reviewed fingerprints; ``json`` and ``yaml`` add name, URI, label, reviewer
    and time; ``roomkit`` is a Python module whose ``approve_execution`` a RoomKit host
    passes on unchanged.
    """
    approvals = source.approvals if isinstance(source, Exportable) else source.approved_fingerprints(label)
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


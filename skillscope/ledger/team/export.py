"""Export approved fingerprints for hosts: plain lines, JSON, YAML or a RoomKit module."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from skillscope.ledger.core.record import Record
from skillscope.ledger.core.values import ExportFormat
from skillscope.ledger.core.verdicts import Verdicts

__all__ = ["Exportable", "exportable_approvals", "export_approved"]


@dataclass
class Exportable:
    """The approvals a host may be given, and how many were held back, by reason."""

    found: list[Record] = field(default_factory=list)
    """The approvals, oldest first, as the replay left them (parsed in full only through ``approvals``)."""
    skipped: Counter[str] = field(default_factory=Counter)
    _parsed: list[Record] | None = field(default=None, repr=False, compare=False)

    @property
    def approvals(self) -> list[Record]:
        """The approvals, every field parsed (once: a large ledger holds tens of thousands in force)."""
        if self._parsed is None:
            self._parsed = [record.complete() for record in self.found]
        return self._parsed

    def skipped_summary(self) -> str:
        """``N skipped: 2 unsigned, 1 …`` (empty when none was skipped)."""
        if not self.skipped:
            return ""
        parts = ", ".join(f"{count} {why}" for why, count in sorted(self.skipped.items()))
        return f"{sum(self.skipped.values())} approval(s) not exported: {parts}"


def exportable_approvals(verdicts: Verdicts, *, label: str | None = None) -> Exportable:
    """The approvals in force that a host may trust: every export format starts here.

    ``verdicts`` were replayed under the trust rule (``TrustRule``): an approval is kept when it
    counted and no later review of its content, under any label, withdrew it. What was held
    back is counted by reason: rejected content, and approvals whose signature is not trusted.
    """
    # One pass over the approvals by name, each content's standing review looked up once: verdicts read from a
    # checkpoint build each record as it is first asked for. Only a label to match needs an approval parsed in
    # full here; the plain list of fingerprints never does.
    out = Exportable()
    content = verdicts.content
    for verdict in verdicts.by_name.values():
        for fingerprint, record in verdict.approved.items():
            standing = content.get(fingerprint) if fingerprint else None
            latest = standing.latest if standing is not None else None
            if latest is None:
                continue
            if label is not None:
                record = record.complete()
                if record.label != label:
                    continue
            if latest.action == "approve":  # in force: no later review of this content, under any label, withdrew it
                out.found.append(record)
            elif latest.action == "reject":
                out.skipped[f"rejected under {latest.complete().label or 'no label'}"] += 1
        for fingerprint, (record, why) in verdict.untrusted.items():
            standing = content.get(fingerprint or "")
            latest = standing.latest if standing is not None else None  # its action needs no full parse
            if (latest is None or latest.action != "approve") and (label is None or record.complete().label == label):
                out.skipped[why] += 1
    out.found.sort(key=lambda r: r.seq)
    return out


def export_approved(source: Verdicts | Exportable, fmt: ExportFormat, *, label: str | None = None) -> str:
    """The fingerprints approved and not since revoked or rejected (under any label).

    ``source`` is what ``exportable_approvals`` kept, or verdicts (as replayed: with the trust
    rule when they were read from a file). ``txt`` is one ``sha256:…`` per line (each once), ready for a
    host's set of reviewed fingerprints; ``json`` and ``yaml`` add name, URI, label, reviewer
    and time; ``roomkit`` is a Python module whose ``approve_execution`` a RoomKit host
    passes on unchanged; ``cedar`` is ToolHive's authorisation config permitting the approved skills.
    """
    if fmt == "txt" and isinstance(source, Exportable):
        approvals = source.found  # a record as replayed holds its fingerprint
    else:
        approvals = source.approvals if isinstance(source, Exportable) else source.approved_fingerprints(label)
    if fmt == "roomkit":
        # RoomKit's hook approves skill executions only: an item's fingerprint there would mean nothing.
        approvals = [r for r in approvals if "surface" not in r.extra]
        from skillscope import __version__
        from skillscope.ledger.team.roomkit import roomkit_module

        return roomkit_module(approvals, version=__version__)
    if fmt == "cedar":
        from skillscope.ledger.team.cedar import toolhive_authz_config

        return toolhive_authz_config(approvals)
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
            # Tools, prompts, resources and templates say what they are; skills stay as they were exported before.
            **({"kind": r.extra["surface"]} if "surface" in r.extra else {}),
        }
        for r in approvals
    ]
    document = {"approved": rows}
    if fmt == "json":
        return json.dumps(document, indent=2, ensure_ascii=True) + "\n"
    import yaml

    return yaml.safe_dump(document, sort_keys=False, allow_unicode=False)

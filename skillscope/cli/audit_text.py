"""The audit's terminal text: a Rich rendering of each server's findings (server text stays inert)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from skillscope.audit.reports import (
    NOTES_HINT,
    NotesMode,
    capability_summary,
    finding_rows,
    note_groups,
    skipped_checks,
    summary,
)
from skillscope.audit.values import ServerAudit
from skillscope.core.textsafe import safe_line

__all__ = ["audit_text"]

_STYLES = {"error": "bold red", "warning": "yellow", "note": "dim"}


def audit_text(audits: list[ServerAudit], *, min_severity: str = "note", notes: NotesMode = "summary") -> Group:
    """The terminal summary as a Rich renderable (server text stays inert).

    Errors and warnings are listed in full. Notes are summarised, one line per rule counted by host or
    folder, unless ``notes="all"`` lists every one; below ``min_severity`` nothing is listed or summarised,
    only counted, and the report says how many it left out and how to see them.
    """
    parts: list[Any] = []
    for audit in audits:
        head = Text(audit.label, style="bold")
        head.append("  ")
        head.append(safe_line(audit.target, limit=200), style="dim")
        parts.append(head)
        if audit.error:
            parts.append(Text(f"could not audit: {safe_line(audit.error, limit=500)}", style="bold red"))
            continue
        counts, checks = audit.counts(), audit.check_counts()
        parts.append(
            Text(
                f"{len(audit.skills)} skills · {counts['error']} errors, {counts['warning']} warnings, {counts['note']} notes · "
                f"conformance: {checks['passed']} passed, {checks['failed']} failed, {checks['untestable']} untestable, "
                f"{checks['skipped']} skipped"
            )
        )
        # One line per reason: six directory checks skipped for one missing flag read as one fact.
        reasons: dict[str, list[str]] = {}
        for outcome in skipped_checks(audit):
            reasons.setdefault(outcome.detail, []).append(outcome.id)
        for detail, ids in reasons.items():
            line = Text("skipped ", style="yellow")
            line.append(", ".join(ids))
            line.append(f": {safe_line(detail, limit=400)}", style="dim")
            parts.append(line)
        table = Table(show_edge=False, pad_edge=False)
        table.add_column("SEV")
        table.add_column("CHECK", overflow="fold")
        table.add_column("WHERE", overflow="fold", max_width=50)
        table.add_column("MESSAGE", overflow="fold", max_width=80)
        listing = "warning" if min_severity == "note" and notes == "summary" else min_severity
        rows = finding_rows(audit.findings, listing, by_host=False)
        for finding, where, message in rows:
            table.add_row(
                Text(finding.severity, style=_STYLES[finding.severity]), Text(finding.id), Text(where), Text(message)
            )
        if rows:
            parts.append(table)
        parts.extend(_left_out(audit, min_severity, notes))
        able = [s for s in audit.skills if s.capabilities]
        if able:
            parts.append(Text("What each skill can do (approvals pin these):", style="bold"))
        for skill in able:
            line = Text(f"  {safe_line(skill.entry.name, limit=120)}  ", style="bold")
            line.append(capability_summary(skill.capabilities))
            parts.append(line)
    total = summary(audits)
    parts.append(
        Text(
            f"{total['servers']} server(s), {total['skills']} skills: {total['verified']} verified, {total['failed_verification']} failed verification"
            + (f", {total['unreadable']} could not be read" if total["unreadable"] else "")
            + "; "
            f"{total['error']} errors, {total['warning']} warnings, {total['note']} notes"
            + (f"; {total['suppressed']} suppressed (see skillscope suppress --list)" if total["suppressed"] else "")
        )
    )
    return Group(*parts)


def _left_out(audit: ServerAudit, min_severity: str, notes: NotesMode) -> list[Text]:
    """What the table did not list: notes summarised by rule (host or folder), and counts of anything below the floor."""
    counts = audit.counts()
    out: list[Text] = []
    if min_severity == "note" and notes == "summary" and counts["note"]:
        out.append(Text(f"{counts['note']} notes, summarised (rerun with {NOTES_HINT} to list them):", style="bold"))
        for group in note_groups(audit):
            line = Text(f"  {group.id}  ", style="dim")
            line.append(group.words())
            out.append(line)
    hidden = [sev for sev in ("warning", "note") if _below(sev, min_severity) and counts[sev]]
    if hidden:
        words = " and ".join(f"{counts[sev]} {sev}s" for sev in hidden)
        out.append(
            Text(f"{words} not listed (rerun with --min-severity {hidden[-1]} {NOTES_HINT} to list them)", style="dim")
        )
    return out


def _below(severity: str, floor: str) -> bool:
    order = ("note", "warning", "error")
    return order.index(severity) < order.index(floor)

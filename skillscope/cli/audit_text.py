"""The audit's terminal text: a Rich rendering of each server's findings (server text stays inert)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from skillscope.audit.reports import capability_summary, finding_rows, skipped_checks, summary
from skillscope.audit.run.results import ServerAudit
from skillscope.core.textsafe import safe_line

__all__ = ["audit_text"]

_STYLES = {"error": "bold red", "warning": "yellow", "note": "dim"}


def audit_text(audits: list[ServerAudit], *, min_severity: str = "note") -> Group:
    """The terminal summary as a Rich renderable (server text stays inert).

    Findings below ``min_severity`` are not listed, though counted; URL notes show one row per host.
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
        for finding, where, message in finding_rows(audit.findings, min_severity):
            table.add_row(
                Text(finding.severity, style=_STYLES[finding.severity]), Text(finding.id), Text(where), Text(message)
            )
        parts.append(table)
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

"""Renderables for what went wrong or changed: the failure evidence and the diff since approval."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from skillscope.core.sizes import human_size
from skillscope.tui.inert import compact, inert_line
from skillscope.tui.widgets.digest import Digest

__all__ = ["changes_view", "entry_warnings_view", "failure_view", "findings_head"]


def _evidence_table(title: str | None = None) -> Table:
    """A table of the evidence panes: no outer edge, a dim bold header, a bold title on the left."""
    return Table(
        title=title,
        title_justify="left",
        title_style="bold",
        show_edge=False,
        pad_edge=False,
        header_style="bold dim",
        box=box.SIMPLE_HEAD,
    )


def failure_view(report: Any) -> RenderableType:
    """Expected and actual, the differing frontmatter keys, the hint and the refresh result; no content."""
    failure = report.failure
    head = Text()
    head.append(f"✗ {failure.heading}", style="bold red")
    head.append(f"  ({failure.check} check)")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True, min_width=10)
    grid.add_column(overflow="fold")
    grid.add_row("what", inert_line(failure.message, limit=1000))
    grid.add_row("file", inert_line(failure.uri, limit=600))
    if failure.check in ("size", "digest", "read", "unlisted"):
        grid.add_row("expected", inert_line(failure.expected, limit=600))
        grid.add_row("actual", inert_line(failure.actual, limit=600))
    if failure.hint:
        grid.add_row("hint", inert_line(failure.hint, limit=600, style="yellow"))
    if report.refresh:
        grid.add_row("entry now", inert_line(report.refresh, limit=600))
    parts: list[RenderableType] = [head, Text(""), grid]
    if failure.differences:
        table = _evidence_table("Frontmatter keys that differ")
        table.add_column("key", no_wrap=True)
        table.add_column("entry says", overflow="fold")
        table.add_column("SKILL.md says", overflow="fold")
        for diff in failure.differences:
            table.add_row(
                inert_line(diff.key, limit=80),
                inert_line(compact(diff.entry), limit=600) if diff.entry_has else Text("(missing)", style="dim"),
                inert_line(compact(diff.file), limit=600) if diff.file_has else Text("(missing)", style="dim"),
            )
        parts.append(Text(""))
        parts.append(table)
    files = _evidence_table("Files")
    files.add_column("path", overflow="fold")
    files.add_column("state", no_wrap=True)
    files.add_column("reason", overflow="fold")
    for result in report.files:
        style = {"failed": "bold red", "unreadable": "bold red", "refused": "red", "verified": "green"}.get(
            result.status, "dim"
        )
        files.add_row(
            inert_line(result.path, limit=300),
            Text(result.status, style=style),
            inert_line(result.reason or "", limit=300),
        )
    parts.append(Text(""))
    parts.append(files)
    parts.append(Text(""))
    why = "it could not be read, so nothing was compared" if failure.unreadable else "it did not verify"
    parts.append(Text(f"Nothing of this skill's content is shown: {why}.", style="red"))
    return Group(*parts)


def changes_view(entry: Any, review: Any, diffs: list[Any] | None = None) -> RenderableType:
    """What changed between the approved file list and the current entry; with ``diffs`` (once the
    files were read and verified), each changed file's diff against the approved bytes."""
    record = review.record.complete() if review.record is not None else None
    head = Text("Δ Changed since approval", style="bold yellow")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True, min_width=10)
    grid.add_column(overflow="fold")
    if record is not None:
        grid.add_row("approved", Digest(record.fingerprint, "dim"))
        grid.add_row("now", Digest(entry.fingerprint))
        grid.add_row("by", inert_line(f"{record.reviewer} at {record.time}"))
        if record.note:
            grid.add_row("note", inert_line(record.note, limit=600))
    table = _evidence_table()
    table.add_column("change", no_wrap=True)
    table.add_column("file", overflow="fold", ratio=1)
    table.add_column("size", justify="right", no_wrap=True)
    directory = entry.directory or ""
    styles = {"added": "green", "removed": "red", "changed": "yellow"}
    for change in review.changes:
        path = change.uri[len(directory) + 1 :] if directory and change.uri.startswith(directory + "/") else change.uri
        size = f"{human_size(change.old_size)} → {human_size(change.new_size)}"
        table.add_row(Text(change.change, style=styles[change.change]), inert_line(path, limit=300), Text(size))
        if change.old_digest:
            table.add_row(Text("  was", style="dim"), Digest(change.old_digest, "dim"), "")
        if change.new_digest:
            table.add_row(Text("  now", style="dim"), Digest(change.new_digest), "")
    if diffs is None:
        note = Text(
            "Computed from the recorded file list and the current entry; no file was read. "
            "Press g to read and verify the files and see each diff. Approve again after reviewing the changes.",
            style="dim",
        )
        return Group(head, Text(""), grid, Text(""), table, Text(""), note)
    body = Text()
    for diff in diffs:
        if diff.note:
            body.append(f"{diff.change} {diff.path}: {diff.note}\n", style="yellow")
            continue
        for line, kind in diff.kinds():
            body.append(line + "\n", style=_DIFF_STYLE[kind])
    note = Text(
        "Diffs against the approved bytes kept beside the ledger; the current files verified. "
        "Approve again after reviewing the changes.",
        style="dim",
    )
    return Group(head, Text(""), grid, Text(""), table, Text(""), body, note)


_DIFF_STYLE = {"header": "bold", "hunk": "cyan", "added": "green", "removed": "red", "context": ""}


_SEVERITY = {"error": "bold red", "warning": "yellow", "note": "cyan"}


def findings_head(audit: Any = None) -> Text:
    """The audit's tally (the findings themselves are a list below it), or how to run one."""
    if audit is None:
        return Text(
            "Not audited yet. Press i to audit: every file is read and verified, the content is scanned "
            "for hidden characters, scripts and links, and the entry is checked again.",
            style="dim",
        )
    counts = {level: sum(1 for f in audit.findings if f.severity == level) for level in ("error", "warning", "note")}
    head = Text("Audit: ", style="bold")
    head.append(f"{counts['error']} error(s)", style=_SEVERITY["error"] if counts["error"] else "dim")
    head.append(", ")
    head.append(f"{counts['warning']} warning(s)", style=_SEVERITY["warning"] if counts["warning"] else "dim")
    head.append(f", {counts['note']} note(s)")
    if audit.findings:
        head.append("   enter opens a finding's file at its line", style="dim")
    else:
        head.append("\nNo findings.", style="green")
    return head


def entry_warnings_view(entry: Any) -> RenderableType:
    """The entry's rule warnings (from the listing, no file read)."""
    parts: list[RenderableType] = [Text("Entry warnings", style="bold")]
    if entry.warnings:
        for warning in entry.warnings:
            parts.append(Text.assemble((f"{warning.rule}  ", "yellow"), inert_line(warning.message, limit=600)))
    else:
        parts.append(Text("none", style="dim"))
    return Group(*parts)

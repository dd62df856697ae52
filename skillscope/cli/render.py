"""Terminal output of the CLI: every server-written string becomes inert Rich ``Text``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from skillscope.core.sizes import human_size
from skillscope.core.textsafe import safe_line
from skillscope.ledger.core.values import SUPERSEDED
from skillscope.verify.filekind import read_as
from skillscope.views import binary_view, hidden_panel, rendered_view, source_view

if TYPE_CHECKING:  # annotations only: the connection and opener modules import the MCP SDK
    from skillscope.catalog.entry import CatalogEntry
    from skillscope.catalog.listing import Listing
    from skillscope.protocol.info import ServerInfo
    from skillscope.verify.opener import FileResult, SkillReport

__all__ = [
    "make_console",
    "render_capabilities",
    "render_listing",
    "render_report",
    "render_review",
    "render_verdicts",
    "render_diffs",
]

_STATUS_STYLE = {
    "available": "green",
    "unavailable": "yellow",
    "malformed": "red",
    "verified": "green",
    "failed": "bold red",
    "not-read": "dim",
    "refused": "red",
    "unverified": "yellow",
    "unreadable": "bold red",
}


def make_console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A console that never interprets markup, emoji codes or highlighting in what it prints."""
    return Console(stderr=stderr, markup=False, emoji=False, highlight=False, width=width, soft_wrap=False)


def _hash(value: str | None, style: str = "", missing: str = "—") -> Text:
    """A digest or fingerprint as one unbreakable cell: Rich must never fold it mid-hash."""
    return Text(value or missing, style=style if value else "dim", no_wrap=True, overflow="ignore")


class _Whole:
    """A table whose hash column fits whole; when the console is too narrow for that, the same table
    without the hashes, and the hashes listed under it, each on a line of its own."""

    def __init__(self, wide: Table, narrow: Table, hashes: list[tuple[Text, Text]]) -> None:
        self.wide = wide
        self.narrow = narrow
        self.hashes = hashes

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        need = self.wide.__rich_measure__(console, options.update_width(10_000)).minimum
        if need <= options.max_width:
            yield self.wide
            return
        yield self.narrow
        for label, value in self.hashes:
            yield label
            line = value.copy()
            line.pad_left(2)
            yield line


def _t(value: object, style: str = "") -> Text:
    return Text(safe_line(value, limit=400) if value is not None else "—", style=style)


def _server_header(info: ServerInfo) -> Text:
    """One line naming the server, its era and identity."""
    text = Text()
    text.append(info.label, style="bold")
    text.append("  ")
    text.append(safe_line(info.target, limit=200), style="dim")
    text.append(f"  protocol {info.era_label}")
    if info.name:
        text.append("  server ")
        text.append(safe_line(f"{info.name} {info.version or ''}".strip(), limit=120))
    return text


_REVIEW_STYLE = {
    "approved": "green",
    "rejected": "red",
    "changed-since-approval": "bold yellow",
    "revoked": "yellow",
    "approved-untrusted": "bold yellow",
    "not-reviewed": "dim",
    "unverifiable": "dim",
}


def _review_text(state: Any) -> Text:
    if state is None:
        return Text("—", style="dim")
    return Text(state.label, style=_REVIEW_STYLE.get(state.state, ""))


def render_listing(info: ServerInfo, listing: Listing, reviews: dict[str, Any]) -> RenderableType:
    """The catalog as a table with a reason for every entry that cannot be used."""
    table = Table(show_edge=False, pad_edge=False, expand=False)
    table.add_column("NAME", overflow="fold")
    table.add_column("STATUS")
    table.add_column("FILES", justify="right")
    table.add_column("SIZE", justify="right")
    table.add_column("REVIEW")
    table.add_column("DESCRIPTION / REASON", overflow="fold", max_width=70)
    for entry in listing.entries:
        status = Text(entry.status, style=_STATUS_STYLE.get(entry.status, ""))
        if entry.dynamic:
            status.append(" (dynamic)", style="yellow")
        if entry.status == "available":
            detail = _t(entry.description)
        else:
            detail = Text(f"{entry.rule}: ", style=_STATUS_STYLE[entry.status])
            detail.append(safe_line(entry.reason or "", limit=400))
        table.add_row(
            _t(entry.name),
            status,
            str(entry.file_count) if entry.file_count is not None else "—",
            human_size(entry.total_bytes),
            _review_text(reviews.get(entry.name)) if entry.status != "malformed" else Text("—", style="dim"),
            detail,
        )
    counts = {s: sum(1 for e in listing.entries if e.status == s) for s in ("available", "unavailable", "malformed")}
    summary = Text(
        f"{len(listing.entries)} skills: {counts['available']} available, {counts['unavailable']} unavailable, "
        f"{counts['malformed']} malformed ({listing.pages} page{'s' if listing.pages != 1 else ''})"
    )
    parts: list[RenderableType] = [_server_header(info), table, summary]
    for warning in listing.warnings:
        line = Text("warning ", style="yellow")
        line.append(f"{warning.rule}: ")
        line.append(safe_line(warning.message, limit=400))
        parts.append(line)
    if info.serves_no_skills:
        parts.insert(1, Text(f"{info.no_skills_words()}.", style="bold"))
    elif not listing.entries:
        parts.insert(
            1, Text("The server lists no skills (skills may still be reachable by name with `show`).", style="dim")
        )
    return Group(*parts)


def _file_table(report: SkillReport) -> _Whole:
    tables = []
    for with_digest in (True, False):
        table = Table(show_edge=False, pad_edge=False)
        table.add_column("FILE", overflow="fold")
        table.add_column("SIZE", justify="right")
        if with_digest:
            table.add_column("DIGEST", no_wrap=True)
        table.add_column("STATE")
        for result in report.files:
            cells: list[RenderableType] = [_t(result.path), human_size(result.size)]
            if with_digest:
                cells.append(_hash(result.digest, "dim"))
            cells.append(Text(result.status, style=_STATUS_STYLE.get(result.status, "")))
            table.add_row(*cells)
        tables.append(table)
    hashes = [(Text.assemble(("digest of ", "dim"), _t(r.path)), _hash(r.digest, "dim")) for r in report.files]
    return _Whole(tables[0], tables[1], hashes)


def _entry_header(entry: CatalogEntry, report: SkillReport, review: Any) -> _Whole:
    grids = []
    for with_fingerprint in (True, False):
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column(overflow="fold")
        grid.add_row("name", _t(entry.name))
        grid.add_row("uri", _t(entry.uri))
        if with_fingerprint:
            grid.add_row("fingerprint", _hash(entry.fingerprint, missing="none (dynamic skill)"))
        if report.verified:
            verdict = Text("verified", style="bold green")
        elif (
            report.failure is not None
            and report.failure.check == "unlisted"
            and not any(f.status in ("verified", "failed") for f in report.files)
        ):
            verdict = Text("nothing read (a requested path is not listed)", style="bold red")
        elif report.unreadable:
            verdict = Text("NOT VERIFIED (a file could not be read; nothing was compared)", style="bold red")
        else:
            verdict = Text("NOT VERIFIED", style="bold red")
        grid.add_row("state", verdict)
        if review is not None:
            grid.add_row("review", _review_text(review))
        for key, value in (entry.frontmatter or {}).items():
            if key in ("name",):
                continue
            grid.add_row(_t(key), _t(value if isinstance(value, str) else _compact(value)))
        grids.append(grid)
    return _Whole(
        grids[0],
        grids[1],
        [(Text("fingerprint", style="bold"), _hash(entry.fingerprint, missing="none (dynamic skill)"))],
    )


def _compact(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def render_report(report: SkillReport, review: Any, *, render: bool = False) -> RenderableType:
    """A skill after opening: evidence on failure, content only where it verified.

    Content is shown as its exact source (every hidden character a visible escape); with
    ``render`` Markdown is rendered instead, link targets written out and everything rendering
    hides listed after the document.
    """
    entry = report.entry
    parts: list[RenderableType] = [_entry_header(entry, report, review), _file_table(report)]
    from skillscope.service.audits import path_warnings

    for warning in path_warnings(entry):
        parts.append(Text.assemble(("path warning ", "bold yellow"), safe_line(warning, limit=600)))
    if review is not None and review.changes:
        parts.append(_changes_table(review.changes))
    failure = report.failure
    if failure is not None:
        lines = Text()
        lines.append(failure.heading, style="bold red")
        lines.append(f" ({failure.check} check)\n")
        lines.append(safe_line(failure.message, limit=600) + "\n")
        lines.append("file      ", style="bold")
        lines.append(safe_line(failure.uri, limit=300) + "\n")
        if failure.check in ("size", "digest", "read", "unlisted"):
            lines.append("expected  ", style="bold")
            lines.append(safe_line(failure.expected, limit=300) + "\n")
            lines.append("actual    ", style="bold")
            lines.append(safe_line(failure.actual, limit=300) + "\n")
        for diff in failure.differences:
            lines.append("key       ", style="bold")
            lines.append(safe_line(diff.key, limit=80))
            lines.append("  entry: ")
            lines.append(safe_line(_compact(diff.entry) if diff.entry_has else "(missing)", limit=200))
            lines.append("  file: ")
            lines.append(safe_line(_compact(diff.file) if diff.file_has else "(missing)", limit=200) + "\n")
        if failure.hint:
            lines.append("hint      ", style="bold")
            lines.append(safe_line(failure.hint, limit=400) + "\n")
        if report.refresh:
            lines.append("entry     ", style="bold")
            lines.append(safe_line(report.refresh, limit=400) + "\n")
        lines.append("Nothing of this skill's content is shown.", style="red")
        title = "could not read" if failure.unreadable else "failed"
        parts.append(Panel(lines, border_style="red", title=title, title_align="left"))
        return Group(*parts)
    if report.body is not None:
        parts.extend(_text_view("SKILL.md", report.body, render=render))
    for result in report.files[1:]:
        if result.served is not None:
            parts.extend(_file_view(result, render=render))
    return Group(*parts)


def _text_view(path: str, text: str, *, render: bool) -> list[RenderableType]:
    title = safe_line(path, limit=200)
    markdown = path.lower().endswith((".md", ".markdown"))
    if render and markdown:
        rendered, hidden = rendered_view(text, frontmatter=path == "SKILL.md")
        return [Panel(rendered, title=f"{title} (rendered)", title_align="left"), hidden_panel(hidden)]
    lexer = "markdown" if markdown else Syntax.guess_lexer(path, code=text[:4096])
    view = source_view(text, lexer=None if lexer == "text" else lexer)
    return [Panel(view, title=f"{title} (source: exactly what the agent reads)", title_align="left")]


def _file_view(result: FileResult, *, render: bool) -> list[RenderableType]:
    assert result.served is not None
    data = result.served.data
    read = read_as(data, result.path)
    if read.binary:
        title = f"{safe_line(result.path, limit=200)} (binary, {len(data):,} bytes)"
        return [Panel(binary_view(data, read), title=title, title_align="left")]
    return _text_view(result.path, read.text, render=render)


def _changes_table(changes: list[Any]) -> _Whole:
    styles = {"added": "green", "removed": "red", "changed": "yellow"}
    tables = []
    for with_digests in (True, False):
        table = Table(title="changed since approval", title_justify="left", show_edge=False, pad_edge=False)
        table.add_column("CHANGE")
        table.add_column("FILE", overflow="fold")
        if with_digests:
            table.add_column("APPROVED DIGEST", no_wrap=True)
            table.add_column("CURRENT DIGEST", no_wrap=True)
        for change in changes:
            cells: list[RenderableType] = [Text(change.change, style=styles[change.change]), _t(change.uri)]
            if with_digests:
                cells += [_hash(change.old_digest, "dim"), _hash(change.new_digest, "dim")]
            table.add_row(*cells)
        tables.append(table)
    hashes: list[tuple[Text, Text]] = []
    for change in changes:
        if change.old_digest:
            hashes.append(
                (Text.assemble(("approved digest of ", "dim"), _t(change.uri)), _hash(change.old_digest, "dim"))
            )
        if change.new_digest:
            hashes.append(
                (Text.assemble(("current digest of ", "dim"), _t(change.uri)), _hash(change.new_digest, "dim"))
            )
    return _Whole(tables[0], tables[1], hashes)


def render_review(entry: CatalogEntry, state: Any) -> RenderableType:
    """A skill's review state and, when it changed since approval, the per-file diff."""
    head = Text()
    head.append(safe_line(entry.name, limit=300), style="bold")
    head.append("  ")
    head.append_text(_review_text(state))
    parts: list[RenderableType] = [head]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column(overflow="fold")
    grid.add_row("current", _hash(entry.fingerprint, missing="none (dynamic skill)"))
    if state is not None and state.record is not None:
        record = state.record
        grid.add_row(record.action, _hash(record.fingerprint))
        grid.add_row("by", _t(f"{record.reviewer} at {record.time}"))
        if record.note:
            grid.add_row("note", _t(record.note))
    if state is not None and state.untrusted:
        grid.add_row("not counted", _t(state.untrusted))
    parts.append(grid)
    if state is not None and state.changes:
        parts.append(_changes_table(state.changes))
    elif state is not None and state.state == "approved":
        parts.append(Text("No change since approval.", style="green"))
    return Group(*parts)


def render_verdicts(
    path: Any, records: int, verdicts: list[Any], states: dict[str, Any], superseded: dict[str, list[Any]] | None = None
) -> RenderableType:
    """The ledger's current verdict per skill: the review state of what it last reviewed (``states``, by name).

    Under a skill, each approval of an earlier version still in force (``superseded``, by name) has
    a row of its own saying so: it approves that version's fingerprint, never the skill as it is now.
    """
    tables = []
    rows: list[tuple[Text, Text, Any, bool]] = []
    for verdict in verdicts:
        state = states[verdict.name]
        rows.append((_t(verdict.name), _review_text(state), (state.record or verdict.record).complete(), False))
        for earlier in (superseded or {}).get(verdict.name, []):
            rows.append((Text("  ″ earlier version", style="dim"), Text(SUPERSEDED, style="green"), earlier, True))
    for with_fingerprint in (True, False):
        table = Table(show_edge=False, pad_edge=False)
        table.add_column("SKILL", overflow="fold")
        table.add_column("VERDICT")
        if with_fingerprint:
            table.add_column("FINGERPRINT", no_wrap=True)
        table.add_column("BY")
        table.add_column("WHEN")
        table.add_column("NOTE", overflow="fold", max_width=40)
        for skill, said, record, _earlier in rows:
            cells: list[RenderableType] = [skill, said]
            if with_fingerprint:
                cells.append(_hash(record.fingerprint, "dim"))
            cells += [_t(record.reviewer), _t(record.time), _t(record.note or "")]
            table.add_row(*cells)
        tables.append(table)
    hashes = [
        (
            Text.assemble(
                ("fingerprint of ", "dim"), _t(record.name), (" (earlier version)" if earlier else "", "dim")
            ),
            _hash(record.fingerprint),
        )
        for _skill, _said, record, earlier in rows
    ]
    summary = Text(f"{len(verdicts)} skills reviewed, {records} records in {path}", style="dim")
    return Group(_Whole(tables[0], tables[1], hashes), summary)


_DIFF_STYLE = {"header": "bold", "hunk": "cyan", "added": "green", "removed": "red", "context": ""}


def render_diffs(diffs: list[Any]) -> RenderableType:
    """Unified diffs of changed files (lines already sanitised), or why a file has none."""
    parts: list[RenderableType] = []
    for diff in diffs:
        if diff.note:
            parts.append(Text(f"{diff.change} {diff.path}: {diff.note}", style="yellow"))
            continue
        body = Text()
        for line, kind in diff.kinds():
            body.append(line + "\n", style=_DIFF_STYLE[kind])
        parts.append(body)
    return Group(*parts)


def render_capabilities(capabilities: list[Any], *, partial: bool = False) -> RenderableType:
    """What a skill can do, grouped by kind in ``KIND_TITLES``' words, each target with its file:line.

    ``partial``: only some files were read, so the list says it covers those (``--all-files`` reads them all).
    """
    from skillscope.audit.reports import capability_groups

    head = Text("What it can do", style="bold")
    if partial:
        head.append(" (in the files read; --all-files reads every file)", style="dim")
    groups = capability_groups(capabilities)
    if not groups:
        head.append(": nothing the audit recognises (no command, host, write, grant or install)")
        return head
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column(overflow="fold")
    grid.add_column(style="dim", overflow="fold")
    for title, rows in groups:
        for index, (target, where) in enumerate(rows):
            grid.add_row(title if index == 0 else "", Text(target), Text(where))
    return Group(head, grid)

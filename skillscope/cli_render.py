"""Terminal output of the CLI: every server-written string becomes inert Rich ``Text``."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from skillscope.catalog.entry import CatalogEntry
from skillscope.catalog.listing import Listing
from skillscope.protocol.connection import ServerInfo
from skillscope.textsafe import safe_line, safe_text
from skillscope.verify.opener import FileResult, SkillReport

__all__ = ["make_console", "render_listing", "render_report", "human_size"]

_STATUS_STYLE = {
    "available": "green",
    "unavailable": "yellow",
    "malformed": "red",
    "verified": "green",
    "failed": "bold red",
    "not-read": "dim",
    "refused": "red",
    "unverified": "yellow",
}


def make_console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A console that never interprets markup, emoji codes or highlighting in what it prints."""
    return Console(stderr=stderr, markup=False, emoji=False, highlight=False, width=width, soft_wrap=False)


def human_size(size: int | None) -> str:
    """Bytes in a short human form."""
    if size is None:
        return "—"
    value = float(size)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{size} B" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} B"


def _t(value: object, style: str = "") -> Text:
    return Text(safe_line(value, limit=400) if value is not None else "—", style=style)


def server_header(info: ServerInfo) -> Text:
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


def render_listing(info: ServerInfo, listing: Listing) -> RenderableType:
    """The catalog as a table with a reason for every entry that cannot be used."""
    table = Table(show_edge=False, pad_edge=False, expand=False)
    table.add_column("NAME", overflow="fold")
    table.add_column("STATUS")
    table.add_column("FILES", justify="right")
    table.add_column("SIZE", justify="right")
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
            detail,
        )
    counts = {s: sum(1 for e in listing.entries if e.status == s) for s in ("available", "unavailable", "malformed")}
    summary = Text(
        f"{len(listing.entries)} skills: {counts['available']} available, {counts['unavailable']} unavailable, "
        f"{counts['malformed']} malformed ({listing.pages} page{'s' if listing.pages != 1 else ''})"
    )
    parts: list[RenderableType] = [server_header(info), table, summary]
    for warning in listing.warnings:
        line = Text("warning ", style="yellow")
        line.append(f"{warning.rule}: ")
        line.append(safe_line(warning.message, limit=400))
        parts.append(line)
    if not listing.entries:
        parts.insert(1, Text("The server lists no skills (skills may still be reachable by name with `show`).", style="dim"))
    return Group(*parts)


def _file_table(report: SkillReport) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("FILE", overflow="fold")
    table.add_column("SIZE", justify="right")
    table.add_column("DIGEST", overflow="fold")
    table.add_column("STATE")
    for result in report.files:
        table.add_row(
            _t(result.path),
            human_size(result.size),
            Text(result.digest or "—", style="dim"),
            Text(result.status, style=_STATUS_STYLE.get(result.status, "")),
        )
    return table


def _entry_header(entry: CatalogEntry, report: SkillReport) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column(overflow="fold")
    grid.add_row("name", _t(entry.name))
    grid.add_row("uri", _t(entry.uri))
    grid.add_row("fingerprint", Text(entry.fingerprint or "none (dynamic skill)"))
    verdict = Text("verified", style="bold green") if report.verified else Text("NOT VERIFIED", style="bold red")
    grid.add_row("state", verdict)
    for key, value in (entry.frontmatter or {}).items():
        if key in ("name",):
            continue
        grid.add_row(_t(key), _t(value if isinstance(value, str) else _compact(value)))
    return grid


def _compact(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def render_report(report: SkillReport) -> RenderableType:
    """A skill after opening: evidence on failure, content only where it verified."""
    entry = report.entry
    parts: list[RenderableType] = [_entry_header(entry, report), _file_table(report)]
    failure = report.failure
    if failure is not None:
        lines = Text()
        lines.append("Verification failed", style="bold red")
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
        parts.append(Panel(lines, border_style="red", title="failed", title_align="left"))
        return Group(*parts)
    if report.instructions is not None:
        markdown = Markdown(safe_text(report.instructions), hyperlinks=False)
        parts.append(Panel(markdown, title="SKILL.md", title_align="left"))
    for result in report.files[1:]:
        if result.served is not None:
            parts.append(_file_view(result))
    return Group(*parts)


def _file_view(result: FileResult) -> RenderableType:
    assert result.served is not None
    data = result.served.data
    title = safe_line(result.path, limit=200)
    text = None
    if b"\x00" not in data:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
    if text is None:
        info = Text(f"binary file, {len(data):,} bytes, {result.digest or 'no digest'}", style="dim")
        return Panel(info, title=title, title_align="left")
    lexer = Syntax.guess_lexer(result.path, code=text[:4096]) if result.path else "text"
    return Panel(Syntax(safe_text(text), lexer, word_wrap=True, line_numbers=False), title=title, title_align="left")

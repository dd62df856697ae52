"""One verified file: highlighted text, or a hex view with metadata for binaries."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from skillscope.core.textsafe import safe_text
from skillscope.tui.inert import human_size, inert_line
from skillscope.tui.widgets.digest import Digest
from skillscope.tui.widgets.source_lines import SourceLines
from skillscope.verify.filekind import read_as
from skillscope.views import HEX_LIMIT, SourceView, binary_view, hex_dump, hidden_panel, rendered_view, source_view

__all__ = ["HEX_LIMIT", "FileViewer", "hex_dump", "is_binary", "scroll_to_line", "skill_md_view"]


def is_binary(data: bytes, path: str = "") -> bool:
    """True only for real binaries (magic number, many NUL or non-UTF-8 bytes): see ``read_as``."""
    return read_as(data, path).binary


def skill_md_view(body: str, *, rendered: bool) -> RenderableType:
    """SKILL.md as its exact source with line numbers, or rendered with a "hidden when rendered" panel."""
    key = Text(
        "v switches to the rendered view" if not rendered else "v switches back to the exact source", style="dim italic"
    )
    if not rendered:
        return Group(
            Text("Source: exactly what the agent reads", style="bold"), key, source_view(body, lexer="markdown")
        )
    markdown, hidden = rendered_view(body)
    return Group(
        Text("Rendered: link targets written out", style="bold"), key, markdown, Text(""), hidden_panel(hidden)
    )


def scroll_to_line(scroll: VerticalScroll, body: Widget, source: SourceView, line: int) -> None:
    """Scroll so that source ``line`` (as laid out in ``body``) is near the top, a few rows of context above."""
    width = body.content_size.width or scroll.content_size.width
    row = body.virtual_region.y + source.row_of(line, width)
    scroll.scroll_to(y=max(0, row - 3), animate=False)


class FileViewer(VerticalScroll):
    """The file tab: what the entry says about the file, then its verified content."""

    source: SourceView | None = None
    """The shown text file's lines (None for a binary), to point at a finding."""
    path: str | None = None
    result: object = None
    """The ``FileResult`` on show (shown again only when another one comes)."""

    def compose(self) -> ComposeResult:
        yield Static(id="file-meta")
        yield Static(id="file-body")
        yield SourceLines(id="file-lines")

    def _room(self) -> int:
        """Columns available (the tab may still be hidden: ask the nearest ancestor that has a size)."""
        for node in (self, *self.ancestors):
            width = getattr(node, "content_size", None)
            if width is not None and width.width > 0:
                return int(width.width)
        return 80

    def show(self, path: str, result: object) -> None:
        """Show a verified file (``result`` is its ``FileResult`` with bytes)."""
        served = getattr(result, "served", None)
        data: bytes = served.data if served is not None else b""
        read = read_as(data, path)
        binary = read.binary
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True, min_width=8)
        grid.add_column(overflow="fold")
        grid.add_row("file", inert_line(path, limit=600))
        grid.add_row("uri", inert_line(getattr(result, "uri", ""), limit=600))
        grid.add_row("size", Text(f"{human_size(len(data))} ({len(data):,} bytes)"))
        grid.add_row("digest", Digest(getattr(result, "digest", None), "dim"))
        status = getattr(result, "status", "")
        grid.add_row(
            "state",
            Text(
                "✓ verified" if status == "verified" else status, style="green" if status == "verified" else "magenta"
            ),
        )
        served_as = ""
        if served is not None:
            served_as = f", sent as {served.form}" + (f" ({safe_text(served.mime_type)})" if served.mime_type else "")
        grid.add_row("type", inert_line(("binary" if binary else "text") + served_as))
        self.query_one("#file-meta", Static).update(grid)
        body: RenderableType
        if binary:
            body = binary_view(data, read, per_line=16 if self._room() >= 80 else 8)
        else:
            lexer = Syntax.guess_lexer(path, code=read.text[:4096])
            body = source_view(read.text, lexer=None if lexer == "text" else lexer)
        self.source = body if isinstance(body, SourceView) else None
        self.path = path
        self.result = result
        # Text goes to the row-at-a-time widget (a long file must not stall the screen); a hex view is short.
        static, lines = self.query_one("#file-body", Static), self.query_one("#file-lines", SourceLines)
        static.update("" if self.source is not None else body)
        static.display = self.source is None
        lines.show(self.source)
        lines.display = self.source is not None
        self.scroll_home(animate=False)

    def point_at(self, line: int, column: int | None = None, end_column: int | None = None) -> None:
        """Mark ``line`` (and the columns of a finding) and scroll to it once laid out."""
        if self.source is None:
            return
        self.source.mark(line, column, end_column)
        body = self.query_one("#file-lines", SourceLines)
        body.show(self.source)
        source = self.source
        self.call_after_refresh(lambda: scroll_to_line(self, body, source, line))

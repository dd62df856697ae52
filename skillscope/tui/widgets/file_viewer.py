"""One verified file: highlighted text, or a hex view with metadata for binaries."""

from __future__ import annotations

import asyncio

from rich.console import Group, RenderableType
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from skillscope.core.sizes import human_size
from skillscope.core.textsafe import safe_text
from skillscope.tui.inert import inert_line
from skillscope.tui.widgets.digest import Digest
from skillscope.tui.widgets.refill import refill
from skillscope.tui.widgets.source_lines import SourceLines
from skillscope.verify.filekind import read_as
from skillscope.views import SourceView, binary_view, hidden_panel, rendered_view, source_view

__all__ = ["FileViewer", "file_body", "is_binary", "scroll_to_line", "skill_md_view"]


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


def file_body(path: str, data: bytes, room: int) -> tuple[bool, RenderableType]:
    """A file's content as shown: (binary, hex view or ``SourceView``); slow for a large file, so run in a thread."""
    read = read_as(data, path)
    if read.binary:
        return True, binary_view(data, read, per_line=16 if room >= 80 else 8)
    lexer = Syntax.guess_lexer(path, code=read.text[:4096])
    return False, source_view(read.text, lexer=None if lexer == "text" else lexer)


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
    laying_out = False
    """True from ``show`` until the content is laid out and on screen (done in a thread)."""
    _key: object = None
    """What is on show (path, digest, size): a file shown again with the same bytes is not laid out again."""
    _binary: bool | None = None
    _meta: tuple[object, ...] | None = None
    """What the metadata on show says: the same facts again are not written again."""
    _point: tuple[int, int | None, int | None] | None = None
    """A finding to point at once the content is laid out."""

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
        """Show a verified file (``result`` is its ``FileResult`` with bytes).

        What the entry says shows at once; the content is decoded, escaped, highlighted and laid
        out in a thread (a 3 MB file takes seconds) and shown when ready, unless another file came first.
        """
        served = getattr(result, "served", None)
        data: bytes = served.data if served is not None else b""
        digest = getattr(result, "digest", None)
        # A verified digest names the bytes: an audit that read the same file again changes nothing on screen.
        key = (path, digest, len(data)) if digest else (path, id(data), len(data))
        self.path = path
        self.result = result
        if key == self._key:
            self._show_meta(path, result, data, None if self.laying_out else self._binary)
            return
        self._key = key
        self.source = None
        self._point = None
        self._show_meta(path, result, data, None)
        static, lines = self.query_one("#file-body", Static), self.query_one("#file-lines", SourceLines)
        lines.show(None)
        lines.display = False
        static.display = True
        static.update(Text(f"Laying out {human_size(len(data))} of verified content…", style="dim italic"))
        self.scroll_home(animate=False)
        self.laying_out = True
        self.run_worker(
            self._lay_out(key, path, data, self._room()), group="file-view", exclusive=True, exit_on_error=False
        )

    async def _lay_out(self, key: object, path: str, data: bytes, room: int) -> None:
        try:
            binary, body = await asyncio.to_thread(file_body, path, data, room)
        except Exception as exc:  # said in the tab, not a crash of the screen
            if self._key == key:
                self.laying_out = False
                self.query_one("#file-body", Static).update(inert_line(f"This file could not be shown: {exc}"))
            return
        if self._key != key:
            return  # another file is on show (its own worker lays it out)
        self._binary = binary
        self._show_meta(path, self.result, data, binary)
        self.source = body if isinstance(body, SourceView) else None
        # Text goes to the row-at-a-time widget (a long file must not stall the screen); a hex view is short.
        static, lines = self.query_one("#file-body", Static), self.query_one("#file-lines", SourceLines)
        static.update("" if self.source is not None else body)
        static.display = self.source is None
        lines.show(self.source)
        lines.display = self.source is not None
        self.laying_out = False
        if self._point is not None:
            self.point_at(*self._point)

    def _show_meta(self, path: str, result: object, data: bytes, binary: bool | None) -> None:
        served = getattr(result, "served", None)
        status = getattr(result, "status", "")
        facts = (
            path,
            getattr(result, "uri", ""),
            len(data),
            getattr(result, "digest", None),
            status,
            None if served is None else (served.form, served.mime_type),
            binary,
        )
        if facts == self._meta:
            return  # an audit that read the shown file again: nothing to write, nothing to lay out
        self._meta = facts
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True, min_width=8)
        grid.add_column(overflow="fold")
        grid.add_row("file", inert_line(path, limit=600))
        grid.add_row("uri", inert_line(getattr(result, "uri", ""), limit=600))
        grid.add_row("size", Text(f"{human_size(len(data))} ({len(data):,} bytes)"))
        grid.add_row("digest", Digest(getattr(result, "digest", None), "dim"))
        grid.add_row(
            "state",
            Text(
                "✓ verified" if status == "verified" else status, style="green" if status == "verified" else "magenta"
            ),
        )
        served_as = ""
        if served is not None:
            served_as = f", sent as {served.form}" + (f" ({safe_text(served.mime_type)})" if served.mime_type else "")
        kind = "…" if binary is None else ("binary" if binary else "text")
        grid.add_row("type", inert_line(kind + served_as))
        refill(self.query_one("#file-meta", Static), grid)  # the same rows in the same width: a repaint only

    def point_at(self, line: int, column: int | None = None, end_column: int | None = None) -> None:
        """Mark ``line`` (and the columns of a finding) and scroll to it once laid out."""
        if self.laying_out:
            self._point = (line, column, end_column)
            return
        self._point = None
        if self.source is None:
            return
        self.source.mark(line, column, end_column)
        body = self.query_one("#file-lines", SourceLines)
        body.show(self.source)
        source = self.source
        self.call_after_refresh(lambda: scroll_to_line(self, body, source, line))

"""One verified file: highlighted text, or a hex view with metadata for binaries."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from skillscope.textsafe import safe_text
from skillscope.tui.inert import human_size, inert_line

__all__ = ["HEX_LIMIT", "FileViewer", "hex_dump", "is_binary"]

HEX_LIMIT = 64 * 1024
"""Bytes shown in the hex view; the rest is counted, not drawn."""
TEXT_LIMIT = 2 * 1024 * 1024


def is_binary(data: bytes) -> bool:
    """True when the bytes are not UTF-8 text (or hold NUL)."""
    if b"\x00" in data:
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def hex_dump(data: bytes, limit: int = HEX_LIMIT, *, per_line: int = 16) -> Text:
    """Offset, ``per_line`` bytes in hex and their printable ASCII, per line."""
    text = Text(no_wrap=True)
    shown = data[:limit]
    half = per_line // 2
    width = per_line * 3 + 1
    for offset in range(0, len(shown), per_line):
        row = shown[offset : offset + per_line]
        hex_part = " ".join(f"{b:02x}" for b in row[:half]) + "  " + " ".join(f"{b:02x}" for b in row[half:])
        ascii_part = "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in row)
        text.append(f"{offset:08x}  ", style="dim")
        text.append(f"{hex_part:<{width}}")
        text.append(f" |{ascii_part}|\n", style="cyan")
    if len(data) > limit:
        text.append(f"… {len(data) - limit:,} more bytes not shown\n", style="dim italic")
    return text


class FileViewer(VerticalScroll):
    """The file tab: what the entry says about the file, then its verified content."""

    def compose(self) -> ComposeResult:
        yield Static(id="file-meta")
        yield Static(id="file-body")

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
        binary = is_binary(data)
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True, min_width=8)
        grid.add_column(overflow="fold")
        grid.add_row("file", inert_line(path, limit=600))
        grid.add_row("uri", inert_line(getattr(result, "uri", ""), limit=600))
        grid.add_row("size", Text(f"{human_size(len(data))} ({len(data):,} bytes)"))
        grid.add_row("digest", Text(getattr(result, "digest", None) or "—", style="dim"))
        status = getattr(result, "status", "")
        grid.add_row("state", Text("✓ verified" if status == "verified" else status, style="green" if status == "verified" else "magenta"))
        served_as = ""
        if served is not None:
            served_as = f", sent as {served.form}" + (f" ({safe_text(served.mime_type)})" if served.mime_type else "")
        grid.add_row("type", inert_line(("binary" if binary else "text") + served_as))
        self.query_one("#file-meta", Static).update(grid)
        body: RenderableType
        if binary:
            body = Group(Text("hex view", style="bold underline"), hex_dump(data, per_line=16 if self._room() >= 80 else 8))
        else:
            text = data[:TEXT_LIMIT].decode("utf-8", errors="replace")
            lexer = Syntax.guess_lexer(path, code=text[:4096])
            body = Syntax(safe_text(text), lexer, theme="ansi_dark", line_numbers=True, word_wrap=False, background_color="default")
        self.query_one("#file-body", Static).update(body)
        self.scroll_home(animate=False)

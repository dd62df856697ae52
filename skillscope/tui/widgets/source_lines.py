"""A source view drawn one row at a time: only the rows on screen are laid out and rendered."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from skillscope.views import SourceView

__all__ = ["SourceLines"]

_KEPT = 4096
"""Rows kept drawn; past this the cache starts again (a screenful is a few dozen)."""


class SourceLines(Widget):
    """Numbered, wrapped source lines (a ``SourceView``) as a widget of the Line API.

    A ``Static`` renders its whole content to measure it and again to paint it; for a file of
    thousands of lines that stalls every key. Here the height comes from each line's length
    (counted once per width, no row built), and a line is wrapped only when Textual asks for
    one of its rows, so a 3 MB file costs a screenful to show.
    """

    DEFAULT_CSS = "SourceLines { width: 1fr; height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        super().__init__(id=id)
        self.source: SourceView | None = None
        self._width = -1
        self._starts: list[int] = [0]
        """The first row of each line at ``_width`` (and the row after the last line)."""
        self._rows: dict[int, list[Text]] = {}
        self._strips: dict[int, Strip] = {}

    def show(self, source: SourceView | None) -> None:
        """Show a view (None: nothing), laid out again at the next paint."""
        self.source = source
        self._width = -1
        self._starts, self._rows, self._strips = [0], {}, {}
        self.refresh(layout=True)

    def _lay_out(self, width: int) -> list[int]:
        if width != self._width:
            self._width, self._rows, self._strips = width, {}, {}
            heights = self.source.heights(width) if self.source is not None and width > 0 else []
            self._starts = [0, *accumulate(heights)]
        return self._starts

    def _height(self, width: int) -> int:
        starts = self._lay_out(width)
        note = 1 if self.source is not None and self.source.note and width > 0 else 0
        return starts[-1] + note

    def _row(self, y: int) -> Text | None:
        starts, source = self._starts, self.source
        if source is None or y < 0:
            return None
        if y >= starts[-1]:
            return Text(source.note, style="bold yellow") if source.note and y == starts[-1] else None
        index = bisect_right(starts, y) - 1
        rows = self._rows.get(index)
        if rows is None:
            rows = self._rows[index] = source.line_rows(index, self._width)
        return rows[y - starts[index]]

    def get_content_width(self, container: object, viewport: object) -> int:
        return int(getattr(container, "width", 0))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return self._height(width)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        self._lay_out(width)
        strip = self._strips.get(y)
        if strip is None:
            if len(self._strips) > _KEPT:  # scrolling through a long file must not keep every row it passed
                self._strips.clear()
                self._rows.clear()
            row = self._row(y)
            if row is None:
                return Strip.blank(width, self.rich_style)
            # Drawn the way a Static draws its text (same colours for dim and highlighted spans), one row only.
            strip = Visual.to_strips(self, visualize(self, row), width, 1, self.visual_style, pad=True)[0]
            self._strips[y] = strip
        return strip

"""A source view drawn one row at a time: only the rows on screen are rendered, so a long file costs a screenful."""

from __future__ import annotations

from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from skillscope.views import SourceView

__all__ = ["SourceLines"]


class SourceLines(Widget):
    """Numbered, wrapped source lines (a ``SourceView``) as a widget of the Line API.

    A ``Static`` renders its whole content to measure it and again to paint it; for a file of
    thousands of lines that stalls every key. Here the height is the number of wrapped rows
    (laid out once per width) and Textual asks only for the rows it shows.
    """

    DEFAULT_CSS = "SourceLines { width: 1fr; height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.source: SourceView | None = None
        self._rows: list[Text] = []
        self._width = -1
        self._strips: dict[int, Strip] = {}

    def show(self, source: SourceView | None) -> None:
        """Show a view (None: nothing), laid out again at the next paint."""
        self.source = source
        self._width = -1
        self._rows, self._strips = [], {}
        self.refresh(layout=True)

    def _lay_out(self, width: int) -> list[Text]:
        if width != self._width:
            self._width, self._strips = width, {}
            self._rows = self.source.rows(width) if self.source is not None and width > 0 else []
        return self._rows

    def get_content_width(self, container: object, viewport: object) -> int:
        return int(getattr(container, "width", 0))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lay_out(width))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        rows = self._lay_out(width)
        if y >= len(rows):
            return Strip.blank(width, self.rich_style)
        strip = self._strips.get(y)
        if strip is None:
            # Drawn the way a Static draws its text (same colours for dim and highlighted spans), one row only.
            strip = Visual.to_strips(self, visualize(self, rows[y]), width, 1, self.visual_style, pad=True)[0]
            self._strips[y] = strip
        return strip

"""The catalog's status line: its counts, in words where they fit the pane, in glyphs where they do not."""

from __future__ import annotations

from textual.events import Resize
from textual.widgets import Static

from skillscope.tui.widgets.refill import refill
from skillscope.tui.widgets.tree_labels import status_line

__all__ = ["CatalogStatus"]


class CatalogStatus(Static):
    """Skills per state on one line, surface items per state on the next; redrawn for the pane's width."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.counts: dict[str, int] = {}
        self.items: dict[str, int] = {}
        self.stale = 0
        self._width = 0

    def show(self, counts: dict[str, int], items: dict[str, int], *, stale: int = 0) -> None:
        """Count these skills and surface items (per roll-up state)."""
        self.counts, self.items, self.stale = counts, items, stale
        self._draw()

    def on_resize(self, event: Resize) -> None:
        if self.content_size.width != self._width:
            self._draw()

    def _draw(self) -> None:
        self._width = self.content_size.width
        refill(self, status_line(self.counts, self.items, stale=self.stale, width=self._width))

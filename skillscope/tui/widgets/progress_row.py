"""The detail pane's progress row: a spinner and what is being read, in a row that is always there."""

from __future__ import annotations

from time import time
from typing import cast

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.widgets import LoadingIndicator, Static

from skillscope.tui.inert import inert_line
from skillscope.tui.widgets.refill import refill

__all__ = ["ProgressRow", "Spinner"]

_DOM_AUTO_REFRESH = cast(property, vars(DOMNode)["auto_refresh"])
"""Textual's own ``auto_refresh`` (which starts and stops the redraw timer), for the Spinner's to defer to."""


class Spinner(LoadingIndicator):
    """Textual's loading dots, drawn only while something runs, and blank (with no redraw timer) otherwise.

    A plain LoadingIndicator redraws itself 16 times a second from its mount on, and it can only
    be hidden by a change of display, which lays the whole screen out.
    """

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        self.spinning = False
        super().__init__(id=id)

    @property
    def auto_refresh(self) -> float | None:
        return self._auto_refresh

    @auto_refresh.setter
    def auto_refresh(self, interval: float | None) -> None:
        # LoadingIndicator's mount handler starts its redraw timer here; idle, there is none.
        _DOM_AUTO_REFRESH.__set__(self, interval if self.spinning else None)

    def spin(self, on: bool) -> None:
        """Start or stop the dots; a repaint of this widget only."""
        if on == self.spinning:
            return
        self.spinning = on
        self._start_time = time()
        self.auto_refresh = 1 / 16 if on else None
        self.refresh()

    def render(self) -> RenderResult:
        return super().render() if self.spinning else Text("")


class ProgressRow(Horizontal):
    """What is being read, above the tabs.

    The row keeps its height whether anything runs or not: showing and hiding it around every
    read would change the height of everything below it, and each change lays out the whole
    screen and repaints the pane (tens of ms beside a 10,000-skill tree). Idle, it is blank.
    """

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        super().__init__(id=id)
        self.busy = False
        """True while it says what is being read."""

    def compose(self) -> ComposeResult:
        yield Spinner(id="progress-spinner")
        yield Static(id="progress-text")

    def say(self, text: str | None) -> None:
        """Show what is being read (None blanks the row)."""
        busy = text is not None
        if busy != self.busy:
            self.busy = busy
            self.set_class(busy, "-busy")  # the row's background only: no layout
            self.query_one(Spinner).spin(busy)
        refill(self.query_one("#progress-text", Static), inert_line(text, limit=300) if text is not None else "")

"""The detail pane's progress row: a spinner and what is being read, in a row that is always there."""

from __future__ import annotations

from time import monotonic

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.color import Gradient
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from skillscope.tui.inert import inert_line
from skillscope.tui.widgets.refill import refill

__all__ = ["ProgressRow", "Spinner"]


class Spinner(Widget):
    """Textual's loading dots, drawn only while something runs and blank (and not redrawn) otherwise.

    A LoadingIndicator redraws itself 16 times a second from its mount on, and it can only be
    hidden by a change of display, which lays the whole screen out.
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.spinning = False
        self._started = 0.0

    def spin(self, on: bool) -> None:
        """Start or stop the dots; a repaint of this widget only."""
        if on == self.spinning:
            return
        self.spinning = on
        self._started = monotonic()
        self.auto_refresh = 1 / 16 if on else None
        self.refresh()

    def render(self) -> Text:
        if not self.spinning:
            return Text("")
        if self.app.animation_level == "none":
            return Text("Loading...")
        # The same dots and gradient as Textual's LoadingIndicator.
        elapsed = monotonic() - self._started
        _, _, background, color = self.colors
        gradient = Gradient((0.0, background.blend(color, 0.1)), (0.7, color), (1.0, color.lighten(0.1)))
        dots = Text()
        for number in range(5):
            blend = (elapsed * 0.8 - number / 8) % 1
            dots.append("\u25cf ", Style.from_color(gradient.get_color((1 - blend) ** 2).rich_color))
        dots.rstrip()
        return dots


class ProgressRow(Horizontal):
    """What is being read, above the tabs.

    The row keeps its height whether anything runs or not: showing and hiding it around every
    read would change the height of everything below it, and each change lays out the whole
    screen and repaints the pane (tens of ms beside a 10,000-skill tree). Idle, it is blank.
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
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

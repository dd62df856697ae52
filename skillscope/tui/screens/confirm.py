"""A yes/no question before something that cannot be undone from the screen."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

__all__ = ["ConfirmDialog"]


class ConfirmDialog(ModalScreen[bool]):
    """Asks; dismisses with True only for an explicit yes.

    | Key | Action |
    | :- | :- |
    | y, enter | Yes |
    | n, escape | No |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", tooltip="Do it", id="yes"),
        Binding("n,escape", "answer(False)", "No", tooltip="Keep things as they are", id="no"),
    ]

    def __init__(self, question: Text, *, yes: str = "Remove") -> None:
        super().__init__()
        self._question = question
        self._yes = yes

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="dialog"):
            yield Static(self._question, classes="dialog-title")
            yield Static(Text(f"y or enter: {self._yes.lower()} · n or esc: keep", style="dim"))
            with Horizontal(classes="dialog-buttons"):
                yield Button(self._yes, variant="error", id="yes")
                yield Button("Keep", id="no")

    def on_mount(self) -> None:
        # Enter presses the focused button: start on the one the hint names for enter.
        self.query_one("#yes", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

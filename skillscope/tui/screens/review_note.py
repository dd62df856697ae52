"""The dialog that asks who reviews and why before a verdict is recorded."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from skillscope.tui.inert import inert_line

__all__ = ["ReviewNoteScreen"]

_EXPLAIN = {
    "approve": "Every file is read and verified first; the approval is refused if anything fails.",
    "reject": "The current fingerprint is recorded as rejected. No file is read.",
    "revoke": "Every approval of this skill is withdrawn. No file is read.",
}
_VERB = {"approve": "Approve", "reject": "Reject", "revoke": "Revoke"}


class ReviewNoteScreen(ModalScreen[tuple[str, str] | None]):
    """Reviewer and note for approve, reject or revoke; dismisses with (reviewer, note).

    | Key | Action |
    | :- | :- |
    | enter | Record |
    | escape | Cancel |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", tooltip="Close without recording", id="cancel"),
    ]

    def __init__(self, action: str, name: str, fingerprint: str | None, reviewer: str) -> None:
        super().__init__()
        self._action = action
        self._name = name
        self._fingerprint = fingerprint
        self._reviewer = reviewer

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            title = Text(f"{_VERB[self._action]} ", style="bold")
            title.append_text(inert_line(self._name, style="bold", limit=200))
            yield Static(title, classes="dialog-title")
            yield Static(Text(_EXPLAIN[self._action] + "\n", style="dim"))
            yield Static(Text.assemble(("fingerprint ", "bold"), (self._fingerprint or "none", "dim")))
            yield Label("Reviewer")
            yield Input(self._reviewer, id="reviewer-input")
            yield Label("Note (why)")
            yield Input(id="note-input", placeholder="what you checked, or why not")
            yield Static(id="dialog-error", classes="dialog-error")
            yield Static(Text("enter records · esc cancels", style="dim"))
            with Horizontal(classes="dialog-buttons"):
                yield Button(_VERB[self._action], variant="error" if self._action != "approve" else "success", id="record")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#note-input", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _record(self) -> None:
        reviewer = self.query_one("#reviewer-input", Input).value.strip()
        if not reviewer:
            self.query_one("#dialog-error", Static).update(Text("Say who reviews.", style="bold red"))
            return
        self.dismiss((reviewer, self.query_one("#note-input", Input).value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._record()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "record":
            self._record()
        else:
            self.dismiss(None)

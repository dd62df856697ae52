"""The dialog that opens a skill by name, also one the listing does not hold."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from skillscope.tui.dialogs.shown import show_error

__all__ = ["OpenNameDialog"]


class OpenNameDialog(ModalScreen[tuple[str, str] | None]):
    """Server and name; dismisses with (server label, name).

    | Key | Action |
    | :- | :- |
    | enter | Open |
    | escape | Cancel |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", tooltip="Close without opening", id="cancel"),
    ]

    def __init__(self, servers: list[str], current: str | None) -> None:
        super().__init__()
        self._servers = servers
        self._current = current if current in servers else (servers[0] if servers else None)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Static(Text("Open a skill by name", style="bold"), classes="dialog-title")
            yield Static(
                Text(
                    "LABEL:PATH, a path, or a unique skill name. A name the listing lacks is asked "
                    "for with skills/get and accepted only if its entry maps back to the same name.",
                    style="dim",
                )
            )
            yield Label("Server")
            yield Select(
                [(s, s) for s in self._servers],
                value=self._current or Select.NULL,
                allow_blank=False,
                id="server-select",
            )
            yield Label("Name")
            yield Input(id="name-input", placeholder="internal-audit")
            yield Static(id="dialog-error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Open", variant="primary", id="open")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#name-input", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _open(self) -> None:
        name = self.query_one("#name-input", Input).value.strip()
        server = self.query_one("#server-select", Select).value
        if not name or not isinstance(server, str):
            show_error(self.query_one("#dialog-error", Static), Text("Type a skill name.", style="bold red"))
            return
        self.dismiss((server, name))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._open()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "open":
            self._open()
        else:
            self.dismiss(None)

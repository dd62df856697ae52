"""The dialog that attaches another server: a URL with headers, or a command line."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static, TabbedContent, TabPane, TextArea

from skillscope.core.errors import SkillscopeError
from skillscope.service.targets import ServerSeed, seed_from_form

__all__ = ["AddServerDialog"]


class AddServerDialog(ModalScreen[ServerSeed | None]):
    """Attach to a server by URL (with headers) or by command line.

    | Key | Action |
    | :- | :- |
    | ctrl+s, enter in a one-line field | Add the server |
    | ctrl+t | Switch between URL and command |
    | tab | Next field |
    | escape | Cancel |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", tooltip="Close without adding", id="cancel"),
        Binding("ctrl+s", "add", "Add", tooltip="Add the server and connect", id="add"),
        Binding(
            "ctrl+t", "switch_kind", "URL/command", tooltip="Switch between a URL and a command line", id="switch-kind"
        ),
    ]

    def __init__(self, taken: set[str], *, allow_dynamic: bool = False) -> None:
        super().__init__()
        self._taken = taken
        self._allow_dynamic = allow_dynamic

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Static(Text("Add a server", style="bold"), classes="dialog-title")
            yield Static(
                Text(
                    "ctrl+t switches between URL and command (or click a tab) · tab moves to the next field",
                    style="dim",
                ),
                id="add-keys",
            )
            with TabbedContent(id="kind", initial="url"):
                with TabPane("HTTP URL", id="url"):
                    yield Label("URL")
                    yield Input(placeholder="https://host/mcp", id="url-input")
                    yield Label(
                        "Headers, one 'Name: value' per line (${VAR} expands; saved unexpanded; enter starts a new line)"
                    )
                    yield TextArea(id="headers-input", soft_wrap=False, show_line_numbers=False)
                with TabPane("Command (stdio)", id="command"):
                    yield Label("Command line")
                    yield Input(placeholder="python -m my_skill_server --config server.json", id="command-input")
                    yield Label("Environment, one NAME=value per line (enter starts a new line)")
                    yield TextArea(id="env-input", soft_wrap=False, show_line_numbers=False)
                    yield Label("Working directory (optional)")
                    yield Input(id="cwd-input")
            yield Label("Label (optional: the host or the command's name by default)")
            yield Input(id="label-input")
            yield Static(id="dialog-error", classes="dialog-error")
            yield Static(
                Text("enter in a one-line field, or ctrl+s anywhere, adds and connects · esc cancels", style="dim"),
                id="add-submit",
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Add", variant="primary", id="add")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self._focus_active_field()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        event.stop()
        self._focus_active_field()

    def _focus_active_field(self) -> None:
        """Focus the first field of the tab that is active now, not of the tab an event names.

        Focusing a field in a tab makes that tab active, and tab events can arrive late: the one posted
        when the dialog opened can land after ctrl+t, and focusing by the event's tab would switch back
        to the URL tab under the reviewer's typing.
        """
        active = self.query_one("#kind", TabbedContent).active
        self.query_one("#command-input" if active == "command" else "#url-input", Input).focus()

    def action_switch_kind(self) -> None:
        tabs = self.query_one("#kind", TabbedContent)
        tabs.active = "command" if tabs.active == "url" else "url"

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_add(self) -> None:
        kind = self.query_one("#kind", TabbedContent).active or "url"
        try:
            seed = seed_from_form(
                kind,
                url=self.query_one("#url-input", Input).value,
                headers=self.query_one("#headers-input", TextArea).text,
                command=self.query_one("#command-input", Input).value,
                env=self.query_one("#env-input", TextArea).text,
                cwd=self.query_one("#cwd-input", Input).value,
                label=self.query_one("#label-input", Input).value,
                taken=self._taken,
                allow_dynamic=self._allow_dynamic,
            )
        except SkillscopeError as exc:
            self.query_one("#dialog-error", Static).update(Text(exc.message, style="bold red"))
            return
        self.dismiss(seed)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_add()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "add":
            self.action_add()
        else:
            self.dismiss(None)

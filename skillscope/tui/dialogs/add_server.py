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
from skillscope.tui.dialogs.shown import show_error

__all__ = ["AddServerDialog"]


class _FormTabs(TabbedContent):
    """The dialog's two forms, switched only by the tab bar (a click, its arrow keys) or by ctrl+t.

    TabbedContent also switches to a tab when a field inside it gains focus, through a message that
    lands later. Here a field is only ever focused in the tab already shown, so that message could
    only arrive stale: after ctrl+t it switched the dialog back to the URL form, and Enter then
    submitted an empty URL (a CI failure on a busy machine).
    """

    def on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        event.prevent_default()  # TabbedContent's own handler would activate the pane
        event.stop()


class AddServerDialog(ModalScreen[ServerSeed | None]):
    """Attach to a server by URL (with headers) or by command line.

    | Key | Action |
    | :- | :- |
    | ctrl+s, enter in a one-line field | Add the server |
    | ctrl+t | Switch between URL and command |
    | tab | Next field |
    | escape | Cancel |
    """

    AUTO_FOCUS = ""  # the field is focused once the tabs have started (see on_tabbed_content_tab_activated)

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
        self._kind = "url"  # the form the reviewer chose; the tabs follow it once they have started
        self._tabs_started = False

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
            with _FormTabs(id="kind", initial="url"):
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

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """Focus the first field of the tab that is active now, once the tabs have started.

        The tabs start by activating their first tab through a message that arrives a few frames
        after the dialog opens. Until it has come through, ``TabbedContent.active`` is empty and a
        tab set by the dialog would be switched back by it, so ctrl+t pressed that early only records
        the choice (``_kind``) and it is applied here, where the first field is focused. Later events
        may also be stale, so the field follows the active tab, not the event.
        """
        event.stop()
        tabs = self.query_one("#kind", TabbedContent)
        if not self._tabs_started:
            self._tabs_started = True
            if tabs.active != self._kind:
                tabs.active = self._kind  # posts its own activation, which focuses the field
                return
        self._kind = tabs.active or self._kind
        self.query_one("#command-input" if self._kind == "command" else "#url-input", Input).focus()

    def action_switch_kind(self) -> None:
        self._kind = "command" if self._kind == "url" else "url"
        if self._tabs_started:
            self.query_one("#kind", TabbedContent).active = self._kind

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_add(self) -> None:
        kind = self.query_one("#kind", TabbedContent).active or self._kind
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
            show_error(self.query_one("#dialog-error", Static), Text(exc.message, style="bold red"))
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

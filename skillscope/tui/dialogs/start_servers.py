"""The question asked before the TUI starts local commands that a config names and the command line did not."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from skillscope.service.launches import Launch
from skillscope.tui.inert import inert_line

__all__ = ["StartServersDialog", "launch_prompt"]

_COMMAND_LIMIT = 2000
"""Long enough that a command's tail (where a hostile one would hide its payload) is on screen, folded."""


def launch_prompt(launch: Launch) -> Text:
    """A server's label, then its command as written (inert, folded, never cut short) and where it was written."""
    text = Text.assemble((launch.label, "bold"), "\n  ")
    text.append_text(inert_line(launch.command, limit=_COMMAND_LIMIT))
    facts = []
    if launch.written_in:
        facts.append(f"written in {launch.written_in}")
    if launch.cwd:
        facts.append(f"run in {launch.cwd}")
    if launch.env_names:
        facts.append("env " + ", ".join(launch.env_names))
    if facts:
        text.append("\n  ")
        text.append_text(inert_line("; ".join(facts), limit=600, style="dim"))
    return text


class StartServersDialog(ModalScreen[bool]):
    """Lists the commands a config would start; dismisses with True only for an explicit "start all".

    One at a time is the servers list's c, once the dialog is closed with "start none".

    | Key | Action |
    | :- | :- |
    | a | Start all |
    | n, escape | Start none |
    | enter | The focused button (Start none at first) |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "answer(True)", "Start all", tooltip="Start every command listed", id="start-all"),
        Binding(
            "n,escape", "answer(False)", "Start none", tooltip="Start nothing; c starts one later", id="start-none"
        ),
    ]

    def __init__(self, launches: list[Launch]) -> None:
        super().__init__()
        self._launches = launches

    def compose(self) -> ComposeResult:
        count = len(self._launches)
        with Vertical(id="start-servers", classes="dialog"):
            yield Static(
                Text(f"Start {'this server' if count == 1 else f'these {count} servers'}?", style="bold"),
                classes="dialog-title",
            )
            yield Static(
                Text(
                    f"The config file names {'this command' if count == 1 else 'these commands'}; none has started. "
                    "(A URL runs nothing here: those connect without asking.)",
                    style="dim",
                )
            )
            with VerticalScroll(id="start-commands"):
                yield Static(Text("\n").join(launch_prompt(launch) for launch in self._launches))
            yield Static(Text("a: start all · n or esc: start none, then c starts one at a time", style="dim"))
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start all", variant="warning", id="all")
                yield Button("Start none", variant="primary", id="none")

    def on_mount(self) -> None:
        # Enter presses the focused button: the one that starts nothing.
        self.query_one("#none", Button).focus()

    def action_answer(self, start: bool) -> None:
        self.dismiss(start)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "all")

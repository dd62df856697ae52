"""Every key, and what each skill state means."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from skillscope.tui.inert import STATE_LOOK
from skillscope.tui.keymap import GROUPS, LEDGER_COMMANDS, MAIN_COMMANDS, Command
from skillscope.tui.view_model import STATE_TAGS

__all__ = ["HelpDialog", "help_text"]

_TREE_KEYS = (
    ("↑ ↓  j k", "move"),
    ("→ ←", "expand / collapse, or go to the parent"),
    ("space", "expand or collapse"),
    ("click", "select; a double click (or enter) opens"),
    ("tab", "next area (servers, catalog, detail; shift+tab goes back)"),
    ("ctrl+p", "command palette: every action by name"),
)
_STATE_MEANING = {
    "not-opened": "listed; nothing read yet",
    "opening": "SKILL.md or a file is being read and verified",
    "verified": "SKILL.md (and every file read so far) matched the entry: size, digest, frontmatter",
    "unverified": "a dynamic skill was read; nothing binds its content",
    "failed": "something did not match; the evidence is shown, never the content",
    "unavailable": "well formed but refused by policy (dynamic, too many files, too large)",
    "malformed": "the entry breaks a rule; it has no trustworthy name",
    "dynamic": "the server generates the content (no manifest)",
    "approved": "this exact fingerprint is approved in the ledger (under another label, it says which)",
    "untrusted": "approved, but unsigned or signed by a key not allowed for its reviewer: it does not count",
    "rejected": "this exact fingerprint is rejected",
    "changed": "approved before, but the files changed since (see the Changes tab)",
    "revoked": "every approval was withdrawn",
    "not-reviewed": "no verdict recorded for this skill yet",
    "stale": "the server is not connected: the last listing is shown (press c to reconnect)",
}


def _key(command: Command) -> str:
    return command.key_display or command.key


_TITLE = Text.assemble(("skillscope — keys", "bold"), ("   (esc closes)", "dim"))


def help_text(*, title: bool = True) -> Group:
    """The help as one renderable (without its title line when the dialog shows that docked above it)."""
    parts: list[RenderableType] = [_TITLE.copy()] if title else []
    keys = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 2, 0, 0), show_header=False)
    keys.add_column(style="bold cyan", no_wrap=True, min_width=8)
    keys.add_column()
    for group in GROUPS:
        keys.add_row("", "")
        keys.add_row(Text(group, style="bold"), "")
        for command in MAIN_COMMANDS:
            if command.group == group:
                keys.add_row(_key(command), command.help)
    keys.add_row("", "")
    keys.add_row(Text("Moving", style="bold"), "")
    for key, words in _TREE_KEYS:
        keys.add_row(key, words)
    keys.add_row("", "")
    keys.add_row(Text("Ledger screen", style="bold"), "")
    for command in LEDGER_COMMANDS:
        keys.add_row(_key(command), command.help)
    parts.append(keys)
    parts.append(Text(""))
    parts.append(Text("Skill states", style="bold"))
    states = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 2, 0, 0), show_header=False)
    states.add_column(no_wrap=True, min_width=24)
    states.add_column()
    for state, meaning in _STATE_MEANING.items():
        glyph, words, style = STATE_LOOK[state]
        states.add_row(Text(f"{glyph} {words}", style=style), meaning)
    parts.append(states)
    parts.append(Text(""))
    parts.append(
        Text(
            "Each skill row starts with two glyphs: its verdict (○ not reviewed, ● approved, ⊗ rejected, ↺ revoked, "
            "Δ changed, ⊘ unavailable, ✗ malformed), then what opening it showed (· not opened, ✓ verified, ✗ failed). "
            "Folder and server rows count what lies below them (Δ1 ✗2 ○5)."
        )
    )
    parts.append(
        Text.assemble(
            ("Filter by state: ", "bold"),
            "/ then state:WORD, with other words or more state: words "
            "(state:changed, state:not-reviewed invoice). Words: ",
            (", ".join(STATE_TAGS), "cyan"),
            ".",
        )
    )
    parts.append(Text(""))
    parts.append(
        Text(
            "Everything a server wrote is shown inert: escape sequences and hidden characters appear as "
            "visible escapes (\\x1b, \\u202e), markup is never interpreted, links are never followed.",
            style="dim",
        )
    )
    return Group(*parts)


class HelpDialog(ModalScreen[None]):
    """The keys and the states, over the current screen.

    | Key | Action |
    | :- | :- |
    | escape, ?, q | Close |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Close", tooltip="Close the help", id="close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help", classes="dialog"):
            yield Static(_TITLE.copy(), classes="dialog-title")
            yield Static(help_text(title=False))
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close", id="close", compact=True)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

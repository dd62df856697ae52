"""Every action of the main screen in one table: key bindings, the help screen and the command palette."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

__all__ = ["GROUPS", "MAIN_COMMANDS", "LEDGER_COMMANDS", "Command", "bindings"]

_CAT = ("catalog",)
_SRV = ("servers",)
_DET = ("detail",)
_SKILL = ("catalog", "detail")

GROUPS = ("Catalog", "Review", "Servers", "App")


@dataclass(frozen=True)
class Command:
    """One action a reviewer can take."""

    action: str
    """The action name, also the binding id."""
    key: str
    title: str
    help: str
    group: str
    footer: bool = True
    bind: bool = True
    """False for actions bound by a widget (Enter in the tree), listed for help and the palette only."""
    key_display: str | None = None
    areas: tuple[str, ...] = ()
    """Where the footer hints at it: the focused area ("servers", "catalog", "detail", "ledger"); () = everywhere."""
    pinned: bool = False
    """Always in the footer, on the right, whatever has focus (help and quit)."""

    def hinted_in(self, area: str) -> bool:
        """True when the footer shows this command while ``area`` has focus."""
        return self.footer and not self.pinned and (not self.areas or area in self.areas)


MAIN_COMMANDS: tuple[Command, ...] = (
    Command(
        "open_selected",
        "enter",
        "Open",
        "Open the selected skill (verify SKILL.md) or file; in the Findings tab, the finding's file at its line",
        "Catalog",
        bind=False,
        areas=_SKILL,
    ),
    Command(
        "filter",
        "slash",
        "Filter",
        "Filter the catalog by name or description, and by state with state:WORD (state:changed, state:not-reviewed ...)",
        "Catalog",
        key_display="/",
        areas=_CAT,
    ),
    Command(
        "open_name",
        "o",
        "Open by name",
        "Open a skill by name, also one the listing does not hold (skills/get)",
        "Catalog",
        footer=False,
    ),
    Command(
        "refresh",
        "r",
        "Refresh",
        "List the selected server's catalog again (the cursor, open folders and opened skills stay)",
        "Catalog",
        areas=_SRV,
    ),
    Command(
        "next_review",
        "N",
        "Next to review",
        "Jump to the next skill, tool, prompt, resource or template waiting for a verdict (not reviewed, changed "
        "since approval, revoked, signature not trusted)",
        "Catalog",
        key_display="N",
        areas=_CAT,
    ),
    Command(
        "previous_review",
        "P",
        "Previous to review",
        "Jump to the previous skill or surface item waiting for a verdict",
        "Catalog",
        footer=False,
        key_display="P",
    ),
    Command(
        "next_tab",
        "right_square_bracket",
        "Next tab",
        "Show the next tab of the detail pane",
        "Catalog",
        key_display="]",
        areas=_DET,
    ),
    Command(
        "previous_tab",
        "left_square_bracket",
        "Previous tab",
        "Show the previous tab of the detail pane",
        "Catalog",
        footer=False,
        key_display="[",
    ),
    Command(
        "toggle_render",
        "v",
        "Source/rendered",
        "Switch the SKILL.md tab between the exact source (line numbers, escapes) and the rendered view (targets shown, what rendering hides listed)",
        "Catalog",
        areas=_DET,
    ),
    Command(
        "digests",
        "f",
        "Digests",
        "Show the selected skill's fingerprint and every file's digest in full, one per line (and a failed file's expected and actual digest)",
        "Catalog",
        areas=_DET,
    ),
    Command(
        "copy_fingerprint",
        "y",
        "Copy",
        "Copy the selected skill's fingerprint to the clipboard (OSC 52: works over SSH and in tmux)",
        "Catalog",
        areas=_SKILL,
    ),
    Command(
        "copy_name",
        "Y",
        "Copy name",
        "Copy the selected skill's name to the clipboard",
        "Catalog",
        footer=False,
        key_display="Y",
    ),
    Command(
        "copy_uri",
        "ctrl+y",
        "Copy URI",
        "Copy the selected skill's SKILL.md URI to the clipboard",
        "Catalog",
        footer=False,
    ),
    Command(
        "approve",
        "a",
        "Approve",
        "Verify every file of the selected skill, then record its fingerprint as approved",
        "Review",
        areas=_SKILL,
    ),
    Command(
        "reject",
        "x",
        "Reject",
        "Record the selected skill's fingerprint as rejected (reads no file)",
        "Review",
        areas=_CAT,
    ),
    Command("revoke", "u", "Revoke", "Withdraw every approval of the selected skill", "Review", footer=False),
    Command(
        "diff",
        "g",
        "Diff",
        "Read and verify the selected skill's files, then diff each changed file against the approved bytes",
        "Review",
        footer=False,
    ),
    Command(
        "audit",
        "i",
        "Audit",
        "Audit the selected skill: read and verify every file, scan the content, check the entry",
        "Review",
        areas=_SKILL,
    ),
    Command(
        "suppress",
        "S",
        "Suppress finding",
        "Suppress the highlighted finding of the Findings tab with a note: signed beside the ledger, "
        "left out of audits and the gate until the skill or anything the finding states changes",
        "Review",
        footer=False,
        key_display="S",
    ),
    Command(
        "ledger",
        "l",
        "Ledger",
        "Show every review in the ledger with its signature, filter it and export approvals",
        "Review",
        areas=_CAT,
    ),
    Command(
        "add_server",
        "n",
        "Add server",
        "Attach to another server: a URL with headers, or a command",
        "Servers",
        areas=_SRV,
    ),
    Command("reconnect", "c", "Reconnect", "Connect the selected server again", "Servers", areas=_SRV),
    Command(
        "disconnect",
        "d",
        "Disconnect",
        "Close the selected server's connection (stops a stdio server)",
        "Servers",
        areas=_SRV,
    ),
    Command(
        "remove_server",
        "delete",
        "Remove",
        "Disconnect the selected server and remove it from the screen (asks first)",
        "Servers",
        key_display="del",
        areas=_SRV,
    ),
    Command(
        "save_server",
        "s",
        "Save",
        "Save the selected server to the config file (${VAR} kept unexpanded)",
        "Servers",
        areas=_SRV,
    ),
    Command(
        "focus_next_area",
        "tab",
        "Next area",
        "Move between the servers, the catalog and the detail pane (shift+tab goes back)",
        "App",
        footer=False,
    ),
    Command("focus_previous_area", "shift+tab", "Previous area", "Move to the previous area", "App", footer=False),
    Command("move_down", "j", "Down", "Move down in the focused list, tree or text (like ↓)", "App", footer=False),
    Command("move_up", "k", "Up", "Move up in the focused list, tree or text (like ↑)", "App", footer=False),
    Command(
        "help",
        "question_mark",
        "Help",
        "Show every key and what the skill states mean",
        "App",
        key_display="?",
        pinned=True,
    ),
    Command("quit", "q", "Quit", "Disconnect every server and quit", "App", pinned=True),
)

LEDGER_COMMANDS: tuple[Command, ...] = (
    Command(
        "show_record",
        "enter",
        "Record",
        "Show the highlighted record in full: note, fingerprint, signer and signature",
        "Ledger",
        bind=False,
    ),
    Command(
        "filter",
        "slash",
        "Filter",
        "Filter records by skill, verdict, reviewer, signature or note",
        "Ledger",
        key_display="/",
    ),
    Command(
        "export", "e", "Export", "Write the approved fingerprints to a file (txt, json, yaml or roomkit)", "Ledger"
    ),
    Command(
        "copy_fingerprint", "y", "Copy", "Copy the highlighted record's fingerprint to the clipboard (OSC 52)", "Ledger"
    ),
    Command("reload", "r", "Reload", "Read the ledger file again and check every signature", "Ledger", footer=False),
    Command("move_down", "j", "Down", "Move down (like ↓)", "Ledger", footer=False),
    Command("move_up", "k", "Up", "Move up (like ↑)", "Ledger", footer=False),
    Command("close", "escape", "Back", "Back to the catalog", "Ledger", key_display="esc"),
    Command(
        "help",
        "question_mark",
        "Help",
        "Show every key and what the skill states mean",
        "App",
        key_display="?",
        pinned=True,
    ),
    Command("quit", "q", "Quit", "Disconnect every server and quit", "App", pinned=True),
)


def bindings(commands: tuple[Command, ...]) -> list[BindingType]:
    """Bindings for the commands that are bound at screen level, each with an id and a tooltip."""
    return [
        Binding(c.key, c.action, c.title, show=c.footer, key_display=c.key_display, tooltip=c.help, id=c.action)
        for c in commands
        if c.bind
    ]

"""Every action of the main screen in one table: key bindings, the help screen and the command palette."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

__all__ = ["GROUPS", "MAIN_COMMANDS", "LEDGER_COMMANDS", "Command", "bindings"]

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


MAIN_COMMANDS: tuple[Command, ...] = (
    Command("open_selected", "enter", "Open", "Open the selected skill (verify SKILL.md) or file", "Catalog", bind=False),
    Command("filter", "slash", "Filter", "Filter the catalog by name or description, and by state with state:WORD (state:changed, state:not-reviewed ...)", "Catalog", key_display="/"),
    Command("open_name", "o", "Open by name", "Open a skill by name, also one the listing does not hold (skills/get)", "Catalog"),
    Command("refresh", "r", "Refresh", "List the selected server's catalog again (the cursor, open folders and opened skills stay)", "Catalog", footer=False),
    Command("next_review", "N", "Next to review", "Jump to the next skill waiting for a verdict (not reviewed, changed since approval, revoked)", "Catalog", footer=False),
    Command("previous_review", "P", "Previous to review", "Jump to the previous skill waiting for a verdict", "Catalog", footer=False),
    Command("next_tab", "right_square_bracket", "Next tab", "Show the next tab of the detail pane", "Catalog", footer=False, key_display="]"),
    Command("previous_tab", "left_square_bracket", "Previous tab", "Show the previous tab of the detail pane", "Catalog", footer=False, key_display="["),
    Command("toggle_render", "v", "Source/rendered", "Switch the SKILL.md tab between the exact source (line numbers, escapes) and the rendered view (targets shown, what rendering hides listed)", "Catalog", footer=False),
    Command("approve", "a", "Approve", "Verify every file of the selected skill, then record its fingerprint as approved", "Review"),
    Command("reject", "x", "Reject", "Record the selected skill's fingerprint as rejected (reads no file)", "Review"),
    Command("revoke", "u", "Revoke", "Withdraw every approval of the selected skill", "Review"),
    Command("diff", "g", "Diff", "Read and verify the selected skill's files, then diff each changed file against the approved bytes", "Review", footer=False),
    Command("audit", "i", "Audit", "Audit the selected skill: read and verify every file, scan the content, check the entry", "Review"),
    Command("ledger", "l", "Ledger", "Show every review in the ledger, filter it and export approvals", "Review"),
    Command("add_server", "n", "Add server", "Attach to another server: a URL with headers, or a command", "Servers"),
    Command("reconnect", "c", "Reconnect", "Connect the selected server again", "Servers", footer=False),
    Command("disconnect", "d", "Disconnect", "Close the selected server's connection (stops a stdio server)", "Servers", footer=False),
    Command("remove_server", "delete", "Remove server", "Disconnect the selected server and remove it from the screen", "Servers", footer=False, key_display="del"),
    Command("save_server", "s", "Save server", "Save the selected server to the config file (${VAR} kept unexpanded)", "Servers", footer=False),
    Command("focus_next_area", "tab", "Next area", "Move between the servers, the catalog and the detail pane", "App", bind=False),
    Command("help", "question_mark", "Help", "Show every key and what the skill states mean", "App", key_display="?"),
    Command("quit", "q", "Quit", "Disconnect every server and quit", "App"),
)

LEDGER_COMMANDS: tuple[Command, ...] = (
    Command("filter", "slash", "Filter", "Filter reviews by skill, verdict, reviewer or note", "Ledger", key_display="/"),
    Command("export", "e", "Export", "Write the approved fingerprints to a file (txt, json or yaml)", "Ledger"),
    Command("reload", "r", "Reload", "Read the ledger file again", "Ledger"),
    Command("close", "escape", "Back", "Back to the catalog", "Ledger", key_display="esc"),
)


def bindings(commands: tuple[Command, ...]) -> list[BindingType]:
    """Bindings for the commands that are bound at screen level, each with an id and a tooltip."""
    return [
        Binding(c.key, c.action, c.title, show=c.footer, key_display=c.key_display, tooltip=c.help, id=c.action)
        for c in commands
        if c.bind
    ]

"""The servers: each with its label and state, and the details of the highlighted one."""

from __future__ import annotations

from collections import Counter

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from skillscope.service.launches import needs_confirmation
from skillscope.service.session import GONE, ServerSession
from skillscope.tui.inert import inert, inert_line
from skillscope.tui.widgets.refill import refill

__all__ = ["ConnectionPanel", "server_details", "session_state"]

_LOOK = {
    "idle": ("○", "not connected", "dim"),
    "connecting": ("◌", "connecting…", "cyan"),
    "connected": ("●", "connected", "green"),
    "failed": ("✗", "failed", "bold red"),
    "exited": ("✗", "exited", "bold red"),
    "unreachable": ("✗", "unreachable", "bold red"),
    "disconnected": ("○", "disconnected", "dim"),
}
_WAITING = ("○", "not started (needs confirmation)", "yellow")
"""A local command read from a config, not named on the command line: it starts only when the user says so."""
_STDERR_LINES = 12


def session_state(session: ServerSession) -> tuple[str, str, str]:
    """Glyph, words and style of a server's state; an exit names its status (``exited (status 3)``)."""
    if session.state == "idle" and needs_confirmation(session.seed):
        return _WAITING
    glyph, words, style = _LOOK[session.state]
    if session.state == "exited":
        words = "exited" if session.exit_status is None else f"exited (status {_status(session.exit_status)})"
    return glyph, words, style


def _status(code: int) -> str:
    if code >= 0:
        return str(code)
    import signal

    try:
        return f"{code}, killed by {signal.Signals(-code).name}"
    except ValueError:
        return str(code)


def _server_line(session: ServerSession) -> Text:
    """The one-line summary of a server for the list."""
    glyph, words, style = session_state(session)
    text = Text()
    text.append(f"{glyph} ", style=style)
    text.append(session.label, style="bold")
    text.append("  ")
    if session.state == "connected" and session.listing_state == "listing":
        text.append("listing…", style="cyan")
    elif session.state == "connected" and session.listing_state == "listed" and session.listing is not None:
        text.append(f"{len(session.listing.entries):,} skills", style="green")
    else:
        text.append(words, style=style)
    return text


def server_details(session: ServerSession) -> Group:
    """Everything known about a server: identity, era, server name, failure and stderr tail."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("server", inert_line(session.display, limit=300))
    glyph, words, style = session_state(session)
    grid.add_row("state", Text(f"{glyph} {words}", style=style))
    info = session.info
    if info is not None and session.state == "connected":
        grid.add_row("era", Text(info.era_label))
        name = f"{info.name or '?'} {info.version or ''}".strip()
        grid.add_row("serves", inert_line(name, limit=120))
    if session.listing is not None:
        listing = session.listing
        counts = Counter(entry.status for entry in listing.entries)  # one pass: a catalog may hold 10,000
        grid.add_row(
            "skills",
            Text(
                f"{counts['available']:,} available, {counts['unavailable']:,} unavailable, {counts['malformed']:,} malformed"
            ),
        )
    parts: list[RenderableType] = [grid]
    if session.listing_error is not None:
        parts.append(_failure("listing failed", session.listing_error))
    if session.state in ("failed", *GONE) and session.error is not None:
        title = f"server {session.state}" if session.state in GONE else session.error.title.lower()
        parts.append(_failure(title, session.error))
    if session.state in GONE:
        parts.append(Text("The catalog shown is the last one listed (stale). Press c to reconnect.", style="yellow"))
    if session.state == "idle" and needs_confirmation(session.seed):
        parts.append(
            Text(
                "Not started: this command runs on this machine, and it comes from a config, not from "
                "the command line. Press c to start it.",
                style="yellow",
            )
        )
    if info is not None and session.state == "connected":
        for note in info.notes:
            parts.append(Text.assemble(("note ", "yellow"), inert_line(note)))
    if session.listing is not None:
        for warning in session.listing.warnings:
            parts.append(Text.assemble((f"{warning.rule} ", "yellow"), inert_line(warning.message)))
    return Group(*parts)


def _failure(title: str, error: object) -> Group:
    message = getattr(error, "message", str(error))
    parts: list[RenderableType] = [Text.assemble((f"{title}: ", "bold red"), inert_line(message, limit=600))]
    detail = getattr(error, "detail", None)
    if detail:
        tail = "\n".join(str(detail).splitlines()[-_STDERR_LINES:])
        parts.append(Text("server stderr (last lines):", style="bold"))
        parts.append(inert(tail, style="dim"))
    return Group(*parts)


class ConnectionPanel(Vertical):
    """Every server with its state; the highlighted one's details below the list.

    Server actions (add, reconnect, disconnect, remove, save) are bound by the screen.
    """

    class ServerHighlighted(Message):
        """The reviewer moved to another server in the list."""

        def __init__(self, label: str) -> None:
            super().__init__()
            self.label = label

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        super().__init__(id=id)
        self._sessions: dict[str, ServerSession] = {}
        self._shown: str | None = None
        """Whose details are on screen: redrawn on that server's every change, highlight event or not."""
        self.border_title = "Servers"

    def compose(self) -> ComposeResult:
        yield OptionList(id="server-list")
        with VerticalScroll(id="server-details"):
            yield Static(
                Text("No servers. Press n to add one, or run `skillscope demo`.", style="dim"), id="server-detail"
            )

    @property
    def current(self) -> str | None:
        """The label of the highlighted server."""
        option = self.query_one(OptionList).highlighted_option
        return option.id if option is not None else None

    def set_servers(self, sessions: list[ServerSession]) -> None:
        """Show exactly these servers, keeping the highlight where it can."""
        servers = self.query_one(OptionList)
        keep = self.current
        self._sessions = {s.label: s for s in sessions}
        servers.set_options([Option(_server_line(s), id=s.label) for s in sessions])
        if sessions:
            labels = [s.label for s in sessions]
            servers.highlighted = labels.index(keep) if keep in labels else 0
        self._show_details()

    def update_server(self, session: ServerSession) -> None:
        """Redraw one server's line (and its details when highlighted)."""
        if session.label not in self._sessions:
            return
        self.query_one(OptionList).replace_option_prompt(session.label, _server_line(session))
        if session.label in (self.current, self._shown):
            self._show_details()

    def select(self, label: str) -> None:
        """Highlight the server with this label."""
        if label in self._sessions and self.current != label:
            servers = self.query_one(OptionList)
            servers.highlighted = servers.get_option_index(label)

    def _show_details(self) -> None:
        detail = self.query_one("#server-detail", Static)
        label = self.current or self._shown
        if label is None or label not in self._sessions:
            self._shown = None
            refill(detail, Text("No servers. Press n to add one, or run `skillscope demo`.", style="dim"))
            return
        self._shown = label
        refill(detail, server_details(self._sessions[label]))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_details()
        if event.option.id is not None:
            self.post_message(self.ServerHighlighted(event.option.id))

"""The main screen's server work: connect, hold, list, reconnect, disconnect, remove and save."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace

from rich.text import Text
from textual.css.query import NoMatches

from skillscope.catalog.entry import CatalogEntry
from skillscope.config.file import save_server
from skillscope.core.offload import shared_child
from skillscope.service.audits import scan_contents
from skillscope.service.connect import failure_of
from skillscope.service.launches import launch_of, needs_confirmation
from skillscope.service.session import GONE, ServerSession
from skillscope.service.targets import ServerSeed
from skillscope.service.workspace import Drift, SkillView, drift_words
from skillscope.tui import heap
from skillscope.tui.catalog.folding import Index, build_index
from skillscope.tui.dialogs.add_server import AddServerDialog
from skillscope.tui.dialogs.start_servers import StartServersDialog
from skillscope.tui.notify import tell
from skillscope.tui.screens.main_state import MainState
from skillscope.views import warm_highlighting

__all__ = ["EMPTY", "ServerWork"]

EMPTY = Text.assemble(
    ("No servers yet.\n\n", "bold"),
    (
        "Press n to attach to one (a URL with headers, or a command line), or start with the demo:\n"
        "    skillscope demo\n\nServers in the config file (skillscope.yaml) are attached at start.",
        "dim",
    ),
)


class ServerWork(MainState):
    """Each server's connection is owned by one worker (``_hold``); the rest send requests on it."""

    def _add_session(self, seed: ServerSeed) -> ServerSession:
        session = self.workspace.add(seed)
        self.catalog_tree.show_server(session, None)
        return session

    def _connect(self, session: ServerSession) -> None:
        self._holders[session.label] = self.run_worker(
            self._hold(session), name=f"hold {session.label}", group=f"hold:{session.label}", exit_on_error=False
        )

    def _connect_at_start(self, sessions: list[ServerSession]) -> None:
        """Connect these servers, except the local commands a config names: those wait for the user's answer."""
        held = [session for session in sessions if needs_confirmation(session.seed)]
        for session in sessions:
            if session not in held:
                self._connect(session)
        if held:
            self.app.push_screen(
                StartServersDialog([launch_of(session.seed) for session in held]),
                lambda start: self._start_confirmed(held, start=bool(start)),
            )

    def _start_confirmed(self, held: list[ServerSession], *, start: bool) -> None:
        """Start the servers the dialog listed, or leave them waiting (marked so) until c starts one."""
        shown = [s for s in held if self.sessions.get(s.label) is s and s.state == "idle"]
        if start:
            for session in shown:
                self._connect(session)
        elif shown:
            tell(
                self,
                f"Not started: {', '.join(s.label for s in shown)}. Select one in the servers list and press c "
                "to start it.",
                title="Waiting for confirmation",
                timeout=8,
            )

    async def _hold(self, session: ServerSession) -> None:
        """Own the server's connection for as long as it is shown (entered and left in this task)."""
        await session.hold(
            self._connect_fn,
            era=self.settings.era,
            timeout=self.settings.timeout,
            log_dir=self.settings.stderr_dir(),
            changed=lambda: self._session_changed(session),
        )

    async def _let_go(self, session: ServerSession) -> None:
        """Ask the owner to leave the connection and wait until it has (a stdio server is reaped)."""
        session.release()
        holder = self._holders.pop(session.label, None)
        if holder is not None and session.state in ("idle", "connecting"):
            holder.cancel()  # a connect still under way is abandoned, not waited for
        if holder is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(holder.wait(), timeout=10)

    def _session_changed(self, session: ServerSession) -> None:
        if not self.is_attached or self.sessions.get(session.label) is not session:
            return
        try:
            self._show_session_state(session)
        except NoMatches:
            pass  # the screen is being taken down

    def _show_session_state(self, session: ServerSession) -> None:
        # The last catalog stays on screen, marked stale, until the server is listed again.
        views = self.views.get(session.label)
        stale = session.state != "connected"
        if views is not None and any(view.stale != stale for view in views.values()):
            for view in views.values():
                view.stale = stale
        self.panel.update_server(session)
        self.catalog_tree.show_server(session, views)
        if session.state == "connected" and session.listing_state == "none":
            self._start_listing(session)
        if session.state in GONE and session.error is not None:
            tell(
                self,
                f"{session.label}: {session.error.message}. The catalog shown is the last one listed; press c to reconnect.",
                title=f"Server {session.state}",
                severity="error",
                timeout=10,
            )
        self._show_current(session.label)

    def _show_current(self, label: str) -> None:
        """Make the detail pane show what the cursor is on, as it is now (after a redraw or a new listing)."""
        if self._server != label:
            return
        if self._skill is None:
            session = self.sessions.get(label)
            if session is not None:
                self.detail.show_server(session)
            return
        view = self.views.get(label, {}).get(self._skill[1])
        if view is None:
            # The skill is gone from the catalog: the pane must not keep showing it.
            self._skill = None
            self._show_current(label)
            return
        cursor = self.catalog_tree.cursor_node
        path = (
            cursor.data.path if cursor is not None and cursor.data is not None and cursor.data.kind == "file" else None
        )
        opened = path if path in view.opened else None
        self.detail.show_skill(label, view, file=opened)

    def _start_listing(self, session: ServerSession) -> None:
        self.run_worker(
            self._list(session),
            name=f"list {session.label}",
            group=f"list:{session.label}",
            exclusive=True,
            exit_on_error=False,
        )

    async def _list(self, session: ServerSession) -> None:
        """List a server's catalog (reads no file) and show it."""
        # A listing of 10,000 entries builds hundreds of thousands of objects that live until the next one:
        # no pass of the cycle collector walks them while they are made (each pass holds the interpreter
        # 5-20 ms, keys waiting), and once merged they are frozen out of its walks (``_merged``).
        with heap.paused():
            await self._list_and_show(session)

    async def _list_and_show(self, session: ServerSession) -> None:
        generation, conn = session.generation, session.conn
        if conn is None:
            return
        unchanged = session.listing_state == "listed" and session.label in self.views
        session.listing_state, session.listing_error = "listing", None
        if unchanged:
            self.panel.update_server(session)  # the tree shows the same catalog until the new one is in hand
        else:
            self._show_session(session)
        try:
            listing = await session.list_catalog()
        except Exception as exc:  # shown on the server, not as a crash
            if generation == session.generation:
                session.listing_state, session.listing_error = "failed", failure_of(exc)
                self._show_session(session)
                if session.label in self.views:
                    tell(
                        self,
                        f"Listing {session.label} again failed: {session.listing_error.message}. The last catalog stays.",
                        title="Listing failed",
                        severity="error",
                        timeout=8,
                    )
            return
        if generation != session.generation:
            return
        first = session.label not in self.views
        # Each entry meets the ledger here (10,000 entries take a while): off the event loop, so keys stay answered.
        views, drift, index = await asyncio.to_thread(self._merged, session.label, listing.entries)
        if generation != session.generation:
            return
        session.listing, session.listing_state = listing, "listed"
        self.views[session.label] = views
        self.panel.update_server(session)
        self.catalog_tree.show_server(session, views, index=index)
        if first:
            self.catalog_tree.open_attention(session.label)
            self.run_worker(self._warm(), group="warm", exit_on_error=False)
        elif drift or session.label not in self.live.timed:  # a timed listing that changed nothing stays quiet
            tell(
                self,
                drift_words(session.label, drift),
                title="Listed again",
                severity="warning" if drift.changed else "information",
                timeout=8 if drift else 4,
            )
        self._show_current(session.label)
        heap.settle()  # the new catalog lives until the next listing: out of the collector's full walks

    async def _warm(self) -> None:
        """While the reviewer reads the first catalog, get ready what the first open and audit would wait for."""
        await asyncio.to_thread(warm_highlighting)  # the first SKILL.md is coloured on the event loop
        # An audit scans in a child process (see review_work): started and its scanners imported now.
        await shared_child().warm(scan_contents)

    def _merged(self, label: str, entries: list[CatalogEntry]) -> tuple[dict[str, SkillView], Drift, Index]:
        """The new listing's views, what changed, and the catalog folded into folders (run in a worker thread).

        Runs under ``_list``'s pause of the cycle collector: 10,000 views and their folders form no reference
        cycle, and the collector would only walk them again and again while they are made. Once made they
        live until the next listing: frozen at once.
        """
        views, drift = self.workspace.merged(label, entries)
        index = build_index(views)
        index[0].children(views)  # sorted here rather than on the loop when the tree shows the root
        heap.settle()
        return views, drift, index

    def _show_session(self, session: ServerSession) -> None:
        self.panel.update_server(session)
        self.catalog_tree.show_server(session, self.views.get(session.label))

    async def shutdown(self) -> None:
        """Let go of every connection, waiting for each (stdio servers are stopped and reaped)."""
        await asyncio.gather(*(self._let_go(session) for session in list(self.sessions.values())))

    def _current_session(self) -> ServerSession | None:
        label = self._server or self.panel.current
        session = self.sessions.get(label or "")
        if session is None:
            tell(self, "No server selected.", severity="warning")
        return session

    def action_add_server(self) -> None:
        self.app.push_screen(
            AddServerDialog(set(self.sessions), allow_dynamic=self.settings.allow_dynamic), self._server_added
        )

    def _server_added(self, seed: ServerSeed | None) -> None:
        if seed is None:
            tell(self, "Add server cancelled: no server was added.", title="Cancelled", timeout=6)
            return
        session = self._add_session(seed)
        self.panel.set_servers(list(self.sessions.values()))
        self.panel.select(session.label)
        self._server = session.label
        self._connect(session)

    def action_reconnect(self) -> None:
        session = self._current_session()
        if session is not None:
            self.run_worker(
                self._reconnect(session), group=f"manage:{session.label}", exclusive=True, exit_on_error=False
            )

    async def _reconnect(self, session: ServerSession) -> None:
        await self._let_go(session)
        self._connect(session)

    def action_disconnect(self) -> None:
        session = self._current_session()
        if session is not None:
            self.run_worker(self._let_go(session), group=f"manage:{session.label}", exclusive=True, exit_on_error=False)

    def _remove_session(self, session: ServerSession) -> None:
        """Remove a server (PaneKeys asks first)."""
        self.run_worker(self._remove(session), group=f"manage:{session.label}", exclusive=True, exit_on_error=False)

    async def _remove(self, session: ServerSession) -> None:
        await self._let_go(session)
        self.workspace.remove(session.label)
        self.catalog_tree.remove_server(session.label)
        self.panel.set_servers(list(self.sessions.values()))
        if self._server == session.label:
            self._server, self._skill = None, None
            self.detail.show_message(
                EMPTY if not self.sessions else Text("Select a skill in the catalog.", style="dim")
            )
        tell(self, f"Removed {session.label}.", timeout=3)

    def action_save_server(self) -> None:
        session = self._current_session()
        if session is None:
            return
        if session.seed.spec is None:
            tell(self, f"{session.label} runs in this process; there is nothing to save.", severity="warning")
            return
        if session.seed.origin == "config":
            tell(self, f"{session.label} is already in the config file.")
            return
        if session.seed.origin == "client":
            tell(self, f"{session.label} comes from {session.seed.spec.source}, which skillscope reads as it is.")
            return
        self.run_worker(self._save(session), group=f"manage:{session.label}", exclusive=True, exit_on_error=False)

    async def _save(self, session: ServerSession) -> None:
        assert session.seed.spec is not None  # action_save_server refuses a server with nothing to save
        path = await asyncio.to_thread(save_server, session.seed.spec, self.settings.config_target())
        session.seed = replace(session.seed, origin="config")
        tell(self, f"Saved {session.label} to {path}", title="Saved")

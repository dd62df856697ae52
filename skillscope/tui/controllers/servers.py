"""The attached servers: add, hold each connection, list, let go, remove, save; which server and skill are selected."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from skillscope.catalog.entry import CatalogEntry
from skillscope.config.file import save_server
from skillscope.core.errors import SkillscopeError
from skillscope.core.offload import shared_child
from skillscope.service.audits import scan_contents
from skillscope.service.connect import failure_of
from skillscope.service.launches import needs_confirmation
from skillscope.service.session import GONE, ConnectFn, ServerSession
from skillscope.service.targets import ServerSeed
from skillscope.service.workspace import Drift, SkillView, Workspace
from skillscope.tui import heap
from skillscope.tui.controllers.declined import Declined
from skillscope.tui.settings import TuiSettings
from skillscope.views import warm_highlighting

__all__ = ["Holder", "Listed", "ListingFailed", "Pending", "ServerController"]

_Prepared = TypeVar("_Prepared")

LET_GO_WAIT = 10.0
"""Seconds to wait for a connection's owner to leave it (a stdio server is stopped and reaped meanwhile)."""


class Holder(Protocol):
    """The task that owns one server's connection (a screen's worker): it can be cancelled and waited for."""

    def cancel(self) -> None:
        """Stop the task."""

    async def wait(self) -> object:
        """Wait until the task has ended."""


@dataclass(frozen=True)
class Pending:
    """A listing under way: which connection it belongs to, and whether the old catalog stays shown meanwhile."""

    generation: int
    unchanged: bool
    """True when the server was listed before: the catalog shown stays until the new one is in hand."""


@dataclass(frozen=True)
class Listed(Generic[_Prepared]):
    """A listing merged with what the reviewer had of the server."""

    views: dict[str, SkillView]
    drift: Drift
    prepared: _Prepared
    """What the caller's ``prepare`` made of the views in the same worker thread (the tree's folders)."""
    first: bool
    """True for the server's first catalog on screen."""


class ListingFailed(SkillscopeError):
    """A listing of the current connection failed; the session says so (``listing_state`` "failed")."""

    def __init__(self, error: SkillscopeError, *, again: bool) -> None:
        super().__init__(error.message, detail=error.detail)
        self.error = error
        self.again = again
        """True when an earlier catalog of the server is kept (and stays on screen)."""


class ServerController:
    """Every attached server's session and connection owner, and the reviewer's selection.

    Each connection is entered and left by one task (``hold``, run by the screen in a worker whose
    handle goes into ``holders``); everything else sends requests on it.
    """

    def __init__(self, workspace: Workspace, settings: TuiSettings, connect: ConnectFn) -> None:
        self.workspace = workspace
        self.settings = settings
        self._connect = connect
        self.holders: dict[str, Holder] = {}
        """The task owning each held server's connection, by label."""
        self.server: str | None = None
        """The label of the server the reviewer is on (in the tree or the servers list)."""
        self.skill: tuple[str, str] | None = None
        """(server, name) of the skill under the tree's cursor, None when the cursor is not on a skill."""

    @property
    def sessions(self) -> dict[str, ServerSession]:
        """Each attached server's session, by label."""
        return self.workspace.sessions

    def add(self, seed: ServerSeed) -> ServerSession:
        """Attach a server (its ``hold`` connects)."""
        return self.workspace.add(seed)

    def needing_confirmation(self, sessions: list[ServerSession]) -> list[ServerSession]:
        """Those of ``sessions`` that would run a local command the user did not name on this run: asked first."""
        return [session for session in sessions if needs_confirmation(session.seed)]

    def still_waiting(self, held: list[ServerSession]) -> list[ServerSession]:
        """Those of ``held`` still attached and never started (one may have been removed or started by hand)."""
        return [s for s in held if self.sessions.get(s.label) is s and s.state == "idle"]

    def current(self, fallback: str | None = None) -> ServerSession:
        """The selected server (else ``fallback``, the servers list's).

        Raises:
            Declined: no server is selected.
        """
        session = self.sessions.get(self.server or fallback or "")
        if session is None:
            raise Declined("No server selected.")
        return session

    async def hold(self, session: ServerSession, changed: Callable[[], None]) -> None:
        """Own the server's connection for as long as it is attached (run in the task ``holders`` names)."""
        await session.hold(
            self._connect,
            era=self.settings.era,
            timeout=self.settings.timeout,
            log_dir=self.settings.stderr_dir(),
            changed=changed,
        )

    async def let_go(self, session: ServerSession) -> None:
        """Ask the owner to leave the connection and wait until it has (a stdio server is reaped)."""
        session.release()
        holder = self.holders.pop(session.label, None)
        if holder is None:
            return
        if session.state in ("idle", "connecting"):
            holder.cancel()  # a connect still under way is abandoned, not waited for
        with contextlib.suppress(Exception):
            await asyncio.wait_for(holder.wait(), timeout=LET_GO_WAIT)

    async def shutdown(self) -> None:
        """Let go of every connection, waiting for each."""
        await asyncio.gather(*(self.let_go(session) for session in list(self.sessions.values())))

    def follow_state(self, session: ServerSession) -> bool:
        """Mark the server's last catalog stale or fresh as its connection went; True when it is due a listing."""
        views = self.workspace.views.get(session.label)
        stale = session.state != "connected"
        if views is not None and any(view.stale != stale for view in views.values()):
            for view in views.values():
                view.stale = stale
        return session.state == "connected" and session.listing_state == "none"

    def refreshable(self, session: ServerSession) -> None:
        """Check the server can be listed again now.

        Raises:
            Declined: it is not connected (its catalog shown is the last one listed).
        """
        if session.conn is None:
            gone = f"{session.label} {session.state}" if session.state in GONE else f"{session.label} is not connected"
            raise Declined(f"{gone}; the catalog shown is the last one listed (press c to reconnect).")

    def begin_listing(self, session: ServerSession) -> Pending | None:
        """Mark the server as being listed (None when it is not connected: nothing to list)."""
        if session.conn is None:
            return None
        unchanged = session.listing_state == "listed" and session.label in self.workspace.views
        session.listing_state, session.listing_error = "listing", None
        return Pending(session.generation, unchanged)

    async def finish_listing(
        self,
        session: ServerSession,
        pending: Pending,
        prepare: Callable[[dict[str, SkillView]], _Prepared],
    ) -> Listed[_Prepared] | None:
        """List the catalog (reads no file) and merge it with what the reviewer has; keep it as the server's.

        ``prepare`` runs on the new views in the worker thread that merges them (a front end builds its
        own structures there, off the event loop). None when the server was connected again meanwhile.

        Raises:
            ListingFailed: the listing failed (the session's ``listing_error`` says why).
        """
        try:
            listing = await session.list_catalog()
        except Exception as exc:  # kept on the session, told by the screen
            if pending.generation != session.generation:
                return None
            session.listing_state, session.listing_error = "failed", failure_of(exc)
            raise ListingFailed(session.listing_error, again=session.label in self.workspace.views) from exc
        if pending.generation != session.generation:
            return None
        first = session.label not in self.workspace.views
        # Each entry meets the ledger here (10,000 entries take a while): off the event loop, so keys stay answered.
        views, drift, prepared = await asyncio.to_thread(self._merged, session.label, listing.entries, prepare)
        if pending.generation != session.generation:
            return None
        session.listing, session.listing_state = listing, "listed"
        self.workspace.views[session.label] = views
        return Listed(views, drift, prepared, first)

    def _merged(
        self, label: str, entries: list[CatalogEntry], prepare: Callable[[dict[str, SkillView]], _Prepared]
    ) -> tuple[dict[str, SkillView], Drift, _Prepared]:
        """The new listing's views, what changed, and what ``prepare`` made of them (run in a worker thread).

        10,000 views and their folders form no reference cycle; once made they live until the next
        listing: frozen out of the cycle collector's walks at once.
        """
        views, drift = self.workspace.merged(label, entries)
        prepared = prepare(views)
        heap.settle()
        return views, drift, prepared

    async def warm(self) -> None:
        """While the reviewer reads the first catalog, get ready what the first open and audit would wait for."""
        await asyncio.to_thread(warm_highlighting)  # the first SKILL.md is coloured on the event loop
        # An audit scans in a child process (see the review controller): started and its scanners imported now.
        await shared_child().warm(scan_contents)

    def remove(self, session: ServerSession) -> bool:
        """Forget a server and its skills (let go of it first); True when it was the one selected."""
        self.workspace.remove(session.label)
        if self.server != session.label:
            return False
        self.server, self.skill = None, None
        return True

    def saveable(self, session: ServerSession) -> None:
        """Check the server can be saved to the config file.

        Raises:
            Declined: it runs in this process, is in the config file already, or comes from a client's file.
        """
        spec = session.seed.spec
        if spec is None:
            raise Declined(f"{session.label} runs in this process; there is nothing to save.")
        if session.seed.origin == "config":
            raise Declined(f"{session.label} is already in the config file.", severity="information")
        if session.seed.origin == "client":
            raise Declined(
                f"{session.label} comes from {spec.source}, which skillscope reads as it is.", severity="information"
            )

    async def save(self, session: ServerSession) -> Path:
        """Write the server into the config file (``saveable`` first); returns the file written."""
        spec = session.seed.spec
        assert spec is not None  # saveable refuses a server with nothing to save
        path = await asyncio.to_thread(save_server, spec, self.settings.config_target())
        session.seed = replace(session.seed, origin="config")
        return path

"""One attached server for any front end: its connection held in one task, its catalog, and the work done on it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

from skillscope.audit.values import SkillAudit
from skillscope.catalog.entry import CatalogEntry, Policy
from skillscope.catalog.listing import Listing
from skillscope.core.errors import ConnectionFailed, SkillscopeError
from skillscope.core.offload import Offload, in_thread
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.values import Action, ReviewState
from skillscope.ledger.core.verdicts import Verdicts
from skillscope.protocol.connection import Connection
from skillscope.protocol.errors import as_skillscope_error
from skillscope.protocol.info import ServerInfo
from skillscope.protocol.values import GetResult, ReadResult
from skillscope.service.catalog import load_catalog, resolve_name
from skillscope.service.review import AuditedSkill, LedgerPlace, Verdict, audit_for_review, record_review
from skillscope.service.targets import ServerSeed
from skillscope.verify.opener import SkillReport, open_skill

__all__ = ["ALIVE_EVERY", "GONE", "ConnectFn", "ProgressReader", "ServerSession", "SessionState"]

SessionState = Literal["idle", "connecting", "connected", "failed", "exited", "unreachable", "disconnected"]
"""``exited``: the connection was up and the server went away on its own (its process exited);
``unreachable``: the same for an HTTP server, which stopped answering (found by a request or the liveness check)."""
GONE: tuple[SessionState, ...] = ("exited", "unreachable")
"""The states of a server that went away by itself: its last catalog stays, marked stale."""
ALIVE_EVERY = 1.0
"""Seconds between liveness checks of an idle HTTP server (a stdio server's exit is seen at once)."""
ConnectFn = Callable[..., AbstractAsyncContextManager[Connection]]
"""``connect(target, *, era, timeout, errlog)``: an async context manager yielding a ``Connection``."""


@dataclass(eq=False)
class ServerSession:
    """An attached server: its seed, its state, while connected its connection, and its last catalog.

    The connection is entered and left by ``hold`` in one task (the SDK requires it);
    other tasks only send requests on ``conn`` (``list_catalog``, ``read``, ``audit``, ``resolve``).
    ``release`` asks ``hold`` to let go. Verdicts go through ``record`` (``record_review``).
    """

    seed: ServerSeed
    state: SessionState = "idle"
    info: ServerInfo | None = None
    """The ``ServerInfo`` of the last successful connect."""
    error: SkillscopeError | None = None
    conn: Connection | None = None
    listing: Listing | None = None
    """The last catalog listed (kept, stale, while the server is gone)."""
    listing_state: Literal["none", "listing", "listed", "failed"] = "none"
    listing_error: SkillscopeError | None = None
    log_path: Path | None = None
    exit_status: int | None = None
    """The stdio process's exit status when the state is ``exited`` (None if it only closed its output)."""
    generation: int = 0
    """Counts connects, so late results of an earlier connection are ignored."""
    _stop: asyncio.Event | None = field(default=None, repr=False)

    @property
    def label(self) -> str:
        """The server's label."""
        return self.seed.label

    @property
    def display(self) -> str:
        """The server's identity (URL or command line; never a header or environment value)."""
        return str(self.seed.target.display)

    @property
    def policy(self) -> Policy:
        """The host policy for this server's entries."""
        return self.seed.policy

    def connection(self) -> Connection:
        """The live connection.

        Raises:
            ConnectionFailed: the server is not connected now.
        """
        if self.conn is None:
            raise ConnectionFailed(f"{self.label} is not connected (press c to connect again)")
        return self.conn

    def server_info(self) -> ServerInfo:
        """What the server said about itself at its last connect (verdicts are recorded against it).

        Raises:
            ConnectionFailed: the server never connected.
        """
        if self.info is None:
            raise ConnectionFailed(f"{self.label} has not connected yet")
        return self.info

    # -- the work done on a held connection (any task) ---------------------------------------------

    async def list_catalog(self) -> Listing:
        """List the server's catalog (reads no file); the caller keeps it in ``listing`` once it is shown."""
        return await load_catalog(self.connection(), self.policy)

    async def resolve(self, name: str) -> CatalogEntry:
        """The entry called ``name``: from the last listing, else fetched with skills/get."""
        return await resolve_name(self.connection(), self.listing or Listing(), name, self.policy)

    async def read(
        self,
        entry: CatalogEntry,
        paths: list[str],
        *,
        all_files: bool = False,
        say: Callable[[str], None] = lambda _words: None,
    ) -> SkillReport:
        """Read and verify SKILL.md, then ``paths`` (or every file), saying which file is read through ``say``."""
        total = len(entry.files or ()) if all_files else 1 + len(paths)
        reader = ProgressReader(self.connection(), entry, say, total=total)
        return await open_skill(reader, entry, paths=paths, all_files=all_files, policy=self.policy)

    async def audit(
        self,
        entry: CatalogEntry,
        place: LedgerPlace,
        verdicts: Verdicts | None = None,
        *,
        approval: bool = False,
        scan_in: Offload = in_thread,
    ) -> AuditedSkill:
        """Audit one skill as ``skillscope audit`` (or, with ``approval``, ``skillscope approve``) does.

        ``scan_in`` is where its content scans run (a screen passes a child process: see ``core.offload``).
        """
        return await audit_for_review(
            self.connection(), self.label, entry, self.policy, place, verdicts, approval=approval, scan_in=scan_in
        )

    def record(
        self,
        place: LedgerPlace,
        action: Action,
        skill: SkillAudit | CatalogEntry,
        verdict: Verdict,
        review: ReviewState | None = None,
    ) -> Record:
        """Record a verdict on one of this server's skills through ``record_review`` (blocking: run it in a thread)."""
        return record_review(place.book(), action, self.server_info(), skill, verdict, review)

    async def hold(
        self,
        connect: ConnectFn,
        *,
        era: str,
        timeout: float,
        log_dir: Path,
        changed: Callable[[], None],
        alive_every: float = ALIVE_EVERY,
    ) -> None:
        """Connect, report through ``changed``, and keep the connection until ``release``.

        Never raises for a connection failure: the session ends ``failed`` with the error. An HTTP
        server is asked for a sign of life every ``alive_every`` seconds while held.
        """
        self.generation += 1
        self._stop = asyncio.Event()
        self.state, self.error, self.conn, self.exit_status = "connecting", None, None, None
        self.listing, self.listing_state, self.listing_error = None, "none", None
        changed()
        errlog: IO[Any] | None = None
        try:
            if self.seed.problem is not None:
                raise ConnectionFailed(self.seed.problem)
            if self.seed.target.kind == "stdio":
                # The server's stderr goes to a file: never over the screen, and its tail explains failures.
                log_dir.mkdir(parents=True, exist_ok=True)
                self.log_path = log_dir / f"{self.label}.stderr.log"
                errlog = open(self.log_path, "w+", encoding="utf-8", errors="replace")
            cancelled = False
            gone: SkillscopeError | None = None
            async with connect(self.seed.target, era=era, timeout=timeout, errlog=errlog) as conn:
                self.conn, self.info, self.state = conn, conn.info, "connected"
                changed()
                try:
                    gone = await self._until_released_or_gone(conn, timeout, alive_every)
                except asyncio.CancelledError:
                    if conn.closed and not self._stop.is_set():
                        # The SDK cancels its session when an HTTP request cannot reach the server: gone, not closing.
                        gone = conn.closed_error()
                    else:
                        # Cancelled while holding (the app is closing): still leave the connection
                        # the normal way, so a stdio server is stopped and reaped, then re-raise.
                        cancelled = True
                if gone is not None:
                    # Taken now, while the connection still knows the exit status; said once it is left.
                    self.state, self.error, self.exit_status, self.conn = (
                        self._gone_state(),
                        gone,
                        conn.exit_status,
                        None,
                    )
            self.state = self._gone_state() if gone is not None else "disconnected"
            if cancelled:
                raise asyncio.CancelledError
        except asyncio.CancelledError:
            self.state = "disconnected"
            raise
        except Exception as exc:  # every failure becomes the session's error
            if self.state not in GONE:  # leaving a dead connection may raise too; the exit says it better
                self.state, self.error = "failed", as_skillscope_error(exc)
        finally:
            self.conn = None
            if errlog is not None:
                errlog.close()
            changed()

    def _gone_state(self) -> SessionState:
        return "unreachable" if self.seed.target.kind == "http" else "exited"

    async def _until_released_or_gone(
        self, conn: Connection, timeout: float, alive_every: float
    ) -> SkillscopeError | None:
        """Wait for ``release`` or for the server to go away; returns why it went, or None when released."""
        assert self._stop is not None
        waits = {asyncio.ensure_future(self._stop.wait()), asyncio.ensure_future(conn.wait_closed())}
        silent: list[SkillscopeError] = []
        if self.seed.target.kind == "http":
            # Nothing tells an HTTP client that the server stopped until it asks: ask while idle.
            waits.add(asyncio.ensure_future(self._check_alive(conn, timeout, alive_every, silent)))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()
        if self._stop.is_set():
            return None
        if conn.closed:
            error: SkillscopeError = conn.closed_error()
            return error
        return silent[0] if silent else None

    @staticmethod
    async def _check_alive(conn: Connection, timeout: float, every: float, silent: list[SkillscopeError]) -> None:
        """Return once the server fails a liveness check (recording why in ``silent`` when it did not answer)."""
        while not conn.closed:
            await asyncio.sleep(every)
            try:
                await conn.check_alive(timeout)
            except SkillscopeError as exc:
                silent.append(exc)
                return

    def release(self) -> None:
        """Ask ``hold`` to leave the connection (it exits in its own task)."""
        if self._stop is not None:
            self._stop.set()


class ProgressReader:
    """A connection that says which file it reads, for the progress line (``open_skill`` takes any reader)."""

    def __init__(self, conn: Connection, entry: CatalogEntry, say: Callable[[str], None], *, total: int) -> None:
        self._conn = conn
        self._say = say
        self._total = max(total, 1)
        self._count = 0
        self._paths = {f.uri: f.path for f in entry.files or ()}
        if entry.uri:
            self._paths.setdefault(entry.uri, "SKILL.md")

    async def read_resource(self, uri: str) -> ReadResult:
        """Read one file, after saying so."""
        self._count += 1
        self._say(
            f"Reading and verifying {self._paths.get(uri, uri)} ({min(self._count, self._total)} of {self._total})"
        )
        return await self._conn.read_resource(uri)

    async def get_skill(self, uri: str) -> GetResult:
        """Fetch the entry again (after a failure), after saying so."""
        self._say("Verification failed; asking the server for its current entry (skills/get)")
        return await self._conn.get_skill(uri)

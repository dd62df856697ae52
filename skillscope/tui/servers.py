"""One attached server's life: connect in its own task, hold the connection, let go on request."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

from skillscope.errors import ConnectionFailed, SkillscopeError
from skillscope.textsafe import safe_line
from skillscope.tui.settings import ServerSeed

__all__ = ["ConnectFn", "ServerSession", "SessionState", "as_skillscope_error"]

SessionState = Literal["idle", "connecting", "connected", "failed", "disconnected"]
ConnectFn = Callable[..., Any]
"""``connect(target, *, era, timeout, errlog)``: an async context manager yielding a ``Connection``."""


def as_skillscope_error(exc: BaseException) -> SkillscopeError:
    """Any failure in the words skillscope reports (never a traceback)."""
    if isinstance(exc, SkillscopeError):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            found = as_skillscope_error(inner)
            if found.message:
                return found
    return ConnectionFailed(f"{type(exc).__name__}: {safe_line(str(exc))}")


@dataclass(eq=False)
class ServerSession:
    """A server in the TUI: its seed, its state and, while connected, its connection.

    The connection is entered and left by ``hold`` in one task (the SDK requires it);
    other tasks only send requests on ``conn``. ``release`` asks ``hold`` to let go.
    """

    seed: ServerSeed
    state: SessionState = "idle"
    info: Any = None
    """The ``ServerInfo`` of the last successful connect."""
    error: SkillscopeError | None = None
    conn: Any = None
    listing: Any = None
    listing_state: Literal["none", "listing", "listed", "failed"] = "none"
    listing_error: SkillscopeError | None = None
    log_path: Path | None = None
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
    def policy(self) -> Any:
        """The host policy for this server's entries."""
        return self.seed.policy

    async def hold(self, connect: ConnectFn, *, era: str, timeout: float, log_dir: Path, changed: Callable[[], None]) -> None:
        """Connect, report through ``changed``, and keep the connection until ``release``.

        Never raises for a connection failure: the session ends ``failed`` with the error.
        """
        self.generation += 1
        self._stop = asyncio.Event()
        self.state, self.error, self.conn = "connecting", None, None
        self.listing, self.listing_state, self.listing_error = None, "none", None
        changed()
        errlog: IO[Any] | None = None
        try:
            if self.seed.target.kind == "stdio":
                # The server's stderr goes to a file: never over the screen, and its tail explains failures.
                log_dir.mkdir(parents=True, exist_ok=True)
                self.log_path = log_dir / f"{self.label}.stderr.log"
                errlog = open(self.log_path, "w+", encoding="utf-8", errors="replace")  # noqa: SIM115
            async with connect(self.seed.target, era=era, timeout=timeout, errlog=errlog) as conn:
                self.conn, self.info, self.state = conn, conn.info, "connected"
                changed()
                await self._stop.wait()
            self.state = "disconnected"
        except asyncio.CancelledError:
            self.state = "disconnected"
            raise
        except Exception as exc:  # noqa: BLE001 - every failure becomes the session's error
            self.state, self.error = "failed", as_skillscope_error(exc)
        finally:
            self.conn = None
            if errlog is not None:
                errlog.close()
            changed()

    def release(self) -> None:
        """Ask ``hold`` to leave the connection (it exits in its own task)."""
        if self._stop is not None:
            self._stop.set()

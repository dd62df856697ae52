"""Reaching a server, for any front end: the one place a connection is opened and a failure is put in words.

Every command and the TUI attach through here, so a rule about attaching (which era, how long to wait,
where a stdio server's stderr goes) is made once, and neither front end opens the wire itself.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import IO, TYPE_CHECKING, Any

from skillscope.protocol.connection import Connection, connect
from skillscope.protocol.errors import as_skillscope_error

if TYPE_CHECKING:
    from skillscope.core.errors import SkillscopeError
    from skillscope.protocol.info import Era
    from skillscope.protocol.target import Target
    from skillscope.service.targets import Invocation

__all__ = ["attach", "attach_target", "failure_of"]


@asynccontextmanager
async def attach_target(
    target: Target, *, era: Era = "auto", timeout: float = 30.0, errlog: IO[Any] | None = None
) -> AsyncIterator[Connection]:
    """Attach to ``target`` for the length of the block; every step is bounded by ``timeout``.

    Raises:
        SkillscopeError: the server cannot be reached, or broke the protocol while attaching.
    """
    async with connect(target, era=era, timeout=timeout, errlog=errlog) as conn:
        yield conn


def attach(inv: Invocation) -> Any:
    """``attach_target`` for a command's resolved target, with its era and timeout (an async context manager)."""
    return attach_target(inv.target, era=inv.era, timeout=inv.timeout)


def failure_of(exc: BaseException) -> SkillscopeError:
    """Any failure in the words skillscope reports (never a traceback), without a connection at hand."""
    return as_skillscope_error(exc)

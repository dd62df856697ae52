"""What the controller tests share: settings in a temporary place, in-process servers, a task holding each connection.

The controllers run here as the screen runs them, minus the screen: a connection is held by its own task
(the screen's worker), listings and reads are awaited, verdicts land in a real ledger file.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import anyio

from skillscope.catalog.entry import Policy
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.session import ServerSession
from skillscope.service.targets import ServerSeed
from skillscope.service.workspace import SkillView, Workspace
from skillscope.tui.controllers.servers import ServerController
from skillscope.tui.settings import TuiSettings

REVIEWER = "Rita Reviewer <rita@example.org>"


class TaskHolder:
    """The task holding one connection, where the screen puts its worker (``servers.Holder``)."""

    def __init__(self, task: asyncio.Task[None]) -> None:
        self.task = task

    def cancel(self) -> None:
        self.task.cancel()

    async def wait(self) -> None:
        await asyncio.wait({self.task})


def settings_in(tmp_path: Path) -> TuiSettings:
    """Settings with the ledger, logs and the file ``save`` writes all under ``tmp_path``."""
    return TuiSettings(
        ledger_path=tmp_path / "ledger.jsonl",
        log_dir=tmp_path / "logs",
        save_path=tmp_path / "skillscope.yaml",
        reviewer=REVIEWER,
    )


def in_process(label: str, server: object, origin: str = "command-line") -> ServerSeed:
    """A seed for a server running in this process (nothing is started, nothing can be saved)."""
    return ServerSeed(Target(label=label, kind="inprocess", server=server), None, origin, Policy())


def servers_in(tmp_path: Path) -> ServerController:
    """A servers controller over a fresh workspace whose ledger is in ``tmp_path``, connecting for real."""
    settings = settings_in(tmp_path)
    return ServerController(Workspace(settings.ledger_path, settings.trust), settings, connect)


async def connected(servers: ServerController, session: ServerSession) -> ServerSession:
    """Hold the session's connection in a task of its own (as the screen's worker does) until it is up."""
    settled = asyncio.Event()

    def changed() -> None:
        if session.state != "connecting":
            settled.set()

    servers.holders[session.label] = TaskHolder(asyncio.create_task(servers.hold(session, changed)))
    with anyio.fail_after(300):  # a hang guard only: the server is in-process
        await settled.wait()
    assert session.state == "connected", session.error
    return session


async def attached(servers: ServerController, seed: ServerSeed) -> ServerSession:
    """Add a server, connect it and list its catalog into the workspace."""
    session = await connected(servers, servers.add(seed))
    await listed(servers, session)
    return session


async def listed(servers: ServerController, session: ServerSession) -> dict[str, SkillView]:
    """List the server as the screen does (begin, then finish); returns its views."""
    pending = servers.begin_listing(session)
    assert pending is not None
    done = await servers.finish_listing(session, pending, len)
    assert done is not None
    return done.views

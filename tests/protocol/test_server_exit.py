"""A server that dies is noticed as it happens: a read on it is a connection error, and opening a skill says 'could not read'."""

from __future__ import annotations

import os
import signal

import anyio
import pytest

from skillscope.catalog.entry import Policy
from skillscope.core.errors import MethodError, ServerExited
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.catalog import load_catalog
from skillscope.verify.opener import SkillReport, open_skill
from tests.fixtures.http import REPO_ROOT, stdio_command

# Read through the fast parse and through the SDK's public path (SKILLSCOPE_FAST_PARSE=off).
pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("either_parse")]


def _could_not_read(report: SkillReport, why: str) -> None:
    """A dead server's read is no answer about the skill: the file could not be read, nothing was compared or kept."""
    failure = report.failure
    assert failure is not None and failure.unreadable and failure.cause == "connection-closed"
    assert failure.heading == "Could not read" and why in failure.message
    assert "mismatch" not in failure.message and "verif" not in failure.message.lower()
    assert report.skill_md().status == "unreadable" and not report.verified and report.body is None
    # The server is gone: it is not asked for the entry again (that would only fail the same way).
    assert report.refresh is None


def _samples() -> Target:
    return Target(label="samples", kind="stdio", command=tuple(stdio_command("samples")), cwd=str(REPO_ROOT))


async def test_a_killed_server_is_noticed_and_a_read_on_it_is_not_a_verification_failure():
    async with connect(_samples(), timeout=120) as conn:
        listing = await load_catalog(conn, Policy())
        entry = next(e for e in listing.entries if e.name == "samples:hello-world")
        assert not conn.closed
        os.kill(conn._stats.process.pid, signal.SIGKILL)
        with anyio.fail_after(120):  # generous: the exit is seen when stdout ends, not by a timer
            await conn.wait_closed()
        assert conn.closed and conn.exit_status == -signal.SIGKILL
        with pytest.raises(ServerExited, match="exited with status -9") as caught:
            await conn.read_resource(entry.uri)
        assert not isinstance(caught.value, MethodError)
        _could_not_read(await open_skill(conn, entry), "exited with status -9")
        assert conn.closed


async def test_a_running_server_is_not_reported_closed_and_our_own_stop_is_no_exit():
    async with connect(_samples(), timeout=120) as conn:
        await load_catalog(conn, Policy())
        with anyio.move_on_after(0):
            await conn.wait_closed()
        assert not conn.closed and conn.exit_status is None
    # Stopped by us on leaving: not the server's own exit.
    assert conn.exit_status is None


async def test_a_live_server_answering_the_sdk_closed_code_is_still_its_own_answer():
    """Only a transport that really ended makes an error a server exit: a live server's -32000 stays a MethodError."""
    from skillscope.demo.publisher import build_server
    from tests.fixtures.hostile import hello_world

    server = build_server([hello_world()], name="answers-minus-32000", unknown_resource_code=-32000)
    target = Target(label="live", kind="inprocess", server=server)
    async with connect(target, timeout=120) as conn:
        with pytest.raises(MethodError) as caught:
            await conn.read_resource("skill://hello-world/NOT-LISTED.md")
        assert caught.value.code == -32000 and not conn.closed


@pytest.mark.parametrize("era", ["modern", "legacy"])
async def test_a_stopped_http_server_fails_the_liveness_check_and_a_read_on_it_is_not_a_verdict(era):
    """HTTP says nothing when a server stops: the liveness check finds it, and every later request is a connection error."""
    import asyncio
    import contextlib

    from skillscope.core.errors import ConnectionFailed, ServerUnreachable
    from tests.fixtures.hostile import build_scenario
    from tests.fixtures.http import serve_http_in_thread

    async def after_stop(conn, entry) -> None:
        with pytest.raises(ServerUnreachable, match="Cannot reach"):
            await conn.check_alive(20)
        assert conn.closed
        with anyio.fail_after(120):
            await conn.wait_closed()
        with pytest.raises(ConnectionFailed) as caught:
            await conn.read_resource(entry.uri)
        assert not isinstance(caught.value, MethodError), "a dead server's read is no answer about the skill"
        _could_not_read(await open_skill(conn, entry), "Cannot reach")
        assert conn.closed

    with contextlib.ExitStack() as stack:
        url = stack.enter_context(serve_http_in_thread(build_scenario("samples")))
        with pytest.raises(ServerUnreachable):  # leaving the dead connection says so too
            async with connect(Target(label="web", kind="http", url=url), era=era, timeout=120) as conn:
                listing = await load_catalog(conn, Policy())
                entry = next(e for e in listing.entries if e.name == "web:hello-world")
                await conn.check_alive(20)  # a live server answers, whatever the era
                assert not conn.closed
                stack.close()  # the server stops
                # Checked from another task, as the TUI does: the SDK cancels its own session's tasks when a request fails.
                checks = asyncio.ensure_future(after_stop(conn, entry))
                with anyio.CancelScope(shield=True):
                    await asyncio.wait({checks})
        checks.result()

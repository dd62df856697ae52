"""A stdio server's newline-delimited messages are read whole, wherever the pipe's reads happen to end."""

from __future__ import annotations

import sys

import anyio
import pytest

from skillscope.protocol.transport import TransportStats, capped_stdio, child_environment

pytestmark = pytest.mark.anyio

# A banner line, then three messages in one write: a long one that spans many pipe reads, a short
# one in the same read as the end of the first, and one whose newline comes in a write of its own.
CHILD = r"""
import json, sys
def note(pad):
    return json.dumps({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": pad}})
out = sys.stdout
out.write("starting the test server\n")
out.write(note("x" * 300_000) + "\n" + note("short") + "\n" + note("y" * 70_000))
out.flush()
out.write("\n")
out.flush()
sys.stdin.read()
"""


async def test_messages_are_read_whole_across_and_within_pipe_reads(tmp_path):
    stats = TransportStats()
    with (tmp_path / "stderr.log").open("w+") as errlog:
        async with capped_stdio(
            [sys.executable, "-c", CHILD], env=child_environment({}), cwd=None, errlog=errlog, stats=stats
        ) as (read, _write):
            # A hang guard only: a newline missed in the buffer would leave the test waiting for ever.
            with anyio.fail_after(300):
                messages = [await read.receive() for _ in range(3)]
    data = [message.message.model_dump()["params"]["data"] for message in messages]
    assert data == ["x" * 300_000, "short", "y" * 70_000]
    assert (stats.junk_lines, stats.answered, stats.not_mcp()) == (1, True, False)

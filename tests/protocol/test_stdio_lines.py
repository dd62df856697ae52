"""The stdio transport reads every line whole and in order, however large and wherever the pipe's reads end."""

from __future__ import annotations

import json
import sys

import anyio
import pytest

from skillscope.protocol.transport import TransportStats, capped_stdio, child_environment

# Read through the fast parse and through the SDK's public path (SKILLSCOPE_FAST_PARSE=off).
pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("either_parse")]

# A child that writes three JSON-RPC notifications: a small one, one of 3 MB (a catalog page or a large
# file's size, read in a thread), and a small one again, in small writes so that lines span many chunks.
_CHILD = r"""
import json, sys
big = "x" * 3_000_000
lines = [{"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": d}}
         for d in ("first", big, "last")]
out = "".join(json.dumps(line) + "\n" for line in lines).encode()
for start in range(0, len(out), 4093):
    sys.stdout.buffer.write(out[start : start + 4093])
    sys.stdout.buffer.flush()
sys.stdin.read()
"""


async def test_a_large_line_arrives_whole_and_between_its_neighbours(tmp_path):
    stats = TransportStats()
    with (tmp_path / "stderr.log").open("w") as errlog:
        async with capped_stdio([sys.executable, "-c", _CHILD], env={}, cwd=None, errlog=errlog, stats=stats) as (
            read_stream,
            _write_stream,
        ):
            got = []
            with anyio.fail_after(120):
                while len(got) < 3:
                    message = await read_stream.receive()
                    assert not isinstance(message, Exception), message
                    got.append(json.loads(message.message.model_dump_json(by_alias=True))["params"]["data"])
    assert got[0] == "first" and got[2] == "last"
    assert got[1] == "x" * 3_000_000
    assert stats.junk_lines == 0 and not stats.too_large


# A banner line, then three messages in one write: a long one that spans many pipe reads, a short
# one in the same read as the end of the first, and one whose newline comes in a write of its own.
_SPLIT_CHILD = r"""
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
            [sys.executable, "-c", _SPLIT_CHILD], env=child_environment({}), cwd=None, errlog=errlog, stats=stats
        ) as (read, _write):
            # A hang guard only: a newline missed in the buffer would leave the test waiting for ever.
            with anyio.fail_after(300):
                messages = [await read.receive() for _ in range(3)]
    data = [message.message.model_dump()["params"]["data"] for message in messages]
    assert data == ["x" * 300_000, "short", "y" * 70_000]
    assert (stats.junk_lines, stats.answered, stats.not_mcp()) == (1, True, False)

"""The stdio transport reads every line whole and in order, however large and however it is split into chunks."""

from __future__ import annotations

import json
import sys

import anyio
import pytest

from skillscope.protocol.transport import TransportStats, capped_stdio

pytestmark = pytest.mark.anyio

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

"""The fast parse runs on the SDK it was written for (else the suite fails, not the user), and its switch turns it off."""

from __future__ import annotations

import json
import sys
from typing import Any

import anyio
import pytest

from skillscope.protocol import fastparse, http_steps, offloop, transport
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.protocol.transport import TransportStats, capped_stdio
from tests.fixtures.surface import surface_server

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def test_the_fast_parse_is_active_on_the_sdk_it_was_written_for(monkeypatch: pytest.MonkeyPatch) -> None:
    # A tripwire for whoever upgrades the SDK. Two parts of the fast parse repeat private parts of one SDK
    # release line; under another they step aside, so users would lose the speed without a word. Failing
    # here instead, the upgrade stops until someone has checked them against the new release.
    monkeypatch.delenv(fastparse.SWITCH, raising=False)
    installed = fastparse.sdk_version()
    redo = (
        f"mcp {installed or '(not installed)'} is installed, but protocol/offloop.py and protocol/http_steps.py "
        f"repeat private parts of mcp {fastparse.WRITTEN_FOR}x: re-validate them against this release "
        "(their tests, and benchmarks/tui_bench.py as benchmarks/README.md's Accelerators section says), "
        "then move fastparse.WRITTEN_FOR"
    )
    assert fastparse.sdk_fits(), redo
    assert http_steps._usable(), "the SDK's Streamable HTTP transport lost a part the stepped transport uses: " + redo
    async with connect(Target(kind="inprocess", label="fx", server=surface_server()), era="modern") as conn:
        assert offloop.usable(conn.client.session), "the SDK's session lost a part the threaded check uses: " + redo
    assert fastparse.stepped_decode() and fastparse.sdk_repeats()


@pytest.mark.parametrize("value", ["off", "OFF", "0", "no", "false"])
async def test_the_switch_turns_every_part_off(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(fastparse.SWITCH, value)
    assert not fastparse.stepped_decode() and not fastparse.sdk_repeats() and not http_steps._usable()
    async with connect(Target(kind="inprocess", label="fx", server=surface_server()), era="modern") as conn:
        assert not offloop.usable(conn.client.session)


@pytest.mark.parametrize("value", ["", "on", "1", "yes"])
def test_other_values_leave_the_fast_parse_on(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(fastparse.SWITCH, value)
    assert fastparse.stepped_decode() and fastparse.sdk_repeats() == fastparse.sdk_fits()


# A child that writes one JSON-RPC notification of 1 MB on one line, well over PARSE_ON_LOOP.
_CHILD = r"""
import json, sys
line = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": ["x" * 100] * 10_000}}
sys.stdout.write(json.dumps(line) + "\n")
sys.stdout.flush()
sys.stdin.read()
"""


async def _one_large_stdio_message(tmp_path: Any) -> Any:
    stats = TransportStats()
    with (tmp_path / "stderr.log").open("w") as errlog:
        async with capped_stdio([sys.executable, "-c", _CHILD], env={}, cwd=None, errlog=errlog, stats=stats) as (
            read_stream,
            _write_stream,
        ):
            with anyio.fail_after(120):  # a hang guard only
                message = await read_stream.receive()
    assert not isinstance(message, Exception), message
    return json.loads(message.message.model_dump_json(by_alias=True))


@pytest.mark.parametrize("switch", [None, "off"], ids=["on", "off"])
async def test_a_large_stdio_line_is_decoded_in_steps_unless_switched_off(
    switch: str | None, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    stepped: list[int] = []
    decode = transport.message_in_steps

    def spy(data: bytes | str) -> Any:
        stepped.append(len(data))
        return decode(data)

    monkeypatch.setattr(transport, "message_in_steps", spy)
    if switch is None:
        monkeypatch.delenv(fastparse.SWITCH, raising=False)
    else:
        monkeypatch.setenv(fastparse.SWITCH, switch)
    message = await _one_large_stdio_message(tmp_path)
    # Either way the message arrives whole, as the SDK's parser reads it.
    assert message["params"]["data"] == ["x" * 100] * 10_000
    assert len(stepped) == (1 if switch is None else 0)

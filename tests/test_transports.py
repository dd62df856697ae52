"""The same behaviour in-process, over stdio and over HTTP, in both protocol eras."""

from __future__ import annotations

import sys
from contextlib import asynccontextmanager

import pytest

from skillscope.catalog.entry import Policy
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.catalog import load_catalog, resolve_name
from skillscope.verify.opener import open_skill
from tests.fixtures.hostile import MALFORMED, build_scenario
from tests.fixtures.http import REPO_ROOT, serve_http
from tests.fixtures.samples import HELLO_WORLD_FINGERPRINT

pytestmark = pytest.mark.anyio

TRANSPORTS = ["inprocess", "stdio", "http"]
ERAS = ["auto", "legacy"]


@asynccontextmanager
async def attached(scenario: str, transport: str, era: str):
    if transport == "inprocess":
        target = Target(label="fx", kind="inprocess", server=build_scenario(scenario))
        async with connect(target, era=era, timeout=120) as conn:
            yield conn
    elif transport == "stdio":
        command = (sys.executable, "-m", "tests.fixtures.run_server", scenario)
        target = Target(label="fx", kind="stdio", command=command, cwd=str(REPO_ROOT))
        async with connect(target, era=era, timeout=120) as conn:
            yield conn
    else:
        async with serve_http(build_scenario(scenario)) as url:
            async with connect(Target(label="fx", kind="http", url=url), era=era, timeout=120) as conn:
                yield conn


async def open_in(scenario, transport, era, name, **kw):
    async with attached(scenario, transport, era) as conn:
        listing = await load_catalog(conn, Policy())
        entry = await resolve_name(conn, listing, name, Policy())
        return conn.info, listing, await open_skill(conn, entry, **kw)


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_clean_samples_verify_file_by_file(transport, era):
    info, listing, report = await open_in("samples", transport, era, "byte-exact", all_files=True)
    assert info.protocol == ("2025-11-25" if era == "legacy" else "2026-07-28")
    assert listing.by_name("fx:hello-world").fingerprint == HELLO_WORLD_FINGERPRINT
    assert report.verified, report.failure
    assert {f.status for f in report.files} == {"verified"}


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize(
    ("scenario", "check"),
    [("tampered-skill-md", "digest"), ("frontmatter-mismatch", "frontmatter"), ("tampered-file", "digest")],
)
async def test_tampering_is_caught(transport, era, scenario, check):
    _, _, report = await open_in(scenario, transport, era, "pdf-processing", all_files=True)
    assert report.failure is not None and report.failure.check == check
    assert report.body is None and all(f.served is None for f in report.files)


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize("transport", TRANSPORTS)
async def test_malformed_entries_are_judged_one_by_one(transport, era):
    async with attached("malformed-entries", transport, era) as conn:
        listing = await load_catalog(conn, Policy())
    rules = [e.rule for e in listing.entries if e.status == "malformed"]
    assert rules == [m if isinstance(m, str) else m[0] for m in MALFORMED]
    assert sum(e.status == "available" for e in listing.entries) == 2


@pytest.mark.parametrize("transport", ["stdio", "http"])
async def test_a_text_file_with_non_utf8_bytes_fails_with_evidence(transport):
    _, _, report = await open_in("corrupt-text", transport, "auto", "byte-exact", all_files=True)
    assert report.failure is not None and report.failure.check in {"size", "digest"}


def test_sse_streams_are_capped_per_event_not_per_stream():
    import anyio
    import pytest as _pytest

    from skillscope.protocol.transport import MessageTooLarge, TransportStats, _CappedStream

    class Chunks:
        def __init__(self, chunks):
            self.chunks = chunks

        async def __aiter__(self):
            for chunk in self.chunks:
                yield chunk

        async def aclose(self):
            return None

    async def drain(chunks, **kw):
        stats = TransportStats()
        return [c async for c in _CappedStream(Chunks(chunks), 100, stats, **kw)], stats

    events = [b"event: message\r\ndata: " + b"x" * 40 + b"\r\n\r\n" for _ in range(10)]  # 600 bytes in all
    got, _ = anyio.run(lambda: drain(events, per_event=True))
    assert b"".join(got) == b"".join(events)
    with _pytest.raises(MessageTooLarge):
        anyio.run(lambda: drain(events))  # a plain response body is capped as a whole
    split = [b"data: " + b"y" * 60, b"y" * 60 + b"\n\n"]  # one event of 128 bytes across two chunks
    with _pytest.raises(MessageTooLarge):
        anyio.run(lambda: drain(split, per_event=True))
    boundary = [
        b"data: " + b"z" * 80 + b"\r",
        b"\n\r\n" + b"data: " + b"z" * 80 + b"\n\n",
    ]  # the end split across chunks
    got, _ = anyio.run(lambda: drain(boundary, per_event=True))
    assert b"".join(got) == b"".join(boundary)

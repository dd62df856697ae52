"""Time listing a server's surface (1,000 tools) beyond listing its skills: the cost of ``list --surface``.

    python benchmarks/surface_bench.py [--tools 1000] [--rounds 5] [--transport http|inprocess]

The server is the SDK's ``MCPServer`` with one skill and N tools (each with a described input schema and
an output schema, as ``MCPServer`` writes them), served in pages of 100 over Streamable HTTP on
127.0.0.1 (default) or in-process. Each round connects once and times, on that connection:

a. the skills listing alone (``load_catalog``), then
b. the surface: every tools/prompts/resources/templates page, fingerprints of every raw definition,
   the ledger's review state of every item and the ``list --surface --json`` document.

It prints each part's median and b's median, the figure the issue bounds (target < 1 s for 1,000 tools).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def build(tools: int):  # an MCPServer
    from skillscope.demo.publisher import build_server
    from tests.fixtures.samples import hello_world
    from tests.fixtures.surface import Pager

    server = build_server([hello_world()], name="surface-bench", middleware=[Pager(size=100, cache=True)])

    def tool(query: str, limit: int = 10) -> str:
        return query

    for n in range(tools):
        server.add_tool(
            tool, name=f"tool_{n:04d}", description=f"Look up records of kind {n}; returns at most `limit` rows."
        )
    return server


async def rounds(tools: int, count: int, transport: str) -> tuple[list[float], list[float], int]:
    import contextlib

    from skillscope.catalog.entry import Policy
    from skillscope.cli.surface_out import surface_json
    from skillscope.protocol.connection import connect
    from skillscope.protocol.target import Target
    from skillscope.service.catalog import load_catalog
    from skillscope.service.review_state import load_verdicts
    from skillscope.service.surface import item_reviews, load_surface

    server = build(tools)
    listing_times: list[float] = []
    surface_times: list[float] = []
    listed = 0
    with tempfile.TemporaryDirectory() as scratch:
        verdicts, _ = load_verdicts(Path(scratch) / "ledger.jsonl")
        async with contextlib.AsyncExitStack() as stack:
            if transport == "http":
                from tests.fixtures.http import serve_http

                url = await stack.enter_async_context(serve_http(server))
                target = Target(kind="http", label="bench", url=url)
            else:
                target = Target(kind="inprocess", label="bench", server=server)
            for _ in range(count + 1):  # the first round warms up and is not counted
                async with connect(target, era="modern") as conn:
                    start = time.perf_counter()
                    listing = await load_catalog(conn, Policy())
                    middle = time.perf_counter()
                    surface = await load_surface(conn, listing)
                    surface_json(surface, item_reviews(verdicts, surface))
                    end = time.perf_counter()
                listing_times.append(middle - start)
                surface_times.append(end - middle)
                listed = len(surface.items["tool"])
    return listing_times[1:], surface_times[1:], listed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--transport", choices=["http", "inprocess"], default="http")
    args = parser.parse_args()
    import logging

    import anyio

    logging.basicConfig(level=logging.WARNING)
    listing, surface, listed = anyio.run(rounds, args.tools, args.rounds, args.transport)
    assert listed == args.tools, f"listed {listed} tools, expected {args.tools}"
    print(f"{args.tools} tools over {args.transport}, {args.rounds} rounds")
    print(f"skills listing         median {statistics.median(listing) * 1000:8.1f} ms")
    print(f"surface beyond it      median {statistics.median(surface) * 1000:8.1f} ms  (target < 1000 ms)")
    return 0 if statistics.median(surface) < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())

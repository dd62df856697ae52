"""The floor for a full audit: what a bare MCP SDK client needs to list, read and hash every skill file.

    python benchmarks/audit_floor.py [--url URL | --server-process] [--skills 200] [--concurrency 8]
                                     [--repeat 3] [--stateless] [--json] [--inspector] [--no-tracemalloc]

Without ``--url`` it serves the generated catalog of ``benchmarks/audit_catalog.py`` (200 skills x 4
files): in a background thread of this process by default, or from a child process with
``--server-process`` (then the time and memory are the client's alone). The client does only the
irreducible work, with no validation, rendering or report:

1. connect with ``mcp.Client(url, mode="auto", extensions=[advertise(skills)], cache=None)``;
2. walk ``skills/list`` (raw request) through every ``nextCursor``;
3. ``client.session.read_resource(uri)`` for every listed file, at most ``--concurrency`` in flight
   (anyio task group + semaphore), and compare each file's sha256 and size with the entry.

It prints the wall time of each phase over ``--repeat`` runs and ``ru_maxrss`` of this process. One more,
untimed run measures the tracemalloc peak, because tracing slows Python allocations about 3x when the
server shares the process. With ``--inspector`` it also times ``mcp-inspector --cli URL --method
skills/list --verify --protocol-era auto`` (installed by ``bash tests/audit/setup_inspector.sh``)
against the same server.

``--url URL --once`` runs the client once and prints its counts and timings as one JSON line: that
is how ``benchmarks/audit_bench.py`` times the floor as a whole process, start-up included.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import os
import resource
import socket
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import anyio
import mcp
import mcp_types
from mcp.client import advertise
from pydantic import Field, TypeAdapter

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

SKILLS_EXTENSION = "io.modelcontextprotocol/skills"
INSPECTOR = REPO / ".cache" / "inspector" / "bin" / "mcp-inspector"
_DICT = TypeAdapter(dict[str, Any])


class SkillsListRequest(mcp_types.Request[mcp_types.PaginatedRequestParams, Literal["skills/list"]]):
    """Raw ``skills/list`` (the SDK has no skills API)."""

    method: Literal["skills/list"] = "skills/list"
    params: mcp_types.PaginatedRequestParams = Field(default_factory=mcp_types.PaginatedRequestParams)


def _bytes_of(result: Any, uri: str) -> bytes:
    for item in result.contents:
        if item.uri != uri:
            continue
        text = getattr(item, "text", None)
        if isinstance(text, str):
            return text.encode("utf-8")
        blob = getattr(item, "blob", None)
        if isinstance(blob, str):
            return base64.b64decode(blob, validate=True)
    raise ValueError(f"{uri}: no contents item for this uri")


async def floor_run(url: str, concurrency: int) -> dict[str, Any]:
    """List every page, read and hash every file; return timings and counts."""
    t0 = time.perf_counter()
    client = mcp.Client(url, mode="auto", extensions=[advertise(SKILLS_EXTENSION)], cache=None)
    async with client:
        t_connect = time.perf_counter()
        entries: list[dict[str, Any]] = []
        cursor: str | None = None
        seen: set[str] = set()
        pages = 0
        while True:
            result = await client.session.send_request(
                SkillsListRequest(params=mcp_types.PaginatedRequestParams(cursor=cursor)), _DICT
            )
            pages += 1
            entries.extend(e for e in result.get("skills", []) if isinstance(e, dict))
            cursor = result.get("nextCursor")
            if not isinstance(cursor, str) or not cursor or cursor in seen or pages >= 1000:
                break
            seen.add(cursor)
        t_list = time.perf_counter()

        files = [
            (item["uri"], item["digest"], item["size"])
            for entry in entries
            if isinstance(entry.get("resources"), list)
            for item in entry["resources"]
        ]
        limiter = anyio.Semaphore(concurrency)
        mismatches: list[str] = []
        total_bytes = 0

        async def fetch(uri: str, digest: str, size: int) -> None:
            nonlocal total_bytes
            async with limiter:
                read = await client.session.read_resource(uri)
            data = _bytes_of(read, uri)
            total_bytes += len(data)
            if len(data) != size or "sha256:" + hashlib.sha256(data).hexdigest() != digest:
                mismatches.append(uri)

        async with anyio.create_task_group() as group:
            for uri, digest, size in files:
                group.start_soon(fetch, uri, digest, size)
        t_read = time.perf_counter()
        protocol = str(client.protocol_version)
    return {
        "protocol": protocol,
        "skills": len(entries),
        "pages": pages,
        "files": len(files),
        "bytes": total_bytes,
        "mismatches": len(mismatches),
        "connect_s": t_connect - t0,
        "list_s": t_list - t_connect,
        "read_s": t_read - t_list,
        "total_s": t_read - t0,
    }


def run_inspector(url: str) -> tuple[float, int, str]:
    """Time one Inspector CLI verify run over the whole catalog."""
    argv = [str(INSPECTOR), "--cli", url, "--method", "skills/list", "--verify", "--protocol-era", "auto",
            "--skill-catalog-max-skills", "100000"]  # fmt: skip
    start = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=False)
    elapsed = time.perf_counter() - start
    return elapsed, proc.returncode, (proc.stderr.strip().splitlines() or [""])[-1][:300]


@contextlib.contextmanager
def _catalog_process(args: argparse.Namespace) -> Iterator[str]:
    """Run ``audit_catalog.py --serve`` as a child process; yield its URL."""
    argv = [sys.executable, str(REPO / "benchmarks" / "audit_catalog.py"), "--serve", "--skills", str(args.skills),
            "--page-size", str(args.page_size)]  # fmt: skip
    argv += ["--stateless"] if args.stateless else []
    argv += ["--json"] if args.json else []
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        if not url.startswith("http://"):
            raise RuntimeError(f"the catalog server printed {url!r}")
        deadline = time.monotonic() + 15
        port = int(url.rsplit(":", 1)[1].split("/", 1)[0])
        while True:  # the URL is printed just before uvicorn starts accepting
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("the catalog server did not start")
            time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="measure this server instead of the generated catalog")
    parser.add_argument("--skills", type=int, default=200)
    parser.add_argument("--page-size", type=int, default=50)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--stateless", action="store_true", help="serve the catalog in stateless HTTP mode")
    parser.add_argument("--json", action="store_true", help="serve JSON answers instead of SSE")
    parser.add_argument("--inspector", action="store_true", help="also time the MCP Inspector CLI")
    parser.add_argument("--no-tracemalloc", action="store_true", help="skip the extra tracemalloc run")
    parser.add_argument(
        "--once",
        action="store_true",
        help="with --url: one run, one JSON line of counts and timings on stdout (audit_bench.py times this process)",
    )
    parser.add_argument(
        "--server-process", action="store_true", help="serve the catalog from a child process (client-only numbers)"
    )
    args = parser.parse_args(argv)
    if args.once:
        if not args.url:
            parser.error("--once needs --url")
        import json

        print(json.dumps(anyio.run(floor_run, args.url, args.concurrency)))
        return 0

    print(f"python {sys.version.split()[0]}, mcp {getattr(mcp, '__version__', '?')}, {os.cpu_count()} CPUs")
    rss_start = _rss_mib()
    in_process = False
    with contextlib.ExitStack() as stack:
        if args.url:
            url = args.url
        elif args.server_process:
            url = stack.enter_context(_catalog_process(args))
            print(f"catalog: {args.skills} skills served by a child process at {url}")
        else:
            in_process = True
            from audit_catalog import serve_catalog

            t = time.perf_counter()
            url = stack.enter_context(
                serve_catalog(
                    args.skills, page_size=args.page_size or None, stateless=args.stateless, json_response=args.json
                )
            )
            mode = ("stateless" if args.stateless else "stateful") + (" JSON" if args.json else " SSE")
            print(f"catalog: {args.skills} skills served at {url} ({mode}, pages of {args.page_size}) "
                  f"in {time.perf_counter() - t:.2f} s; RSS now {_rss_mib():.0f} MiB (was {rss_start:.0f})")  # fmt: skip

        totals = []
        for n in range(args.repeat):
            stats = anyio.run(floor_run, url, args.concurrency)
            totals.append(stats["total_s"])
            print(
                f"floor run {n + 1}: {stats['protocol']}, {stats['skills']} skills / {stats['pages']} pages / "
                f"{stats['files']} files / {stats['bytes']:,} bytes, {stats['mismatches']} mismatches | "
                f"connect {stats['connect_s']:.3f} s, list {stats['list_s']:.3f} s, read+hash {stats['read_s']:.3f} s, "
                f"total {stats['total_s']:.3f} s"
            )
        print(
            f"floor: median {statistics.median(totals):.3f} s, best {min(totals):.3f} s over {len(totals)} runs "
            f"(concurrency {args.concurrency}); peak RSS of this process {_rss_mib():.0f} MiB"
            + (" (server thread included)" if in_process else " (client only)")
        )
        if not args.no_tracemalloc:
            # A separate run: tracemalloc slows every Python allocation (about 3x here when the
            # server shares the process), so it is never part of the timed runs.
            tracemalloc.start()
            stats = anyio.run(floor_run, url, args.concurrency)
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
            print(
                f"floor memory: tracemalloc peak {peak:.1f} MiB"
                + (" (server thread included)" if in_process else " (client only)")
                + f", that run took {stats['total_s']:.3f} s under tracing"
            )
        if args.inspector:
            if not INSPECTOR.exists():
                print("inspector: not installed (bash tests/audit/setup_inspector.sh)")
            else:
                times = []
                for n in range(args.repeat):
                    elapsed, code, last = run_inspector(url)
                    times.append(elapsed)
                    print(f"inspector run {n + 1}: {elapsed:.3f} s, exit {code}: {last}")
                print(f"inspector: median {statistics.median(times):.3f} s, best {min(times):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

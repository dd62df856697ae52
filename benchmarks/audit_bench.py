"""Audit benchmark: skillscope's audit of a 200-skill × 4-file catalog over HTTP beside the floor.

    python benchmarks/audit_bench.py [--skills 200] [--repeat 3] [--concurrency 8] [--cli] [--inspector]

The floor (benchmarks/audit_floor.py) is a bare MCP client that only lists, reads and hashes the
same files. skillscope's audit does that plus every check: skills/get per entry, resources/list,
the suite's checks, content scanning and the reports' data. Target: within 1.5x of the floor.
With --cli the whole `skillscope audit` command (process start-up included) is timed too, and
with --inspector the MCP Inspector CLI's verify run (tests/review/setup_inspector.sh installs it).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from audit_catalog import serve_catalog  # noqa: E402
from audit_floor import _catalog_process, floor_run  # noqa: E402

from skillscope.catalog.entry import Policy  # noqa: E402
from skillscope.protocol import Target, connect  # noqa: E402
from skillscope.review import audit_json, audit_server  # noqa: E402


async def skillscope_run(url: str, concurrency: int) -> dict[str, float | int]:
    """One audit through the library, as the CLI runs it, JSON report included."""
    t0 = time.perf_counter()
    async with connect(Target(label="bench", kind="http", url=url), timeout=60) as conn:
        audit = await audit_server(conn, Policy(), None, concurrency=concurrency)
    audit_json([audit])
    verified = sum(1 for s in audit.skills if s.report is not None and s.report.failure is None)
    return {"total_s": time.perf_counter() - t0, "skills": len(audit.skills), "verified": verified, "findings": len(audit.findings)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skills", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--cli", action="store_true", help="also time the skillscope audit command end to end")
    parser.add_argument("--inspector", action="store_true", help="also time the MCP Inspector CLI's verify")
    parser.add_argument("--in-process", action="store_true", help="serve the catalog from a thread of this process "
                        "(it then competes with the clients for the interpreter); default: a child process")
    args = parser.parse_args()

    if args.in_process:
        serving = serve_catalog(args.skills)
    else:
        serving = _catalog_process(argparse.Namespace(skills=args.skills, page_size=50, stateless=False, json=False))
    with serving as url:
        where = "this process" if args.in_process else "a child process"
        print(f"catalog: {args.skills} skills x 4 files at {url}, served from {where}")
        anyio.run(floor_run, url, args.concurrency)  # warm both sides once
        floors, ours = [], []
        for _ in range(args.repeat):
            floors.append(anyio.run(floor_run, url, args.concurrency)["total_s"])
            ours.append(anyio.run(skillscope_run, url, args.concurrency)["total_s"])
        tracemalloc.start()
        result = anyio.run(skillscope_run, url, args.concurrency)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        floor_s, ours_s = statistics.median(floors), statistics.median(ours)
        print(f"floor (bare MCP client: list, read, hash): median {floor_s:.2f} s of {args.repeat}")
        print(f"skillscope audit (library, every check):   median {ours_s:.2f} s of {args.repeat} "
              f"({result['verified']}/{result['skills']} skills verified, {result['findings']} findings)")
        ratio = ours_s / floor_s
        print(f"ratio: {ratio:.2f}x the floor (target within 1.5x: {'met' if ratio <= 1.5 else 'MISSED'})")
        print(f"peak Python memory of one audit (tracemalloc, server thread included): {peak / 1e6:.0f} MB; "
              f"process max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
        if args.cli:
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                subprocess.run([sys.executable, "-m", "skillscope", "audit", url, "--format", "json", "--fail-on", "never"],
                               check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
                times.append(time.perf_counter() - t0)
            rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            print(f"skillscope audit command (process start included): median {statistics.median(times):.2f} s, max RSS {rss:.0f} MB")
        if args.inspector:
            from audit_floor import run_inspector

            seconds, code, note = run_inspector(url)
            print(f"MCP Inspector CLI verify: {seconds:.2f} s (exit {code}) {note}")


if __name__ == "__main__":
    main()

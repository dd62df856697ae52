"""End-to-end audit benchmark: the whole skillscope command beside the MCP Inspector and a bare SDK client.

    bash tests/conformance/setup.sh && bash tests/interop/setup.sh && bash tests/audit/setup_inspector.sh
    python benchmarks/audit_bench.py [--rounds 5] [--skills 200] [--concurrency 8] [--keep DIR] [--thorough]

The workload: ``benchmarks/audit_catalog.py`` writes 200 skills x 4 files (3.2 MB) to a temporary
folder, and the TypeScript SDK's publisher ``@modelcontextprotocol/server@2.4.0``
(``tests/interop/ts_publisher.mjs --http``, pages of 100, ``directoryRead: true``) serves it over
Streamable HTTP from its own Node 22 process (the Node that ``tests/conformance/setup.sh`` pins into
``.cache/conformance``). Three commands are timed as whole processes, start-up included, interleaved
(a, b, c, a, b, c, ...) after one untimed warm-up round, and each one's wall time median and peak RSS
(``ru_maxrss`` from ``wait4``) are printed with the two ratios the issue sets as targets:

a. ``skillscope audit URL --format json -o F --fail-on never``: connect, list, every check of the
   audit (every file read and verified by size, digest and frontmatter, content scans, the official
   suite's SEP-2640 server checks, manifest completeness against resources/list and directory reads,
   the SEP-2164 probe) and the JSON report written to disk.
b. MCP Inspector 2.12 ``--cli URL --method skills/list --verify --protocol-era auto``: lists, then reads
   every listed file one at a time and checks its size and sha256 against the entry, compares SKILL.md's
   frontmatter with the entry, and runs its own entry conformance rules. It sends no ``skills/get``, no
   ``resources/list`` and no directory read, scans no content and writes no report (one JSON line
   per skill on stdout, discarded here). Seen on the wire: server/discover, subscriptions/listen,
   skills/list pages, one resources/read per file.
c. the floor, ``benchmarks/audit_floor.py --once``: the official ``mcp`` SDK client lists every page and
   reads and sha256-hashes every file (8 reads in flight), comparing size and digest. Nothing else.

skillscope's bytecode is compiled first (``compileall``), as ``pip install`` does: with
``PYTHONDONTWRITEBYTECODE`` set, as on this machine, an editable install would otherwise compile
every skillscope module on every run, while the SDK (and so the floor) is precompiled in site-packages.

Each run is checked, not just timed: skillscope's report must show every skill verified, the
Inspector must say "Verified N skills and 4N files", the floor must report no mismatch. Targets:
skillscope / Inspector <= 1.0 and skillscope / floor <= 1.3. ``--keep DIR`` keeps the last skillscope
report (to compare findings before and after a change).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from audit_catalog import write_catalog  # noqa: E402

CACHE = ROOT / ".cache"
NODE22 = CACHE / "conformance" / "bin" / "node"
NODE_MODULES = CACHE / "interop" / "node" / "node_modules"
INSPECTOR = CACHE / "inspector" / "bin" / "mcp-inspector"
PUBLISHER = ROOT / "tests" / "interop" / "ts_publisher.mjs"
TARGETS = {"inspector": 1.0, "floor": 1.3}


@dataclass
class Side:
    """One command under test and what its runs measured."""

    name: str
    argv: Callable[[str, Path], list[str]]
    check: Callable[[subprocess.CompletedProcess[str], Path], str]
    """Returns a one-line summary of what the run did; raises when it did not do the whole job."""
    seconds: list[float] = field(default_factory=list)
    rss_mib: list[float] = field(default_factory=list)
    summary: str = ""


def _run(side: Side, url: str, work: Path) -> None:
    """Run one side as a real process; time it and take its peak RSS from wait4."""
    report = work / f"{side.name}.out"
    report.unlink(missing_ok=True)
    with open(work / "stdout", "w+") as out, open(work / "stderr", "w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(side.argv(url, report), stdout=out, stderr=err, text=True, cwd=ROOT)
        # wait4, not proc.wait(): it also returns the process's own resource usage (ru_maxrss).
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        done = subprocess.CompletedProcess(proc.args, proc.returncode, out.read(), err.read())
    side.summary = side.check(done, report)
    side.seconds.append(elapsed)
    side.rss_mib.append(usage.ru_maxrss / 1024)


def _skillscope_check(skills: int) -> Callable[[subprocess.CompletedProcess[str], Path], str]:
    def check(proc: subprocess.CompletedProcess[str], report: Path) -> str:
        if proc.returncode != 0:
            raise RuntimeError(f"skillscope exited {proc.returncode}: {proc.stderr[-800:]}")
        data = json.loads(report.read_text())
        server = data["servers"][0]
        rows = server["skills"]
        verified = sum(1 for s in rows if s.get("verified"))
        if len(rows) != skills or verified != skills:
            raise RuntimeError(f"skillscope verified {verified} of {len(rows)} skills")
        statuses = [c["status"] for c in server["checks"]]
        counts = ", ".join(f"{statuses.count(s)} {s}" for s in sorted(set(statuses)))
        return f"{verified}/{len(rows)} skills verified, {len(server['findings'])} findings; checks: {counts}"

    return check


def _inspector_check(skills: int) -> Callable[[subprocess.CompletedProcess[str], Path], str]:
    def check(proc: subprocess.CompletedProcess[str], report: Path) -> str:
        said = proc.stderr.strip().splitlines()[-1:] or [""]
        if proc.returncode != 0 or f"Verified {skills} skills and {skills * 4} files" not in said[0]:
            raise RuntimeError(f"inspector exited {proc.returncode}: {proc.stderr[-800:]}")
        lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        verified = sum(1 for line in lines if line.get("outcome") == "verified")
        return f"{said[0]} ({verified} 'verified' lines on stdout)"

    return check


def _floor_check(skills: int) -> Callable[[subprocess.CompletedProcess[str], Path], str]:
    def check(proc: subprocess.CompletedProcess[str], report: Path) -> str:
        if proc.returncode != 0:
            raise RuntimeError(f"the floor exited {proc.returncode}: {proc.stderr[-800:]}")
        stats = json.loads(proc.stdout.strip().splitlines()[-1])
        if stats["files"] != skills * 4 or stats["mismatches"]:
            raise RuntimeError(f"the floor read {stats['files']} files, {stats['mismatches']} mismatches")
        return f"{stats['skills']} skills, {stats['files']} files, {stats['bytes']:,} bytes hashed, no mismatch"

    return check


def _require_installs() -> None:
    missing = [
        (path, how)
        for path, how in (
            (NODE22, "bash tests/conformance/setup.sh"),
            (NODE_MODULES / "@modelcontextprotocol" / "server" / "package.json", "bash tests/interop/setup.sh"),
            (INSPECTOR, "bash tests/audit/setup_inspector.sh"),
        )
        if not path.exists()
    ]
    if missing:
        sys.exit("missing installs:\n" + "\n".join(f"  {path}: run {how}" for path, how in missing))


class Publisher:
    """The TypeScript SDK publisher serving a folder over Streamable HTTP, in its own Node process."""

    def __init__(self, root: Path) -> None:
        env = dict(os.environ, SKILLSCOPE_INTEROP_NODE_MODULES=str(NODE_MODULES))
        self.proc = subprocess.Popen(
            [str(NODE22), str(PUBLISHER), "--http", "0", str(root)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stderr is not None
        deadline = time.monotonic() + 30
        self.url = ""
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                break
            match = re.search(r"listening on (http://\S+)", line)
            if match:
                self.url = match.group(1)
                break
        if not self.url:
            self.close()
            raise RuntimeError("the TypeScript publisher did not start")

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (each runs all three once)")
    parser.add_argument("--skills", type=int, default=200)
    parser.add_argument(
        "--concurrency", type=int, default=8, help="skillscope --concurrency and the floor's reads in flight"
    )
    parser.add_argument("--keep", type=Path, help="copy the last skillscope JSON report into this folder")
    parser.add_argument(
        "--thorough",
        action="store_true",
        help="also time `skillscope audit --thorough` (skills/get for every entry, every directory walked)",
    )
    args = parser.parse_args(argv)
    _require_installs()

    skillscope = Side(
        "skillscope",
        lambda url, out: [
            sys.executable,
            "-m",
            "skillscope",
            "audit",
            url,
            "--format",
            "json",
            "-o",
            str(out),
            "--fail-on",
            "never",
            "--concurrency",
            str(args.concurrency),
        ],
        _skillscope_check(args.skills),
    )
    inspector = Side(
        "inspector",
        lambda url, out: [
            str(INSPECTOR),
            "--cli",
            url,
            "--method",
            "skills/list",
            "--verify",
            "--protocol-era",
            "auto",
            "--skill-catalog-max-skills",
            str(max(256, args.skills)),
        ],
        _inspector_check(args.skills),
    )
    floor = Side(
        "floor",
        lambda url, out: [
            sys.executable,
            str(ROOT / "benchmarks" / "audit_floor.py"),
            "--url",
            url,
            "--once",
            "--concurrency",
            str(args.concurrency),
        ],
        _floor_check(args.skills),
    )
    sides = [skillscope, inspector, floor]
    if args.thorough:
        sides.insert(
            1,
            Side(
                "thorough",
                lambda url, out: [*skillscope.argv(url, out), "--thorough"],
                _skillscope_check(args.skills),
            ),
        )
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "skillscope")], check=True, stdout=subprocess.DEVNULL
    )
    with tempfile.TemporaryDirectory(prefix="skillscope-bench-") as tmp:
        work = Path(tmp)
        total = write_catalog(work / "skills", args.skills)
        publisher = Publisher(work / "skills")
        try:
            node = subprocess.run([str(NODE22), "--version"], capture_output=True, text=True, check=True).stdout.strip()
            print(
                f"workload: {args.skills} skills x 4 files, {total:,} bytes, served by @modelcontextprotocol/server 2.4.0 "
                f"(node {node}) at {publisher.url}"
            )
            print(
                f"machine: {os.cpu_count()} CPUs, python {sys.version.split()[0]}; {args.rounds} interleaved rounds after 1 warm-up"
            )
            for side in sides:  # warm-up: disk caches, the publisher's JIT, .pyc files
                _run(side, publisher.url, work)
                side.seconds.clear()
                side.rss_mib.clear()
            for _ in range(args.rounds):
                for side in sides:
                    _run(side, publisher.url, work)
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                shutil.copy(work / "skillscope.out", args.keep / "skillscope-report.json")
        finally:
            publisher.close()

    print()
    print(f"{'command':<12} {'median s':>9} {'min s':>7} {'max s':>7} {'peak RSS MiB':>13}  what it did")
    for side in sides:
        print(
            f"{side.name:<12} {statistics.median(side.seconds):>9.2f} {min(side.seconds):>7.2f} {max(side.seconds):>7.2f} "
            f"{max(side.rss_mib):>13.0f}  {side.summary}"
        )
    ours = statistics.median(skillscope.seconds)
    print()
    for other in (inspector, floor):
        ratio = ours / statistics.median(other.seconds)
        if args.thorough:
            full = statistics.median(sides[1].seconds) / statistics.median(other.seconds)
            print(f"skillscope --thorough / {other.name}: {full:.2f}x (no target: every check, nothing skipped)")
        target = TARGETS[other.name]
        print(
            f"skillscope / {other.name}: {ratio:.2f}x (target <= {target:.1f}: {'met' if ratio <= target else 'MISSED'})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

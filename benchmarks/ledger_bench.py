"""Ledger benchmark: append latency, and the time to verify and replay a 100,000-record ledger.

    python benchmarks/ledger_bench.py [--records 100000] [--appends 200]

Prints numbers for an unsigned and a signed ledger. The targets for verify + replay of 100,000 records
on a 2-core machine: 2 s or less once the lines are in the cache of checked lines (warm), 10 s or less
for the first check, which parses every line strictly and verifies every signature (cold), and a peak
of 250 MB or less either way. For a signed ledger of 10,000 records it first times ``ledger verify``
on an empty cache (target: 2 s), as the command and in this process.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillscope.ledger.book import ReviewBook, read_verdicts
from skillscope.ledger.core.record import GENESIS, FileEntry, Record, encode_line
from skillscope.ledger.core.signing import Signer, load_signer
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.team.export import export_approved


def make_record(n: int) -> Record:
    """A realistic record: a skill of four files on one of 2,000 names, mostly approvals."""
    name = f"srv:team-{n % 50}/skill-{n % 2000}"
    round_ = n // 2000
    path = name.split(":", 1)[1]
    files = tuple(
        FileEntry(f"skill://{path}/{rel}", "sha256:" + f"{(n * 7 + i):064x}"[-64:], 100 + i)
        for i, rel in enumerate(("SKILL.md", "references/GUIDE.md", "scripts/run.py", "assets/logo.png"))
    )
    return Record(
        # Each skill is approved at a new version most rounds, sometimes rejected or revoked.
        action=("approve", "approve", "approve", "reject", "approve", "revoke")[(round_ + n) % 6],  # type: ignore[arg-type]
        time="2026-11-30T06:00:00Z",
        reviewer="Ada Reviewer <ada@example.com>",
        name=name,
        note="reviewed every file",
        label="srv",
        server="https://skills.example.com/mcp",
        protocol="2026-07-28",
        uri=f"skill://{path}/SKILL.md",
        fingerprint="sha256:" + f"{n:064x}",
        files=files,
        tool="skillscope bench",
    )


def write_ledger(path: Path, count: int, signer: Signer | None) -> None:
    """Write ``count`` chained records directly (one fsync at the end, not per record); signed when ``signer``."""
    prev = GENESIS
    ledger = Ledger(path, signer=signer)
    with path.open("w", encoding="utf-8") as handle:
        for n in range(count):
            record = make_record(n)
            if signer is not None:
                record = ledger.sign(record)
            line, prev = encode_line(replace(record, seq=n + 1, prev=prev))
            handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())


def _workers_cpu() -> float:
    """CPU seconds of the finished child processes, which ``process_time`` leaves out: this process's own, and
    the cold check's workers, which are children of multiprocessing's fork server (it reaps them, so their
    time is in its counts of finished children)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = used.ru_utime + used.ru_stime
    try:
        from multiprocessing import forkserver

        pid = forkserver._forkserver._forkserver_pid  # type: ignore[attr-defined]
        if pid:
            with open(f"/proc/{pid}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            total += sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, AttributeError):
        pass
    return total


def cold_verify(records: int, tmp: Path) -> None:
    """Time ``ledger verify`` of a signed ledger on an empty cache of checked lines: the first check a user makes.

    Run before anything else in this process, so the in-process check starts the workers' fork
    server as the command does. Its data folder (key, cache, rollback memory) is its own.
    """
    data = tmp / "data-cold-verify"
    before = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(data)
    try:
        path = tmp / "ledger-cold-verify.jsonl"
        write_ledger(path, records, load_signer())
        cache = data / "skillscope" / "checked.sqlite"
        env = {**os.environ, "HOME": str(tmp), "XDG_CONFIG_HOME": str(tmp / "config")}
        command = [sys.executable, "-m", "skillscope", "ledger", "verify", "--ledger", str(path)]
        t0 = time.perf_counter()
        done = subprocess.run(command, env=env, cwd=tmp, capture_output=True, text=True, timeout=600)
        command_s = time.perf_counter() - t0
        assert done.returncode == 0, done.stdout + done.stderr
        cache.unlink()
        shutil.rmtree(data / "skillscope" / "seen", ignore_errors=True)  # the rollback memory, as on a first check
        t0, c0, w0 = time.perf_counter(), time.process_time(), _workers_cpu()
        check = ReviewBook(path).check()
        wall, cpu, workers = time.perf_counter() - t0, time.process_time() - c0, _workers_cpu() - w0
        assert check.ok, check.missing or check.result.problems
    finally:
        if before is None:
            os.environ.pop("XDG_DATA_HOME", None)
        else:
            os.environ["XDG_DATA_HOME"] = before
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"[signed] cold ledger verify of {records:,} records (empty cache): the command {command_s:.2f} s wall; "
        f"in this process {wall:.2f} s (CPU {cpu:.2f} s, and {workers:.2f} s in child processes); "
        f"target 2 s {'met' if command_s <= 2.0 else 'MISSED'}; load average {load}"
    )


def bench(records: int, appends: int, signed: bool, tmp: Path, runs: int = 5) -> None:
    """Print the numbers for one kind of ledger."""
    kind = "signed" if signed else "unsigned"
    os.environ["XDG_DATA_HOME"] = str(tmp / f"data-{kind}")  # a fresh key, memory and cache of checked lines
    signer = load_signer() if signed else None
    path = tmp / f"ledger-{kind}.jsonl"
    started = time.perf_counter()
    write_ledger(path, records, signer)
    size = path.stat().st_size
    print(f"[{kind}] wrote {records:,} records ({size / 1e6:.1f} MB) in {time.perf_counter() - started:.2f} s")

    ledger = Ledger(path, signer=signer)
    latencies = []
    for n in range(appends):
        t0 = time.perf_counter()
        ledger.append(make_record(records + n))
        latencies.append((time.perf_counter() - t0) * 1000)
    latencies.sort()
    print(
        f"[{kind}] append ({'sign + ' if signed else ''}lock + tail check + write + fsync), {appends} appends on a "
        f"{records:,}-record ledger: median {statistics.median(latencies):.2f} ms, "
        f"p95 {latencies[int(len(latencies) * 0.95) - 1]:.2f} ms, max {latencies[-1]:.2f} ms"
    )

    cache = Path(os.environ["XDG_DATA_HOME"]) / "skillscope" / "checked.sqlite"
    t0, c0, w0 = time.perf_counter(), time.process_time(), _workers_cpu()
    verdicts = read_verdicts(path)
    cold_s, cold_cpu, workers_cpu = time.perf_counter() - t0, time.process_time() - c0, _workers_cpu() - w0
    what = "strict parse and signature of every line" if signed else "strict parse of every line"
    # Wall time is CPU time over the cores, plus what other jobs take of them: both are given, and the load.
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"[{kind}] cold verify + replay of {records + appends:,} records ({what}, filling the cache of checked lines): "
        f"{cold_s:.2f} s (CPU {cold_cpu:.2f} s, and {workers_cpu:.2f} s in child processes: the workers and "
        f"their fork server); load average {load}"
    )

    # The machine is shared: several runs, wall and CPU time apart, and the median is what is judged.
    # The first read left a checkpoint of the file as it read it; these start from it.
    walls, cpus = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        verdicts = read_verdicts(path)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        del verdicts
    replay_s = statistics.median(walls)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())  # wall time well above CPU time means a busy machine
    print(
        f"[{kind}] warm verify + replay (lines found in the cache), {runs} runs: median {replay_s:.2f} s "
        f"(min {min(walls):.2f} s), CPU median {statistics.median(cpus):.2f} s (min {min(cpus):.2f} s); load average {load}"
    )
    # ``ledger verify`` and ``export`` also compare every review with the rollback memory: the first check
    # fills the memory (100,000 reviews), later ones take the reviews from the checkpoint's line summary.
    # ``export`` (its plain list of fingerprints) then lists the approvals in force.
    ReviewBook(path).check()
    walls, cpus, exported = [], [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        book = ReviewBook(path)
        check = book.check()
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        assert check.ok, check.missing or check.result.problems
        c0 = time.process_time()
        approvals = len(export_approved(book.exportable(check), "txt").splitlines())
        exported.append(time.process_time() - c0)
        del check
    print(
        f"[{kind}] warm ledger verify (checkpoint, rollback memory of every review), {runs} runs: "
        f"median {statistics.median(walls):.2f} s (min {min(walls):.2f} s), CPU median {statistics.median(cpus):.2f} s; "
        f"a plain export takes {statistics.median(exported):.2f} s of CPU more for {approvals:,} approvals in force"
    )
    peaks = {}
    for state in ("warm", "ledger verify", "cold"):
        if state == "cold":
            cache.unlink(missing_ok=True)
        tracemalloc.start()
        if state == "ledger verify":
            ReviewBook(path).check()
        else:
            read_verdicts(path)
        peaks[state] = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    print(
        f"[{kind}] peak memory of verify + replay (tracemalloc, timed apart): warm {peaks['warm']:.0f} MB, "
        f"warm ledger verify {peaks['ledger verify']:.0f} MB, cold {peaks['cold']:.0f} MB"
    )
    targets = [
        ("warm <= 2 s", replay_s <= 2.0),
        ("cold <= 10 s", cold_s <= 10.0),
        ("peak <= 250 MB", max(peaks.values()) <= 250),
    ]
    print(
        f"[{kind}] targets for {records:,} records (medians on a quiet 2-core machine): "
        + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in targets)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--appends", type=int, default=200)
    parser.add_argument("--only", choices=["signed", "unsigned"], help="Run one kind of ledger only.")
    parser.add_argument("--runs", type=int, default=5, help="Timed verify + replay runs (the median is judged).")
    parser.add_argument(
        "--cold-records", type=int, default=10_000, help="Records of the signed ledger verified on an empty cache."
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.only in (None, "signed") and args.cold_records:
            cold_verify(args.cold_records, Path(tmp))
        for signed in (False, True):
            if args.only in (None, "signed" if signed else "unsigned"):
                bench(args.records, args.appends, signed, Path(tmp), args.runs)


if __name__ == "__main__":
    main()

"""The first read of a large ledger checks lines in worker processes and finds exactly what one process finds."""

from __future__ import annotations

import fcntl
import hashlib
import os
import time
from dataclasses import replace

import pytest

from skillscope.core.locations import user_data_dir
from skillscope.ledger.book import ReviewBook
from skillscope.ledger.cache import coldcheck
from skillscope.ledger.cache.checked import CheckedCache
from skillscope.ledger.cache.checkpoint import Prefix
from skillscope.ledger.core.chain import VerifyResult
from skillscope.ledger.core.record import GENESIS, encode_line
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from tests.ledger.helpers import record


def write(path, count: int, *, signed: bool = True) -> list[bytes]:
    """``count`` chained records, every 500th signed (or none), written directly (the test is about reading)."""
    signer = Ledger(path, signer=load_signer())
    prev, lines = GENESIS, []
    for n in range(count):
        rec = record(name=f"srv:skill-{n % 300}", n=n)
        if signed and n % 500 == 0:
            rec = signer.sign(rec)
        line, prev = encode_line(replace(rec, seq=n + 1, prev=prev))
        lines.append(line.encode())
    path.write_bytes(b"".join(lines))
    return lines


def forged(line: bytes) -> bytes:
    """A signed line whose note was changed and its hash recomputed: it chains, but its signature fails."""
    line = line.rstrip(b"\n").replace(b'"note":"note', b'"note":"NOTE', 1)
    body = line[len(b'{"hash":"sha256:') + 64 + 2 :]
    return b'{"hash":"sha256:' + hashlib.sha256(b"{" + body).hexdigest().encode() + b'",' + body + b"\n"


@pytest.mark.parametrize("parallel", [True, False])
def test_a_cold_check_finds_the_same_in_workers_as_in_one_process(tmp_path, monkeypatch, parallel):
    path = tmp_path / "ledger.jsonl"
    lines = write(path, coldcheck.PARALLEL_FROM + 600)
    lines[1000] = forged(lines[1000])
    path.write_bytes(b"".join(lines))
    if not parallel:
        monkeypatch.setattr(coldcheck, "PARALLEL_FROM", 10**9)
    fresh = coldcheck.precheck(path, Ledger(path)._chunks, None)
    fresh.get("", path.stat().st_size)  # every segment taken, as the scan takes them when it reaches the end
    # Workers start wherever there is more than one CPU (from a fork server: other threads do not matter).
    if parallel and coldcheck._workers() > 1:
        # Every line but the forged one, keyed by its real hash, each once (the segments meet exactly).
        assert len(fresh.rows) == len({row[0] for row in fresh.rows}) == len(lines) - 1
    else:
        assert not fresh.started
    fresh.close()
    result = ReviewBook(path).ledger.verify()
    assert [(p.line, p.kind) for p in result.problems] == [(1001, "signature"), (1002, "chain")]
    # The cache now holds what was found; a second check agrees with the first.
    again = ReviewBook(path).ledger.verify()
    assert [(p.line, p.kind) for p in again.problems] == [(1001, "signature"), (1002, "chain")]
    assert [(n, d, c.review_id) for n, d, c in again.reviews] == [(n, d, c.review_id) for n, d, c in result.reviews]


def test_a_first_read_counts_only_the_lines_that_pay_for_the_workers_and_they_still_check_each_line(
    tmp_path, monkeypatch
):
    path = tmp_path / "ledger.jsonl"
    lines = write(path, 3 * coldcheck.PARALLEL_FROM)
    monkeypatch.setattr(coldcheck, "COUNT_BLOCK", 1 << 16)  # blocks far smaller than the file
    counted: list[tuple[int, int]] = []
    real = coldcheck._count_lines
    monkeypatch.setattr(coldcheck, "_count_lines", lambda *args: counted.append(real(*args)) or counted[-1])
    fresh = coldcheck.precheck(path, Ledger(path)._chunks, None)
    fresh.get("", path.stat().st_size)  # every segment taken
    try:
        if not fresh.started:  # no second CPU: nothing was counted
            assert coldcheck._workers() < 2
            return
        # The count stopped about a third of the way, and yet every line was checked, each once.
        assert counted[0][0] >= coldcheck.PARALLEL_FROM
        assert counted[0][1] < path.stat().st_size / 2
        assert sorted(row[0] for row in fresh.rows) == sorted("sha256:" + line[16:80].decode() for line in lines)
    finally:
        fresh.close()


def children() -> set[int]:
    """This process's live children (Linux ``/proc``) but multiprocessing's fork server, which stays for the
    process's life by design: a test compares them before and after a read, since a test worker may already
    have children of its own (a process pool's helpers, earlier tests' servers)."""
    found: set[int] = set()
    for task in os.listdir("/proc/self/task"):
        try:
            found.update(int(pid) for pid in open(f"/proc/self/task/{task}/children").read().split())
        except OSError:
            continue
    return {pid for pid in found if not _fork_server(pid)}


def gone_back_to(before: set[int]) -> bool:
    """Whether this process's children are back to ``before``: a stopped pool's workers exit on their own
    schedule (and a fork server just started shows its parent's command line until it execs), so poll for it."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if children() <= before:
            return True
        time.sleep(0.05)
    return children() <= before


def _fork_server(pid: int) -> bool:
    try:
        command = open(f"/proc/{pid}/cmdline", "rb").read()
        # multiprocessing's fork server and its resource tracker both stay for the process's life by design.
        return b"forkserver" in command or b"resource_tracker" in command
    except OSError:
        return False


def lockable(path) -> bool:
    """True when the ledger can be locked for writing at once (no process holds its reading lock)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads /proc")
def test_a_first_read_returns_with_every_line_it_checked_in_the_cache_and_no_worker_left(tmp_path):
    """The workers' rows are in the cache when the read returns, and no worker outlives it."""
    path = tmp_path / "ledger.jsonl"
    lines = write(path, coldcheck.PARALLEL_FROM + 600, signed=False)  # a ledger that passes: it leaves a checkpoint
    before = children()
    result, verdicts = ReviewBook(path).read()
    assert result.ok and result.records == len(lines) and verdicts is not None
    assert gone_back_to(before) and lockable(path)
    cached = CheckedCache(user_data_dir() / "checked.sqlite").load()
    assert {"sha256:" + line[16:80].decode() for line in lines} <= set(cached)
    # A second read starts from the checkpoint the first left, and finds what it found.
    first, verdicts = ReviewBook(path).read()
    again, same = ReviewBook(path).read()
    assert first.ok and again.ok and verdicts is not None and same is not None
    assert same.by_name.keys() == verdicts.by_name.keys()


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads /proc")
def test_a_read_that_stops_part_way_keeps_what_the_workers_found_and_leaves_no_process(tmp_path):
    path = tmp_path / "ledger.jsonl"
    lines = write(path, coldcheck.PARALLEL_FROM + 600)
    records = ReviewBook(path).ledger.stream(VerifyResult(), reviews=False, prefix=Prefix())
    before = children()
    next(records)
    records.close()  # the reader stops (as when the code reading the records fails)
    assert gone_back_to(before) and lockable(path)
    assert len(CheckedCache(user_data_dir() / "checked.sqlite").load()) <= len(lines)

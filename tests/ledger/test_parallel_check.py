"""The first read of a large ledger checks lines in worker processes and finds exactly what one process finds."""

from __future__ import annotations

import fcntl
import hashlib
import os
from dataclasses import replace

import pytest

from skillscope.core.locations import user_data_dir
from skillscope.ledger import Ledger, ReviewBook, linecheck
from skillscope.ledger.checked import CheckedCache
from skillscope.ledger.checkpoint import Prefix
from skillscope.ledger.record import GENESIS, encode_line
from skillscope.ledger.signing import load_signer
from skillscope.ledger.store import VerifyResult
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
    lines = write(path, linecheck.PARALLEL_FROM + 600)
    lines[1000] = forged(lines[1000])
    path.write_bytes(b"".join(lines))
    if not parallel:
        monkeypatch.setattr(linecheck, "PARALLEL_FROM", 10**9)
    fresh = linecheck.precheck(path, Ledger(path)._chunks, None)
    fresh.get("", path.stat().st_size)  # every segment taken, as the scan takes them when it reaches the end
    # Workers are forked only from a process without other threads and with more than one CPU.
    if parallel and linecheck._workers() > 1 and not fresh.started:
        import threading

        assert threading.active_count() > 1
    elif parallel and linecheck._workers() > 1:
        # Every line but the forged one, keyed by its real hash, each once (the segments meet exactly).
        assert len(fresh.rows) == len({row[0] for row in fresh.rows}) == len(lines) - 1
    else:
        assert not fresh.started
    fresh.close(None)
    result = ReviewBook(path).ledger.verify()
    assert [(p.line, p.kind) for p in result.problems] == [(1001, "signature"), (1002, "chain")]
    # The cache now holds what was found; a second check agrees with the first.
    again = ReviewBook(path).ledger.verify()
    assert [(p.line, p.kind) for p in again.problems] == [(1001, "signature"), (1002, "chain")]
    assert [(n, d, c.review_id) for n, d, c in again.reviews] == [(n, d, c.review_id) for n, d, c in result.reviews]


def no_child_left() -> bool:
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return True
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


def test_a_first_read_returns_with_every_line_it_checked_in_the_cache_and_no_process_left(tmp_path, monkeypatch):
    """The workers' rows are written by a forked process while the checkpoint is encoded; that process
    keeps no descriptor it inherited (no lock the reader holds), and the read waits for it."""
    path = tmp_path / "ledger.jsonl"
    lines = write(path, linecheck.PARALLEL_FROM + 600, signed=False)  # a ledger that passes: it leaves a checkpoint
    kept = tmp_path / "descriptors"
    real = CheckedCache.add_sealed

    def add_sealed(cache, rows):
        if os.getpid() != parent:  # in the writer: what it holds open, before it opens the cache
            kept.write_text(" ".join(sorted(os.listdir("/proc/self/fd"))))
        return real(cache, rows)

    parent = os.getpid()
    monkeypatch.setattr(CheckedCache, "add_sealed", add_sealed)
    result, verdicts = ReviewBook(path).read()
    assert result.ok and result.records == len(lines) and verdicts is not None
    assert no_child_left() and lockable(path)
    cached = CheckedCache(user_data_dir() / "checked.sqlite").load()
    assert {"sha256:" + line[16:80].decode() for line in lines} <= set(cached)
    if linecheck._workers() > 1 and os.path.isdir("/proc/self/fd"):
        # Standard input, output and error, and the descriptor listing them: nothing of the reader's.
        assert len(kept.read_text().split()) <= 4
    # A second read starts from the checkpoint the first left, and finds what it found.
    again, same = ReviewBook(path).read()
    assert again.ok and same is not None and same.by_name.keys() == verdicts.by_name.keys()


def test_a_read_that_stops_part_way_keeps_what_the_workers_found_and_leaves_no_process(tmp_path):
    path = tmp_path / "ledger.jsonl"
    lines = write(path, linecheck.PARALLEL_FROM + 600)
    records = ReviewBook(path).ledger.stream(VerifyResult(), reviews=False, prefix=Prefix())
    next(records)
    records.close()  # the reader stops (as when the code reading the records fails)
    assert no_child_left() and lockable(path)
    assert len(CheckedCache(user_data_dir() / "checked.sqlite").load()) <= len(lines)

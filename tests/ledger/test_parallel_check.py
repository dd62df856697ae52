"""The first read of a large ledger checks lines in worker processes and finds exactly what one process finds."""

from __future__ import annotations

import hashlib
from dataclasses import replace

import pytest

from skillscope.ledger import Ledger, ReviewBook, linecheck
from skillscope.ledger.record import GENESIS, encode_line
from skillscope.ledger.signing import load_signer
from tests.ledger.helpers import record


def write(path, count: int) -> list[bytes]:
    """``count`` chained records, every 500th signed, written directly (the test is about reading)."""
    signer = Ledger(path, signer=load_signer())
    prev, lines = GENESIS, []
    for n in range(count):
        rec = record(name=f"srv:skill-{n % 300}", n=n)
        if n % 500 == 0:
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

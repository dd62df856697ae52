"""No size trap (what the writer accepts, the reader reads), and readers that wait for a writer's line."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from dataclasses import replace

import pytest

from skillscope.core.errors import LedgerError
from skillscope.ledger.core.record import FileEntry, encode_line
from skillscope.ledger.core.store import MAX_RECORD_BYTES, Ledger
from tests.ledger.helpers import record, signed_ledger


def many_files(count: int, name_length: int) -> tuple[FileEntry, ...]:
    return tuple(FileEntry(f"skill://big/{'n' * name_length}-{i}.md", "sha256:" + "3" * 64, 10) for i in range(count))


def test_a_record_over_64_kib_does_not_block_later_appends(tmp_path):
    ledger = signed_ledger(tmp_path / "ledger.jsonl")
    big = ledger.append(replace(record(action="reject"), files=many_files(400, 200)))
    assert len(ledger.path.read_bytes()) > 64 * 1024
    after = ledger.append(record(n=1))  # failed with "the last line is longer than 65536 bytes" before
    assert after.seq == 2 and after.prev == big.hash
    result = ledger.verify()
    assert result.ok and result.records == 2
    assert len(ledger.records()[0].complete().files) == 400


def test_a_record_over_the_limit_is_refused_before_anything_is_written(tmp_path):
    ledger = signed_ledger(tmp_path / "ledger.jsonl")
    ledger.append(record())
    before = ledger.path.read_bytes()
    with pytest.raises(LedgerError, match="over the ledger's limit of 1,048,576 bytes") as caught:
        ledger.append(replace(record(n=1), files=many_files(5000, 240)))
    assert "nothing was written" in caught.value.message
    assert ledger.path.read_bytes() == before
    just_under = replace(record(n=2), note="x" * (MAX_RECORD_BYTES - 3000))
    ledger.append(just_under)
    assert ledger.verify().ok and ledger.records()[-1].complete().note == just_under.note


def _blocked_flock_waiters() -> int:
    with open("/proc/locks", encoding="ascii") as handle:
        return sum(1 for line in handle if "->" in line and "FLOCK" in line)


@pytest.mark.skipif(not os.path.exists("/proc/locks"), reason="needs Linux /proc/locks to see a waiting reader")
def test_a_reader_waits_for_a_line_being_written(tmp_path):
    ledger = signed_ledger(tmp_path / "ledger.jsonl")
    first = ledger.append(record())
    # The next signed, chained line, written below in two halves.
    line = encode_line(replace(ledger.sign(record(n=1)), seq=2, prev=first.hash))[0].encode()
    fd = os.open(ledger.path, os.O_WRONLY | os.O_APPEND)
    outcome: list[object] = []
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # as a writer in the middle of an append holds it
        os.write(fd, line[: len(line) // 2])
        baseline = _blocked_flock_waiters()
        reader = threading.Thread(target=lambda: outcome.append(Ledger(ledger.path).verify()))
        reader.start()
        deadline = time.monotonic() + 300
        while _blocked_flock_waiters() <= baseline and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _blocked_flock_waiters() > baseline, "the reader did not wait for the writer's lock"
        os.write(fd, line[len(line) // 2 :])
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    reader.join(timeout=300)
    (result,) = outcome
    assert result.ok and result.records == 2  # it saw the finished line, never half of it

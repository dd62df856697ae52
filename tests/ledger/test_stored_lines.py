"""Replayed records keep where their line is, not the line, and complete only from the bytes that were checked."""

from __future__ import annotations

import fcntl
import os

import pytest

from skillscope.core.errors import LedgerError
from skillscope.ledger.book import read_verdicts
from skillscope.ledger.core.stored import StoredLine
from tests.ledger.helpers import record, signed_ledger


def approvals(path, count=3):
    ledger = signed_ledger(path)
    return [
        ledger.append(record(name=f"srv:skill-{n}", n=n, fingerprint="sha256:" + str(n) * 64)) for n in range(count)
    ]


def test_kept_records_hold_a_place_in_the_file_and_complete_as_written(tmp_path):
    path = tmp_path / "ledger.jsonl"
    saved = approvals(path)
    verdicts = read_verdicts(path)
    kept = verdicts.content[saved[1].fingerprint].latest
    assert isinstance(kept.raw, StoredLine)
    assert verdicts.standing(saved[1].fingerprint) == saved[1]


def test_a_ledger_replaced_by_a_new_file_still_completes_the_records_read(tmp_path):
    path = tmp_path / "ledger.jsonl"
    saved = approvals(path)
    verdicts = read_verdicts(path)
    # A checkout writes a new file in its place; the records read came from the old one.
    other = tmp_path / "other.jsonl"
    approvals(other, 1)
    os.replace(other, path)
    assert verdicts.standing(saved[2].fingerprint) == saved[2]


def test_a_ledger_rewritten_in_place_is_an_error_never_another_record(tmp_path):
    path = tmp_path / "ledger.jsonl"
    saved = approvals(path)
    verdicts = read_verdicts(path)
    data = path.read_bytes()
    with open(path, "r+b") as handle:  # the same file, its second line's note changed
        handle.write(data.replace(b'"note":"note 1"', b'"note":"note 9"', 1))
    with pytest.raises(LedgerError, match="rewritten while it was read"):
        verdicts.standing(saved[1].fingerprint)
    assert verdicts.standing(saved[0].fingerprint) == saved[0]  # the lines left as they were still complete


def test_records_kept_from_a_read_never_hold_the_reading_lock(tmp_path):
    path = tmp_path / "ledger.jsonl"
    saved = approvals(path)
    verdicts = read_verdicts(path)
    # An append takes the exclusive lock: it must never wait for verdicts still alive somewhere.
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises BlockingIOError while anyone holds a lock
    finally:
        os.close(fd)
    appended = signed_ledger(path).append(record(name="srv:after", n=9))
    assert appended.seq == 4 and verdicts.standing(saved[0].fingerprint) == saved[0]

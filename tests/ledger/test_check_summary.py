"""``ledger verify`` and ``export`` from a checkpoint: no line of it read again, the same report, every rollback caught."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

from skillscope.ledger.book import ReviewBook
from skillscope.ledger.cache.checkpoint import decode_summary, encode_summary
from skillscope.ledger.core import record as record_module
from skillscope.ledger.core.record import describe
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.team.export import export_approved
from tests.ledger.helpers import record
from tests.ledger.test_checkpoint import cache_file, lines_parsed, other_key


def mixed_ledger(tmp_path):
    """An unsigned record from before signing, three reviews signed by this user, one by a key not allowed."""
    path = tmp_path / "ledger.jsonl"
    Ledger(path).append(record(name="srv:legacy", n=0))
    book = ReviewBook(path)
    for n in range(1, 4):
        book.record(record(name=f"srv:skill-{n}", n=n, fingerprint="sha256:" + f"{n:x}" * 64))
    stranger = other_key(tmp_path)
    Ledger(path, signer=stranger).append(replace(record(name="srv:skill-9", n=9), reviewer="eve@example.com"))
    return path


def test_a_warm_check_reads_no_line_of_the_checkpoint_and_reports_what_reading_every_line_reports(
    tmp_path, monkeypatch
):
    path = mixed_ledger(tmp_path)
    cold = ReviewBook(path).check()  # reads every line, and leaves a checkpoint with what they established
    parsed = lines_parsed(monkeypatch)
    warm = ReviewBook(path).check()
    assert parsed == []
    full = ReviewBook(path).check(every_line=True)
    assert len(parsed) == 5
    expected = (3, [(5, "eve@example.com")], [(1, "Ada Reviewer <ada@example.com>")])
    assert cold.signers() == warm.signers() == full.signers() == expected
    assert warm.current == full.current == cold.current
    assert warm.ok and warm.missing == {} and warm.result.records == full.result.records == 5
    assert warm.verdicts == full.verdicts
    # An appended line is read, and only it; what it established joins the checkpoint's.
    ReviewBook(path).record(record(name="srv:skill-4", n=4, fingerprint="sha256:" + "4" * 64))
    parsed.clear()
    after = ReviewBook(path).check()
    assert len(parsed) == 1
    assert after.signers() == (4, [(5, "eve@example.com")], [(1, "Ada Reviewer <ada@example.com>")])
    assert after.current == ReviewBook(path).check(every_line=True).current


def test_a_ledger_rolled_back_to_the_checkpoints_own_bytes_is_caught(tmp_path, monkeypatch):
    path = tmp_path / "ledger.jsonl"
    book = ReviewBook(path)
    for n in range(3):
        book.record(record(name=f"srv:skill-{n}", n=n, fingerprint="sha256:" + f"{n:x}" * 64))
    assert book.check().ok  # the checkpoint covers these three lines
    older = path.read_bytes()
    dropped = [book.record(record(name="srv:skill-0", action="revoke", n=5))]
    assert ReviewBook(path).check().ok  # the revoke is remembered
    path.write_bytes(older)  # an older copy: exactly the bytes the checkpoint covers
    parsed = lines_parsed(monkeypatch)
    check = ReviewBook(path).check()
    assert parsed == []  # judged from the checkpoint alone ...
    assert not check.ok  # ... which still shows the revoke is gone
    assert list(check.missing.values()) == [describe(r) for r in dropped]


def test_a_summary_changed_in_the_cache_is_not_used(tmp_path):
    path = mixed_ledger(tmp_path)
    ReviewBook(path).check()
    # Someone who can write the cache but not read its key drops the untrusted signer from the summary.
    with sqlite3.connect(cache_file()) as db:
        for (blob,) in db.execute("SELECT summary FROM checkpoint").fetchall():
            summary = decode_summary(blob)
            summary.signed = {pair: lines for pair, lines in summary.signed.items() if pair[0] != "eve@example.com"}
            db.execute("UPDATE checkpoint SET summary = ? WHERE summary = ?", (encode_summary(summary), blob))
    check = ReviewBook(path).check()
    assert check.signers()[1] == [(5, "eve@example.com")]


def test_a_plain_export_lists_the_fingerprints_without_parsing_each_approval(tmp_path, monkeypatch):
    path = tmp_path / "ledger.jsonl"
    book = ReviewBook(path)
    for n in range(6):
        book.record(record(name=f"srv:skill-{n % 3}", n=n, fingerprint="sha256:" + f"{n:x}" * 64))
    book.record(record(name="srv:skill-1", action="revoke", n=7, fingerprint="sha256:" + "1" * 64))
    book.record(record(name="srv:skill-2", action="reject", n=8, fingerprint="sha256:" + "5" * 64))
    ReviewBook(path).check()  # the checkpoint: records come back as replayed, not parsed
    parsed: list[int] = []
    real = record_module.decode_line
    monkeypatch.setattr(record_module, "decode_line", lambda *a, **k: parsed.append(1) or real(*a, **k))
    book = ReviewBook(path)
    exportable = book.exportable(book.check())
    text = export_approved(exportable, "txt")
    assert len(parsed) == 1  # the one rejection, to name its label in what was held back; no approval
    assert exportable.skipped == {"rejected under srv": 1}
    # The formats that name more than the fingerprint parse each approval in full, and agree.
    document = json.loads(export_approved(exportable, "json"))
    in_force = [row["fingerprint"] for row in document["approved"]]
    assert text.split() == in_force and len(in_force) >= 2
    assert "sha256:" + "5" * 64 not in in_force  # rejected
    assert {row["label"] for row in document["approved"]} == {"srv"} and len(parsed) == 1 + len(in_force)

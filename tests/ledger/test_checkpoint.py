"""Checkpoints of a checked ledger: a warm read starts from one, and none makes a changed or forged line pass."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from dataclasses import replace

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519

from skillscope.core.errors import LedgerDamaged
from skillscope.core.locations import user_data_dir
from skillscope.ledger.book import ReviewBook
from skillscope.ledger.cache import checkpoint
from skillscope.ledger.cache.checked import CheckedCache
from skillscope.ledger.cache.checkpoint import Checkpoints
from skillscope.ledger.core import chain
from skillscope.ledger.core.record import GENESIS, decode_line, encode_line
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.core.verdicts import review_state
from tests.ledger.helpers import record, signed_ledger


def cache_file():
    return user_data_dir() / "checked.sqlite"


def write_signed(path, count: int = 4):
    ledger = signed_ledger(path)
    actions = ("approve", "approve", "reject", "approve", "revoke")
    return [
        ledger.append(
            record(name=f"srv:skill-{n % 3}", action=actions[n % 5], n=n, fingerprint="sha256:" + f"{n:x}" * 64)
        )
        for n in range(count)
    ]


def rechained(path, edit_line: int | None = None) -> None:
    """Rewrite the file with line ``edit_line`` (1-based) given a new note of the same length, every line
    after it chained again: the chain holds, only that line's signature no longer covers its review."""
    lines = path.read_bytes().splitlines()
    prev, out = GENESIS, []
    for number, line in enumerate(lines, start=1):
        rec = decode_line(line)
        if number == edit_line:
            rec = replace(rec, note=rec.note.upper())
        text, prev = encode_line(replace(rec, seq=number, prev=prev))
        out.append(text.encode())
    path.write_bytes(b"".join(out))


def checkpoint_rows():
    with sqlite3.connect(cache_file()) as db:
        return db.execute("SELECT ledger, size FROM checkpoint").fetchall()


def lines_parsed(monkeypatch) -> list[int]:
    """Count the lines a read parses (the checkpoint's are not)."""
    calls: list[int] = []
    real = chain.replay_fields
    monkeypatch.setattr(chain, "replay_fields", lambda line: calls.append(1) or real(line))
    return calls


def test_a_warm_read_starts_from_the_checkpoint_and_finds_what_a_full_read_finds(tmp_path, monkeypatch):
    path = tmp_path / "ledger.jsonl"
    write_signed(path, 7)
    book = ReviewBook(path)
    first = book.verdicts()
    assert checkpoint_rows() == [(os.path.realpath(path), path.stat().st_size)]
    parsed = lines_parsed(monkeypatch)
    warm = ReviewBook(path).verdicts()
    assert parsed == []  # not one line read again
    full = ReviewBook(path).read(keep=[])[1]  # a read that lists every record uses no checkpoint
    assert warm == full == first
    assert warm.by_name["srv:skill-0"].record.note == full.by_name["srv:skill-0"].record.note
    # Appended lines are read after the checkpoint, and only they.
    write_more = signed_ledger(path)
    write_more.append(record(name="srv:skill-1", action="revoke", n=9, fingerprint="sha256:" + "1" * 64))
    parsed.clear()
    after = ReviewBook(path).verdicts()
    assert len(parsed) == 1
    assert after == ReviewBook(path).read(keep=[])[1]


def test_lines_appended_after_a_checkpoint_are_checked_as_any_line(tmp_path):
    path = tmp_path / "ledger.jsonl"
    saved = write_signed(path)
    ReviewBook(path).verdicts()  # the checkpoint now covers the four lines
    Ledger(path).append(saved[1])  # a signed review copied in again, chained after the last line
    Ledger(path).append(record(name="srv:late", n=7))  # unsigned, after signed ones
    result, verdicts = ReviewBook(path).read()
    assert verdicts is None
    assert [(p.line, p.kind) for p in result.problems] == [(5, "replayed"), (6, "unsigned")]
    assert "repeats the signed review of line 2" in result.problems[0].message


def test_a_checkpoint_of_bytes_that_changed_is_not_trusted(tmp_path):
    path = tmp_path / "ledger.jsonl"
    write_signed(path)
    ReviewBook(path).verdicts()
    size = path.stat().st_size
    rechained(path, edit_line=2)  # the same length, the same chain: only the second review's bytes differ
    assert path.stat().st_size == size
    with pytest.raises(LedgerDamaged) as caught:
        ReviewBook(path).verdicts()
    assert [(p.line, p.kind) for p in caught.value.problems] == [(2, "signature")]


def forge_checkpoint(path, key: bytes) -> None:
    """Point this ledger's checkpoint at the file's current bytes, sealed with ``key``."""
    data = path.read_bytes()
    with sqlite3.connect(cache_file()) as db:
        row = db.execute("SELECT trust, chain, reviews, state FROM checkpoint").fetchone()
        trust, chain, reviews, state = row
        points = Checkpoints.__new__(Checkpoints)
        points.ledger, points.trust = os.path.realpath(path), trust
        digest = hashlib.sha256(data).digest()
        seal = points._seal(key, len(data), digest, chain, reviews, state)
        db.execute("UPDATE checkpoint SET size = ?, prefix = ?, seal = ?", (len(data), digest, seal))


def test_a_checkpoint_written_without_the_key_is_rejected(tmp_path):
    path = tmp_path / "ledger.jsonl"
    write_signed(path)
    ReviewBook(path).verdicts()
    rechained(path, edit_line=2)
    # Someone who can write the cache but not read its key points the checkpoint at the forged file.
    forge_checkpoint(path, os.urandom(32))
    with pytest.raises(LedgerDamaged) as caught:
        ReviewBook(path).verdicts()
    assert [(p.line, p.kind) for p in caught.value.problems] == [(2, "signature")]
    # The seal is what refuses it: sealed with this user's key, the same row would be taken as checked.
    forge_checkpoint(path, CheckedCache(cache_file()).key(create=False))
    ReviewBook(path).verdicts()


def test_a_checkpoint_for_another_ledger_is_not_used(tmp_path):
    path, other = tmp_path / "ledger.jsonl", tmp_path / "other.jsonl"
    write_signed(path)
    ReviewBook(path).verdicts()
    other.write_bytes(path.read_bytes())
    rechained(other, edit_line=3)
    # The row is moved over to the other file, with that file's digest: its seal names the first ledger.
    data = other.read_bytes()
    with sqlite3.connect(cache_file()) as db:
        db.execute(
            "UPDATE checkpoint SET ledger = ?, size = ?, prefix = ?",
            (os.path.realpath(other), len(data), hashlib.sha256(data).digest()),
        )
    with pytest.raises(LedgerDamaged) as caught:
        ReviewBook(other).verdicts()
    assert [(p.line, p.kind) for p in caught.value.problems] == [(3, "signature")]


def other_key(tmp_path):
    key = ed25519.Ed25519PrivateKey.generate()
    path = tmp_path / "other_key"
    path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption())
    )
    path.chmod(0o600)
    return load_signer(str(path))


def test_a_changed_allowed_signers_file_invalidates_the_checkpoint(tmp_path):
    path = tmp_path / "ledger.jsonl"
    mine, stranger = load_signer(), other_key(tmp_path)
    allowed = tmp_path / "allowed_signers"
    approval = Ledger(path, signer=stranger).append(replace(record(name="srv:skill-0"), reviewer="ada@example.com"))

    def state() -> str:
        verdicts = ReviewBook(path).verdicts(allowed_signers=str(allowed))
        return review_state(verdicts, "srv:skill-0", approval.fingerprint, []).state

    allowed.write_text(f"ada@example.com {mine.public_key}\n")
    assert state() == "approved-untrusted"
    assert state() == "approved-untrusted"  # from the checkpoint
    allowed.write_text(f"ada@example.com {stranger.public_key}\n")
    assert state() == "approved"
    allowed.write_text(f"bob@example.com {stranger.public_key}\n")  # the key, for another reviewer only
    assert state() == "approved-untrusted"
    allowed.write_text(f"ada@example.com {stranger.public_key}\n")
    assert state() == "approved"


def test_the_unsigned_opt_in_has_its_own_checkpoint(tmp_path):
    path = tmp_path / "ledger.jsonl"
    approval = Ledger(path).append(record(name="srv:legacy"))  # from before signing

    def state(include_unsigned: bool) -> str:
        verdicts = ReviewBook(path).verdicts(include_unsigned=include_unsigned)
        return review_state(verdicts, "srv:legacy", approval.fingerprint, []).state

    for _ in range(2):
        assert state(False) == "approved-untrusted"
        assert state(True) == "approved"
    assert len(checkpoint_rows()) == 2


def test_a_checkpoint_made_by_other_code_is_not_used(tmp_path, monkeypatch):
    path = tmp_path / "ledger.jsonl"
    write_signed(path, 3)
    ReviewBook(path).verdicts()
    parsed = lines_parsed(monkeypatch)
    ReviewBook(path).verdicts()
    assert parsed == []
    # An upgrade that changed how the ledger is judged: what the old code replayed is not taken.
    monkeypatch.setattr(checkpoint, "_code_digest", lambda: b"another version")
    ReviewBook(path).verdicts()
    assert len(parsed) == 3

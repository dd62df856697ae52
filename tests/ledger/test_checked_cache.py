"""The cache of checked lines: a warm read verifies no signature, and no row makes a line pass that did not."""

from __future__ import annotations

import os
import shutil
import sqlite3
from dataclasses import replace

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519

from skillscope.core.locations import user_data_dir
from skillscope.ledger.book import ReviewBook, read_verdicts
from skillscope.ledger.cache import plainline
from skillscope.ledger.cache.checked import CheckedCache, sealer_for
from skillscope.ledger.core import linecheck
from skillscope.ledger.core.linecheck import Checked
from skillscope.ledger.core.record import encode_line
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.core.verdicts import review_state
from tests.ledger.helpers import record, signed_ledger


def cache_file():
    return user_data_dir() / "checked.sqlite"


def three_signed(path):
    ledger = signed_ledger(path)
    return [ledger.append(record(name=f"srv:skill-{n}", n=n, fingerprint="sha256:" + str(n) * 64)) for n in range(3)]


def forge_second(path, saved) -> str:
    """Rewrite the second review's note and fix up its hash (its signature no longer covers it); its new hash."""
    line, digest = encode_line(replace(saved[1], note="approved after a careful look"))
    lines = path.read_bytes().splitlines(keepends=True)
    lines[1] = line.encode()
    path.write_bytes(b"".join(lines))
    return digest


def problems(path):
    return [(p.line, p.kind) for p in ReviewBook(path).ledger.verify().problems]


def test_a_warm_read_verifies_no_signature(tmp_path, monkeypatch):
    path = tmp_path / "ledger.jsonl"
    three_signed(path)
    calls = []
    real = linecheck.verify_signed_by
    for module in (linecheck, plainline):  # the JSON parse's path and the plain line's
        monkeypatch.setattr(module, "verify_signed_by", lambda *a, **k: calls.append(1) or real(*a, **k))
    read_verdicts(path)
    assert len(calls) == 3
    calls.clear()
    verdicts = read_verdicts(path)
    assert calls == [] and verdicts.records == 3


def test_a_row_sealed_under_another_key_does_not_make_a_forged_line_pass(tmp_path):
    path = tmp_path / "ledger.jsonl"
    saved = three_signed(path)
    assert problems(path) == []  # the cache and this user's cache key now exist
    digest = forge_second(path, saved)
    # Someone who can write the cache but not read its key adds a "checked" row for the forged line.
    claim = Checked("f" * 64, saved[1].reviewer, saved[1].key, "approve of srv:skill-1")
    with sqlite3.connect(cache_file()) as db:
        db.execute(
            "INSERT OR REPLACE INTO sealed VALUES (?, ?, ?, ?, ?, ?)",
            (
                digest,
                claim.review_id,
                claim.reviewer,
                claim.key,
                claim.what,
                sealer_for(os.urandom(32))(digest, claim.review_id, claim.reviewer, claim.key, claim.what),
            ),
        )
    assert problems(path) == [(2, "signature"), (3, "chain")]


def test_a_cache_copied_from_another_account_is_not_trusted(tmp_path, monkeypatch):
    path = tmp_path / "ledger.jsonl"
    saved = three_signed(path)
    digest = forge_second(path, saved)
    # Another account's cache, whose own key sealed a row saying the forged line was checked.
    other = tmp_path / "other" / "checked.sqlite"
    assert CheckedCache(other).add({digest: Checked("f" * 64, saved[1].reviewer, saved[1].key, "approve")})
    cache_file().parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(other, cache_file())
    assert problems(path) == [(2, "signature"), (3, "chain")]
    # And once this user has a key of their own, the copied rows still vouch for nothing.
    assert CheckedCache(cache_file()).add({"sha256:" + "0" * 64: Checked("r", "who", "", "")})
    assert problems(path) == [(2, "signature"), (3, "chain")]


def other_key(tmp_path):
    key = ed25519.Ed25519PrivateKey.generate()
    path = tmp_path / "other_key"
    path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption())
    )
    path.chmod(0o600)
    return load_signer(str(path))


def test_an_edited_row_does_not_make_a_key_not_allowed_count(tmp_path):
    path = tmp_path / "ledger.jsonl"
    mine = load_signer()
    stranger = other_key(tmp_path)
    allowed = tmp_path / "allowed_signers"
    allowed.write_text(f"ada@example.com {mine.public_key}\n")
    approval = Ledger(path, signer=stranger).append(replace(record(name="srv:skill-0"), reviewer="ada@example.com"))

    def state():
        verdicts = ReviewBook(path).verdicts(allowed_signers=str(allowed))
        return review_state(verdicts, "srv:skill-0", approval.fingerprint, []).state

    assert state() == "approved-untrusted"  # the cache now holds the line, signed by the stranger's key
    # The row is edited to name the allowed key as the signer: its seal no longer holds, the line is checked again.
    with sqlite3.connect(cache_file()) as db:
        assert db.execute("UPDATE sealed SET key = ?", (mine.public_key,)).rowcount == 1
    assert state() == "approved-untrusted"
    ((_n, _d, checked),) = ReviewBook(path).ledger.verify().reviews
    assert checked.key == stranger.public_key


def test_reading_never_creates_the_cache(tmp_path):
    path = tmp_path / "ledger.jsonl"
    three_signed(path)
    assert CheckedCache(cache_file()).load() == {}
    assert not cache_file().exists()


def test_a_row_with_a_nul_in_a_field_is_never_cached(tmp_path):
    # Rows are sealed over their fields joined by NUL: one holding a NUL could pass for another split.
    cache = CheckedCache(tmp_path / "checked.sqlite")
    assert cache.add(
        {
            "sha256:" + "1" * 64: Checked("r", "ada\0<ada@example.com>", "", ""),
            "sha256:" + "2" * 64: Checked("r", "ada", "", ""),
        }
    )
    assert set(CheckedCache(tmp_path / "checked.sqlite").load()) == {"sha256:" + "2" * 64}

"""The reader's accelerators behind one switch: with them off, or not installed, a ledger reads the same."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from skillscope.core.locations import user_data_dir
from skillscope.ledger.book import ReviewBook
from skillscope.ledger.cache import coldcheck
from skillscope.ledger.core.seam import ENV
from tests.cli.conftest import run_cli
from tests.ledger.helpers import write_chained


def write(path: Path, count: int) -> list[bytes]:
    """``count`` chained records, most signed, some rejected or revoked, written directly."""
    return write_chained(path, count, 40)


def forged(line: bytes) -> bytes:
    """A signed line whose note was changed and its hash made again: it chains, but its signature fails."""
    line = line.rstrip(b"\n").replace(b'"note":"note', b'"note":"NOTE', 1)
    body = line[len(b'{"hash":"sha256:') + 64 + 2 :]
    return b'{"hash":"sha256:' + hashlib.sha256(b"{" + body).hexdigest().encode() + b'",' + body + b"\n"


def outcome(path: Path) -> tuple[list[tuple[int, str]], dict[str, tuple[str, list[str]]] | None]:
    """What a reader sees: the problems by line and kind, and each skill's verdict and approved fingerprints."""
    result, verdicts = ReviewBook(path).read(include_unsigned=True)
    problems = [(p.line, p.kind) for p in result.problems]
    if verdicts is None:
        return problems, None
    return problems, {name: (v.action, sorted(v.approved)) for name, v in verdicts.by_name.items()}


def cache_file() -> Path:
    return user_data_dir() / "checked.sqlite"


@pytest.mark.parametrize("damage", [None, "signature", "edited"])
def test_the_plain_reader_gives_the_accelerated_readers_verdicts(tmp_path, monkeypatch, damage):
    path = tmp_path / "ledger.jsonl"
    lines = write(path, 120)
    if damage == "signature":
        lines[40] = forged(lines[40])
    elif damage == "edited":
        lines[40] = lines[40].replace(b'"note":"note', b'"note":"NOTE', 1)
    path.write_bytes(b"".join(lines))

    cold = outcome(path)  # fills the cache (and, when the read passes, leaves a checkpoint)
    warm = outcome(path)  # from the cache and the checkpoint
    assert cache_file().exists()
    monkeypatch.setenv(ENV, "off")
    cache_file().unlink()
    plain = outcome(path)
    assert plain == cold == warm
    assert not cache_file().exists()  # switched off, the reader keeps nothing
    if damage is None:
        assert plain[1] is not None and len(plain[1]) == 40
    else:
        assert plain[1] is None and plain[0][0] == (41, damage)


def test_verdicts_from_a_checkpoint_are_the_plain_readers_record_for_record(tmp_path, monkeypatch):
    """A warm read keeps the checkpoint's records as columns and builds each when asked: the same records."""
    path = tmp_path / "ledger.jsonl"
    write(path, 200)
    ReviewBook(path).read()  # checks every line and leaves a checkpoint
    warm = ReviewBook(path).read()[1]
    monkeypatch.setenv(ENV, "off")
    plain = ReviewBook(path).read()[1]
    assert warm is not None and plain is not None
    assert [r.complete() for r in warm.approved_fingerprints()] == plain.approved_fingerprints()
    for fingerprint in plain.content:
        assert warm.standing(fingerprint) == plain.standing(fingerprint)
    assert warm == plain


def test_a_first_read_in_workers_and_the_plain_reader_agree(tmp_path, monkeypatch):
    """Large enough that the accelerated first read checks lines in worker processes."""
    path = tmp_path / "ledger.jsonl"
    lines = write(path, coldcheck.PARALLEL_FROM + 300)
    lines[2500] = forged(lines[2500])
    path.write_bytes(b"".join(lines))
    accelerated = outcome(path)
    monkeypatch.setenv(ENV, "off")
    assert outcome(path) == accelerated
    assert accelerated[0] == [(2501, "signature"), (2502, "chain")]


def test_ledger_verify_says_the_same_with_the_cache_switched_off(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    lines = write(ledger, 30)
    env = {"SKILLSCOPE_LEDGER": str(ledger), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    on, off = run_cli("ledger", "verify", env=env), run_cli("ledger", "verify", env={**env, ENV: "off"})
    assert on.code == off.code == 0 and on.out == off.out and "30 records, chain intact" in off.out
    ledger.write_bytes(b"".join(lines[:10] + [forged(lines[10])] + lines[11:]))
    on, off = run_cli("ledger", "verify", env=env), run_cli("ledger", "verify", env={**env, ENV: "off"})
    assert on.code == off.code != 0 and on.err == off.err and "line 11" in off.err


# Reads a ledger in a process where the cache package cannot be imported at all.
_WITHOUT_CACHE = """
import json, sys
sys.modules["skillscope.ledger.cache"] = None  # any import of it fails, as if it were not installed
from skillscope.ledger.book import ReviewBook
book = ReviewBook(sys.argv[1])
assert book.accelerator is None
check = book.check()
result, verdicts = book.read(include_unsigned=True)
print(json.dumps({
    "ok": check.ok, "records": check.result.records, "signers": check.signers()[0],
    "verdicts": {n: [v.action, sorted(v.approved)] for n, v in verdicts.by_name.items()},
    "loaded": sorted(m for m in sys.modules if m.startswith("skillscope.ledger.cache")),
}))
"""


def test_the_reader_works_with_the_cache_package_absent(tmp_path):
    path = tmp_path / "ledger.jsonl"
    write(path, 50)
    out = subprocess.run(
        [sys.executable, "-c", _WITHOUT_CACHE, str(path)], capture_output=True, text=True, check=True, timeout=600
    ).stdout
    seen = json.loads(out)
    problems, verdicts = outcome(path)  # the accelerated reader, in this process
    assert seen["ok"] and not problems and seen["records"] == 50 and seen["signers"] == 50
    assert seen["verdicts"] == {name: [action, fps] for name, (action, fps) in (verdicts or {}).items()}
    assert seen["loaded"] == ["skillscope.ledger.cache"]  # only the failed lookup's placeholder

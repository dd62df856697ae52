"""Rollback evidence that cannot be re-keyed: a rewritten first record, a renamed branch, and no false alarms."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from skillscope.ledger.book import ReviewBook
from skillscope.ledger.core.record import GENESIS, Record, encode_line
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli, stdio
from tests.cli.test_cli_ledger import isolated_env
from tests.fixtures.http import REPO_ROOT


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "team"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.email", "rita@example.com")
    git(root, "config", "user.name", "Rita")
    env = {**isolated_env(tmp_path), "SKILLSCOPE_LEDGER": str(root / "reviews" / "ledger.jsonl")}
    return root, env


def reviewed_then_revoked(root: Path, env: dict[str, str]) -> Path:
    """Approve two skills, revoke one, commit, and let this machine see it all (``ledger verify``)."""
    for name in ("hello-world", "pdf-processing"):
        assert run_cli("approve", "--yes", name, "--label", "fx", *stdio("samples"), env=env).code == 0
    assert run_cli("revoke", "fx:hello-world", "--note", "leaks tokens", env=env).code == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "reviews")
    assert run_cli("ledger", "verify", env=env).code == 0
    assert len(run_cli("export", env=env).out.split()) == 1
    return Path(env["SKILLSCOPE_LEDGER"])


def rechained(records: list[Record]) -> bytes:
    """Records written again as one chain (seq and prev anew; every signature still verifies)."""
    out, prev = [], GENESIS
    for seq, record in enumerate(records, start=1):
        line, prev = encode_line(replace(record, seq=seq, prev=prev, hash=""))
        out.append(line)
    return "".join(out).encode("utf-8")


def test_a_new_first_record_and_a_rechained_ledger_without_the_revoke_is_a_rollback(repo, tmp_path):
    root, env = repo
    ledger = reviewed_then_revoked(root, env)
    records = Ledger(ledger).records()
    kept = [r for r in records if r.action != "revoke"]
    # The forger signs a harmless new first record with any key, and re-chains the old signed reviews after it.
    other = Ledger(tmp_path / "scratch.jsonl", signer=load_signer())
    first = other.sign(
        Record(
            action="reject",
            time="2026-01-01T00:00:00Z",
            reviewer="rita@example.com",
            name="fx:nothing",
            fingerprint="sha256:" + "0" * 64,
            tool="forger",
        )
    )
    ledger.write_bytes(rechained([first, *kept]))
    git(root, "commit", "-qam", "tidy the ledger")
    verify = run_cli("ledger", "verify", env=env)
    assert verify.code == 5, verify.out + verify.err
    assert "revoke of fx:hello-world" in verify.err and "the first record changed" in verify.err
    export = run_cli("export", env=env)
    assert export.code == 5 and export.out == ""


def test_a_renamed_branch_keeps_the_memory_of_what_its_history_held(repo):
    root, env = repo
    ledger = reviewed_then_revoked(root, env)
    git(root, "branch", "-m", "main", "release")
    lines = ledger.read_bytes().splitlines(keepends=True)
    ledger.write_bytes(b"".join(lines[:-1]))  # the revoke, the last line, is gone; the chain is still whole
    git(root, "commit", "-qam", "ledger from an older copy")
    verify = run_cli("ledger", "verify", env=env)
    assert verify.code == 5 and "revoke of fx:hello-world" in verify.err, verify.err
    assert "which this checkout contains" in verify.err
    assert run_cli("export", env=env).code == 5


def test_a_new_branch_from_before_a_review_is_no_rollback(repo):
    root, env = repo
    assert run_cli("approve", "--yes", "hello-world", "--label", "fx", *stdio("samples"), env=env).code == 0
    git(root, "add", "-A")
    git(root, "commit", "-qm", "one")
    before = git(root, "rev-parse", "HEAD").strip()
    assert run_cli("revoke", "fx:hello-world", "--note", "leaks tokens", env=env).code == 0
    git(root, "commit", "-qam", "two")
    assert run_cli("ledger", "verify", env=env).code == 0
    git(root, "checkout", "-q", "-b", "hotfix", before)  # an honest branch started before the revoke
    verify = run_cli("ledger", "verify", env=env)
    assert verify.code == 0, verify.err
    git(root, "checkout", "-q", "main")
    assert run_cli("ledger", "verify", env=env).code == 0


# -- no false alarms: appends and checks at once ----------------------------------------------------------

WRITER = """
import sys
from pathlib import Path
from skillscope.ledger.book import ReviewBook
from tests.ledger.helpers import record
book = ReviewBook(Path(sys.argv[1]))
for n in range(int(sys.argv[3])):
    book.record(record(name=f"srv:{sys.argv[2]}-{n}", n=n))
    print(n, flush=True)
"""


def test_checks_beside_concurrent_appends_never_report_a_lost_review(tmp_path):
    path = tmp_path / "ledger.jsonl"
    writers, each = 8, 12
    book = ReviewBook(path)
    book.record(
        Record(
            action="reject",
            time="2026-01-01T00:00:00Z",
            reviewer="a@example.com",
            name="srv:seed",
            fingerprint="sha256:" + "5" * 64,
        )
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), f"w{i}", str(each)],
            cwd=REPO_ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(writers)
    ]
    checks, alarms, overlapping = 0, [], 0
    while any(p.poll() is None for p in procs) or checks < 5:
        running = any(p.poll() is None for p in procs)
        check = ReviewBook(path).check()
        checks += 1
        overlapping += running
        if check.missing:
            alarms.append(check.missing)
        assert check.result.ok, check.result.problems
    outputs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _out, err in outputs]
    assert all(len(out.split("\n")) - 1 == each for out, _err in outputs)
    assert overlapping >= 1  # at least one check ran while appends were under way
    assert alarms == []
    final = ReviewBook(path).check()
    assert final.ok and final.result.records == 1 + writers * each


def test_what_an_earlier_version_remembered_still_counts(tmp_path):
    import os

    from skillscope.ledger.core.record import review_id

    path = tmp_path / "ledger.jsonl"
    ledger = Ledger(path, signer=load_signer())
    saved = [ledger.append(replace(_seed(), name=f"srv:s{n}")) for n in range(3)]
    # The earlier layout: kept by the ledger's first record; it saw a third review that is gone now.
    old = (
        Path(os.environ["XDG_DATA_HOME"])
        / "skillscope"
        / "seen"
        / saved[0].hash.removeprefix("sha256:")[:40]
        / "no-git.ids"
    )
    old.parent.mkdir(parents=True)
    old.write_text("".join(f"{review_id(r)} {r.name}\n" for r in saved))
    assert ReviewBook(path).check().ok  # the first check under the new layout takes the old memory over
    old.unlink()
    path.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:2]))
    check = ReviewBook(path).check()
    assert list(check.missing) == [review_id(saved[2])]


def _seed() -> Record:
    return Record(
        action="approve",
        time="2026-01-01T00:00:00Z",
        reviewer="a@example.com",
        name="srv:x",
        fingerprint="sha256:" + "6" * 64,
    )

"""``skillscope demo --fresh`` starts the demo's reviews over, keeping the old demo ledger as a backup (#37)."""

from __future__ import annotations

from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli


def _env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "user-ledger.jsonl"),
    }


def _approve_pdf(env):
    run = run_cli("approve", "pdf-processing", "demo", "--reviewer", "me", "--yes", "--note", "checked", env=env)
    assert run.code == 0, run.err


def test_demo_fresh_moves_the_old_reviews_to_a_backup_and_starts_from_the_seeded_ones(tmp_path):
    env = _env(tmp_path)
    _approve_pdf(env)
    folder = tmp_path / "data" / "skillscope"
    ledger = folder / "demo-ledger.jsonl"
    mine = [r.name for r in Ledger(ledger).records()]
    assert mine[-1] == "demo:pdf-processing"

    run = run_cli("demo", "--fresh", "--list", env=env)
    assert run.code == 0, run.err
    (backup,) = folder.glob("demo-ledger.backup-*.jsonl")
    assert f"its earlier reviews were moved to {backup} (nothing was deleted)" in " ".join(run.err.split())
    assert [r.name for r in Ledger(backup).records()] == mine, "every earlier record is kept"
    assert (folder / f"{backup.stem}.objects").is_dir(), "the approved bytes move with their ledger"
    fresh = [r.name for r in Ledger(ledger).records()]
    assert "demo:pdf-processing" not in fresh and len(fresh) == 4 and fresh[-1] == "demo:tool/convert_currency"
    row = next(line for line in run.out.splitlines() if "pdf-processing" in line)
    assert "not reviewed" in row, run.out
    assert not (tmp_path / "user-ledger.jsonl").exists(), "the user's own ledger is never touched"

    again = run_cli("demo", "--fresh", "--list", env=env)
    assert again.code == 0, again.err
    assert len(list(folder.glob("demo-ledger.backup-*.jsonl"))) == 2, "a second fresh start keeps both backups"


def test_demo_without_fresh_keeps_its_reviews(tmp_path):
    env = _env(tmp_path)
    _approve_pdf(env)
    run = run_cli("demo", "--list", env=env)
    assert run.code == 0, run.err
    row = next(line for line in run.out.splitlines() if "pdf-processing" in line)
    assert "approved" in row, run.out
    assert not list((tmp_path / "data" / "skillscope").glob("*backup*")) and "afresh" not in run.err


def test_demo_fresh_with_no_demo_ledger_yet_says_it_seeds_one(tmp_path):
    env = _env(tmp_path)
    run = run_cli("demo", "--fresh", "--list", env=env)
    assert run.code == 0, run.err
    assert "no demo ledger at" in run.err and "newly seeded" in run.err
    assert (tmp_path / "data" / "skillscope" / "demo-ledger.jsonl").is_file()


def test_demo_help_documents_fresh():
    run = run_cli("demo", "--help")
    assert run.code == 0
    words = " ".join(run.out.split())
    assert "--fresh" in words and "timestamped backup" in words and "nothing is deleted" in words

"""Merging ledgers through git decides by the reviews, not by which branch is merged into which."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli
from tests.cli.test_cli_ledger import isolated_env
from tests.fixtures.http import REPO_ROOT
from tests.ledger.helpers import record

FP = "sha256:" + "1" * 64


def git(repo: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        ["git", "-C", str(repo), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO_ROOT,
        env={**os.environ, **(env or {})},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.fixture
def repo(tmp_path):
    """A team repository whose ledger merges with skillscope's driver, set up as docs/ledger.md says."""
    root = tmp_path / "team"
    (root / "reviews").mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.email", "rita@example.com")
    git(root, "config", "user.name", "Rita")
    (root / ".gitattributes").write_text("reviews/ledger.jsonl merge=skillscope-ledger\n")
    git(root, "config", "merge.skillscope-ledger.driver", f"{sys.executable} -m skillscope ledger merge %O %A %B")
    env = {**isolated_env(tmp_path), "SKILLSCOPE_LEDGER": str(root / "reviews" / "ledger.jsonl")}
    return root, env


def review(env, action: str, minute: int, name: str = "srv:hello-world", fingerprint: str = FP) -> None:
    """Append a signed review made at 12:<minute> (times set, so no test waits for a clock)."""
    ledger = Ledger(env["SKILLSCOPE_LEDGER"], signer=load_signer())
    ledger.append(
        replace(record(name=name, action=action, fingerprint=fingerprint), time=f"2026-12-01T12:{minute:02d}:00Z")
    )


def both_ways(root: Path, env: dict[str, str]) -> dict[str, tuple[str, str, str]]:
    """Merge feature into main and main into feature (each on its own branch); (export, verdicts, stderr) of each."""
    out = {}
    for into, other in (("main", "feature"), ("feature", "main")):
        git(root, "checkout", "-q", "-b", f"{into}-merged", into)
        merged = git(root, "merge", "--no-edit", other, env=env)
        verify = run_cli("ledger", "verify", env=env)
        assert verify.code == 0, verify.err
        export = run_cli("export", env=env)
        listing = run_cli("ledger", "list", "--json", env=env)
        assert export.code == 0 and listing.code == 0, export.err + listing.err
        verdicts = sorted((s["name"], s["state"], tuple(s["approved"])) for s in listing.json()["skills"])
        out[into] = (export.out, repr(verdicts), merged.stdout + merged.stderr)
    return out


def forked(root: Path, env: dict[str, str], on_feature: list[tuple[str, int]], on_main: list[tuple[str, int]]) -> None:
    review(env, "approve", 0)
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    git(root, "checkout", "-q", "-b", "feature")
    for action, minute in on_feature:
        review(env, action, minute)
    review(env, "approve", 1, name="srv:pdf-processing", fingerprint="sha256:" + "2" * 64)
    git(root, "commit", "-qam", "feature's reviews")
    git(root, "checkout", "-q", "main")
    for action, minute in on_main:
        review(env, action, minute)
    git(root, "commit", "-qam", "main's reviews")


def test_an_older_approval_never_outlives_a_later_revoke_in_either_direction(repo):
    root, env = repo
    forked(root, env, on_feature=[("approve", 5)], on_main=[("revoke", 10)])
    results = both_ways(root, env)
    assert results["main"][:2] == results["feature"][:2]
    assert FP not in results["main"][0].split()  # the revoke at 12:10 withdraws the approval made at 12:05
    assert "('srv:hello-world', 'revoked', ())" in results["main"][1]
    assert "warning" not in results["main"][2] + results["feature"][2]
    assert Ledger(env["SKILLSCOPE_LEDGER"]).verify().ok


def test_a_merge_that_keeps_an_approval_the_other_side_revoked_warns(repo):
    root, env = repo
    forked(root, env, on_feature=[("approve", 20)], on_main=[("revoke", 10)])
    results = both_ways(root, env)
    assert results["main"][:2] == results["feature"][:2]
    assert FP in results["main"][0].split()  # approved again at 12:20, after the revoke: a later decision
    for into in ("main", "feature"):
        assert (
            "keeps an approval of srv:hello-world" in results[into][2]
            and "revoked at 2026-12-01T12:10:00Z" in results[into][2]
        )


def test_a_rejection_on_the_other_side_is_warned_about(tmp_path):
    env = isolated_env(tmp_path)
    ours, theirs = tmp_path / "ours.jsonl", tmp_path / "theirs.jsonl"
    for path, action, minute in ((ours, "approve", 30), (theirs, "reject", 10)):
        review(
            {"SKILLSCOPE_LEDGER": str(path)},
            action,
            minute,
            name="srv:other-label" if action == "reject" else "srv:hello-world",
        )
    run = run_cli("ledger", "merge", str(tmp_path / "base"), str(ours), str(theirs), env=env)
    assert run.code == 0, run.err
    assert "keeps an approval of srv:hello-world" in run.err and "rejected at 2026-12-01T12:10:00Z" in run.err
    assert len(Ledger(ours).records()) == 2

"""``export`` from the command line: the RoomKit module and a --label that matches nothing."""

from __future__ import annotations

import ast

from tests.cli.conftest import run_cli


def _env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


def _approve_a_skill_the_demo_has_not(env, tmp_path):
    # The demo's ledger comes seeded with hello-world approved, and a review that changes no verdict is refused,
    # so the tests approve pdf-processing, which the seeded records leave unreviewed (its one warning needs a note).
    ledger = str(tmp_path / "ledger.jsonl")
    return run_cli(
        "approve", "pdf-processing", "demo", "--ledger", ledger, "--yes", "--note", "shell is expected", env=env
    )


def test_roomkit_module_holds_the_approved_pair(tmp_path):
    env = _env(tmp_path)
    approve = _approve_a_skill_the_demo_has_not(env, tmp_path)
    assert approve.code == 0, approve.err
    out = tmp_path / "host" / "reviewed_skills.py"
    run = run_cli("export", "--format", "roomkit", "-o", str(out), env=env)
    assert run.code == 0 and f"Wrote {out}" in run.err
    namespace: dict = {}
    exec(compile(out.read_text(), str(out), "exec"), namespace)  # what a host's import does
    fingerprint = run_cli("list", "demo", "--json", env=env).json()["skills"]
    expected = {(s["name"], s["fingerprint"]) for s in fingerprint if s["name"] == "demo:pdf-processing"}
    assert namespace["APPROVED"] >= expected and len(expected) == 1
    ast.parse(out.read_text())


def test_a_label_that_matches_nothing_warns(tmp_path):
    env = _env(tmp_path)
    assert _approve_a_skill_the_demo_has_not(env, tmp_path).code == 0
    run = run_cli("export", "--label", "nope", env=env)
    assert run.code == 0 and run.out == ""
    assert "no approval in force has label 'nope'" in run.err and "labels with approvals: demo" in run.err
    quiet = run_cli("export", "--label", "demo", env=env)
    assert quiet.code == 0 and quiet.out.startswith("sha256:") and "warning" not in quiet.err

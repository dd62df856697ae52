"""``demo`` as a built-in TARGET: every command reaches the embedded demo and its own ledger."""

from __future__ import annotations

import pytest

from skillscope.cli.commands_tui import tui_settings
from skillscope.ledger.core.store import Ledger
from skillscope.service.targets import TargetOptions
from tests.cli.conftest import run_cli

SEEDED = {
    "demo:hello-world": "approved",
    "demo:acme/billing/invoice-review": "changed-since-approval",
    "demo:code-review": "rejected",
}


@pytest.fixture
def env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "user-ledger.jsonl"),
    }


def test_list_demo_shows_the_demo_ledgers_reviews(env, tmp_path):
    run = run_cli("list", "demo", "--json", env=env)
    assert run.code == 0, run.err
    states = {s["name"]: s["review"]["state"] for s in run.json()["skills"] if s["review"]}
    assert {name: states[name] for name in SEEDED} == SEEDED
    assert (tmp_path / "data" / "skillscope" / "demo-ledger.jsonl").is_file()
    assert not (tmp_path / "user-ledger.jsonl").exists()  # the user's ledger never gets the demo's reviews


def test_demo_list_prints_the_reviews(env):
    run = run_cli("demo", "--list", env=env)
    assert run.code == 0, run.err
    assert "approved" in run.out and "rejected" in run.out and "changed since" in run.out


def test_show_audit_and_approve_reach_the_demo(env, tmp_path):
    show = run_cli("show", "hello-world", "demo", "--json", env=env)
    assert show.code == 0 and show.json()["verified"] is True and show.json()["review"]["state"] == "approved"
    audit = run_cli("audit", "demo", "--format", "json", "--fail-on", "never", env=env)
    assert audit.code == 0 and audit.json()["servers"][0]["label"] == "demo"
    demo_ledger = tmp_path / "data" / "skillscope" / "demo-ledger.jsonl"
    before = len(Ledger(demo_ledger).records())
    approve = run_cli(
        "approve",
        "pdf-processing",
        "demo",
        "--reviewer",
        "me",
        "--yes",
        "--note",
        "python wildcard is expected",
        env=env,
    )
    assert approve.code == 0, approve.err
    assert [r.name for r in Ledger(demo_ledger).records()][before:] == ["demo:pdf-processing"]
    assert not (tmp_path / "user-ledger.jsonl").exists()
    explicit = tmp_path / "mine.jsonl"
    # hello-world is approved in the seeded records, so approving it again would change nothing (refused).
    again = run_cli("approve", "hello-world", "demo", "--ledger", str(explicit), "--yes", env=env)
    assert again.code == 2 and "demo:hello-world is already approved" in again.err
    approve_here = ["approve", "pdf-processing", "demo", "--ledger", str(explicit), "--yes", "--note", "expected"]
    assert run_cli(*approve_here, env=env).code == 0
    assert Ledger(explicit).records()[-1].name == "demo:pdf-processing"  # seeded like the demo's, then appended


def test_a_configured_server_named_demo_wins(env, tmp_path):
    config = tmp_path / "skillscope.yaml"
    config.write_text("servers:\n  demo:\n    url: http://127.0.0.1:9/mcp\n")
    # timing: nothing listens on port 9, so the connection is refused at once; the timeout only caps it
    run = run_cli("list", "demo", "--config", str(config), "--timeout", "2", env=env)
    assert run.code == 3 and "127.0.0.1:9" in run.err


def test_tui_on_the_demo_uses_the_demo_ledger(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("SKILLSCOPE_LEDGER", str(tmp_path / "user.jsonl"))
    settings = tui_settings(("demo",), None, TargetOptions(), reviewer=None)
    assert [(s.label, s.origin) for s in settings.servers] == [("demo", "demo")]
    assert settings.ledger_path == tmp_path / "data" / "skillscope" / "demo-ledger.jsonl"

"""``run_cli`` runs the entry point in this process and leaves nothing behind for the next test."""

from __future__ import annotations

import logging
import os
import signal
import sys

from skillscope.core.redact import SECRETS
from tests.cli.conftest import run_cli, stdio

TOKEN = "tok-5f3a9c1e77"


def _process_state() -> dict[str, object]:
    root = logging.getLogger()
    return {
        "handlers": list(root.handlers),
        "level": root.level,
        "httpx level": logging.getLogger("httpx").level,
        "sigterm": signal.getsignal(signal.SIGTERM),
        "cwd": os.getcwd(),
        "env": dict(os.environ),
        "argv": list(sys.argv),
        "streams": (sys.stdout, sys.stderr),
    }


def test_a_run_leaves_the_process_as_it_found_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the run itself goes to the repository root, where the fixture servers are
    before = _process_state()
    env = {"MY_TOKEN": TOKEN, "SKILLSCOPE_LEDGER": str(tmp_path / "l.jsonl")}
    done = run_cli("--verbose", "list", "--env", "ECHO_SECRET=${MY_TOKEN}", *stdio("echo-secret"), env=env)
    assert done.code == 0, done.err
    assert "The key you sent is ***" in done.out, "the run masked its secret"
    assert _process_state() == before
    assert SECRETS.mask(TOKEN) == TOKEN, "the next run must not mask a secret only an earlier run was given"


def test_an_audit_gives_back_the_collector_thresholds_it_raised(tmp_path):
    import gc

    before = gc.get_threshold()
    done = run_cli("audit", "demo", "--format", "json", "-o", str(tmp_path / "r.json"), "--fail-on", "never")
    assert done.code == 0, done.err
    assert gc.get_threshold() == before


def test_a_crash_inside_a_run_shows_as_a_traceback_and_exit_1(monkeypatch):
    import skillscope.cli as cli_package

    def explode(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli_package, "mask_output_streams", explode)
    done = run_cli("--help")
    assert done.code == 1
    assert "Traceback" in done.err and "RuntimeError: boom" in done.err

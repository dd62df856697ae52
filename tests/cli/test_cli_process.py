"""The few things only a real ``python -m skillscope`` process shows: its exit status and what reaches its streams.

Every other CLI test runs the same entry point in process (tests/cli/conftest.py ``run_cli``);
these keep the process boundary honest: ``sys.exit`` codes as the shell sees them, the
streams' secret masking flushed at interpreter exit, stdout left clean for a pipe.
SIGTERM and ``--help`` start-up have their own process tests in test_cli_wire.py.
"""

from __future__ import annotations

import pytest

from tests.cli.conftest import run_process, stdio

TOKEN = "tok-5f3a9c1e77"


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["show", "pdf-processing", "--json", *stdio("tampered-skill-md")], 1, ""),
        (["list"], 2, "Missing TARGET"),
        (["list", "http://127.0.0.1:9/mcp"], 3, "Cannot reach http://127.0.0.1:9/mcp"),
        (["show", "nope", *stdio("samples")], 4, "does not serve"),
    ],
    ids=["verification-failed", "usage", "connection", "not-found"],
)
def test_each_failure_is_the_process_exit_status(args, code, words, tmp_path):
    done = run_process(*args, env={"XDG_CONFIG_HOME": str(tmp_path)})
    assert done.code == code, (done.out, done.err)
    assert words in done.err and "Traceback" not in done.err


def test_a_local_write_failure_exits_5(tmp_path):
    (tmp_path / "file").write_text("")
    target = tmp_path / "file" / "out.json"
    done = run_process("export", "-o", str(target), env={"SKILLSCOPE_LEDGER": str(tmp_path / "l.jsonl")})
    assert done.code == 5 and str(target) in done.err


def test_success_exits_0_with_only_the_result_on_stdout_and_echoed_secrets_masked(tmp_path):
    env = {"MY_TOKEN": TOKEN, "SKILLSCOPE_LEDGER": str(tmp_path / "l.jsonl")}
    done = run_process("list", "--json", "--env", "ECHO_SECRET=${MY_TOKEN}", *stdio("echo-secret"), env=env)
    assert done.code == 0, done.err
    assert done.json()["skills"], "stdout is the JSON document alone"
    assert "The key you sent is ***" in done.out
    assert TOKEN not in done.out + done.err

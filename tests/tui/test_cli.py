"""How the TUI is started: targets from the command line or the config, the demo, SIGTERM, lazy imports."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from skillscope.cli import cli
from skillscope.cli.commands_tui import tui_settings
from skillscope.core.errors import UsageError
from skillscope.service.targets import TargetOptions
from tests.cli.conftest import run_cli
from tests.fixtures.http import REPO_ROOT, stdio_command
from tests.processes import children_of

OPTIONS = TargetOptions()


@pytest.fixture
def no_config(monkeypatch):
    """No config file, whatever the machine has."""
    from skillscope.config.file import Config

    monkeypatch.setattr("skillscope.config.file.load_config", lambda path: Config())


def captured(monkeypatch) -> list:
    seen: list = []
    monkeypatch.setattr("skillscope.cli.commands_tui.run_tui", seen.append)
    return seen


def test_no_command_opens_the_tui_on_every_configured_server(tmp_path, monkeypatch):
    config = tmp_path / "skillscope.yaml"
    config.write_text(
        "ledger: reviews.jsonl\nservers:\n  docs: {url: 'https://docs.example/mcp'}\n  local: {command: python, args: [-m, srv]}\n"
    )
    seen = captured(monkeypatch)
    result = CliRunner().invoke(cli, ["tui", "--config", str(config)])
    assert result.exit_code == 0, result.output
    settings = seen[0]
    assert [s.label for s in settings.servers] == ["docs", "local"] and all(
        s.origin == "config" for s in settings.servers
    )
    assert settings.ledger_path == tmp_path / "reviews.jsonl" and settings.config_path == config
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = CliRunner().invoke(cli, [])
    assert result.exit_code == 2 and "skillscope config trust" in result.output
    assert CliRunner().invoke(cli, ["config", "trust"]).exit_code == 0
    result = CliRunner().invoke(cli, [])
    assert result.exit_code == 0, result.output
    assert [s.label for s in seen[1].servers] == ["docs", "local"]


def test_targets_keep_headers_unexpanded_for_saving(monkeypatch, no_config):
    monkeypatch.setenv("TOKEN", "s3cret")
    settings = tui_settings(
        ("https://a.example/mcp", "https://b.example/mcp"),
        ["python", "-m", "srv"],
        TargetOptions(headers=("Authorization: Bearer ${TOKEN}",), env=("LEVEL=debug",)),
        reviewer="me",
    )
    first, second, third = settings.servers
    assert (first.label, second.label, third.label) == ("a.example", "b.example", "srv")
    assert first.target.headers == {"Authorization": "Bearer s3cret"}
    assert first.spec.headers == {"Authorization": "Bearer ${TOKEN}"}
    assert third.target.kind == "stdio" and third.spec.args == ["-m", "srv"] and third.spec.env == {"LEVEL": "debug"}
    assert settings.reviewer == "me"


def test_env_values_expand_for_the_server_and_save_unexpanded(monkeypatch, tmp_path):
    from skillscope.config.file import save_server

    monkeypatch.setenv("TOKEN", "s3cret-env-value")
    (tmp_path / "empty.yaml").write_text("servers: {}\n")
    options = TargetOptions(config_path=str(tmp_path / "empty.yaml"), env=("LEVEL=debug", "API_KEY=${TOKEN}"))
    settings = tui_settings((), ["python", "-m", "srv"], options, reviewer="me")
    (seed,) = settings.servers
    assert seed.target.env == {"LEVEL": "debug", "API_KEY": "s3cret-env-value"}
    assert seed.spec.env == {"LEVEL": "debug", "API_KEY": "${TOKEN}"}
    saved = save_server(seed.spec, tmp_path / "skillscope.yaml").read_text()
    assert "${TOKEN}" in saved and "s3cret" not in saved


def test_same_labels_are_told_apart(no_config):
    settings = tui_settings(("https://x.example/a", "https://x.example/b"), None, OPTIONS, reviewer=None)
    assert [s.label for s in settings.servers] == ["x.example", "x.example-2"]
    assert settings.servers[1].spec.label == "x.example-2"


def test_label_names_one_server_only(no_config):
    with pytest.raises(UsageError, match="exactly one"):
        tui_settings(("https://a.example/mcp", "https://b.example/mcp"), None, TargetOptions(label="x"), reviewer=None)


def test_a_configured_server_with_an_unset_variable_is_shown_failed(tmp_path, monkeypatch):
    monkeypatch.delenv("NOT_SET_ANYWHERE", raising=False)
    config = tmp_path / "skillscope.yaml"
    config.write_text(
        "servers:\n  docs:\n    url: https://docs.example/mcp\n    headers: {Authorization: 'Bearer ${NOT_SET_ANYWHERE}'}\n"
    )
    settings = tui_settings((), None, TargetOptions(config_path=str(config)), reviewer=None)
    assert (
        settings.servers[0].problem
        == "Environment variable NOT_SET_ANYWHERE is not set (used in server 'docs' header 'Authorization')"
    )


def test_demo_list_still_prints_the_catalog():
    run = run_cli("demo", "--list")
    assert run.code == 0, run.err
    assert "demo:pdf-processing" in run.out and "SS-E14" in run.out


@pytest.mark.parametrize("args", [["tui", "--help"], ["demo", "--help"], ["servers", "--help"], ["--help"]])
def test_help_imports_neither_textual_nor_mcp(args):
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from skillscope.cli import cli\n"
        f"result = CliRunner().invoke(cli, {args!r})\n"
        "assert result.exit_code == 0, result.output\n"
        "print(sorted(m for m in ('mcp', 'textual', 'httpx2') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO_ROOT).stdout
    assert out.strip() == "[]"


def test_nothing_outside_the_tui_package_imports_textual():
    package = REPO_ROOT / "skillscope"
    offenders = []
    for path in package.rglob("*.py"):
        if (package / "tui") in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(name == "textual" or name.startswith("textual.") for name in names):
                offenders.append(str(path.relative_to(REPO_ROOT)))
    assert offenders == []


def test_sigterm_quits_the_tui_and_stops_its_stdio_server(tmp_path):
    """The real command in a pseudo-terminal: SIGTERM is a graceful quit, the server is reaped."""
    import fcntl
    import pty
    import struct
    import termios
    import threading

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
    env = {
        **os.environ,
        "TERM": "xterm-256color",
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "skillscope",
            "tui",
            "--ledger",
            str(tmp_path / "ledger.jsonl"),
            "--",
            *stdio_command("samples"),
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=REPO_ROOT,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    screen = bytearray()

    def drain() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            screen.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        # Polled with a generous bound (a busy machine starts both processes slowly); SIGTERM is then
        # sent once the catalog is on the screen, whatever else the app is still doing.
        deadline = time.monotonic() + 300
        children: list[int] = []
        while time.monotonic() < deadline and not (children and b"skills" in screen):
            time.sleep(0.2)
            children = children_of(proc.pid)
        assert children, "the stdio server should be running"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=300) == 0
        from tests.processes import wait_until_gone

        assert not wait_until_gone(children), "the server outlived the TUI"
        assert b"Traceback" not in screen
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        reader.join(timeout=60)


def test_save_server_keeps_the_rest_of_the_file(tmp_path):
    from skillscope.config.file import load_config, save_server
    from skillscope.config.servers import ServerSpec

    path = tmp_path / "skillscope.yaml"
    path.write_text(
        "# reviewed servers\nledger: r.jsonl\nservers:\n  # the docs team\n  docs:\n    url: https://docs.example/mcp\n"
    )
    save_server(ServerSpec("local", command="python", args=["-m", "srv"], env={"A": "b"}), path)
    text = path.read_text()
    assert text.startswith("# reviewed servers\n") and "# the docs team" in text
    servers = load_config(path).servers
    assert servers["local"].args == ["-m", "srv"] and servers["docs"].url == "https://docs.example/mcp"
    with pytest.raises(Exception, match="already has a server labelled 'docs'"):
        save_server(ServerSpec("docs", url="https://other.example/mcp"), path)


def test_save_server_writes_mcp_json_and_new_files(tmp_path):
    import json

    from skillscope.config.file import save_server
    from skillscope.config.servers import ServerSpec

    fresh = tmp_path / "sub" / "skillscope.yaml"
    save_server(ServerSpec("docs", url="https://docs.example/mcp", headers={"Authorization": "Bearer ${TOKEN}"}), fresh)
    assert "Bearer ${TOKEN}" in fresh.read_text()
    mcp = tmp_path / "mcp.json"
    mcp.write_text('{"mcpServers": {"a": {"command": "x"}}}')
    save_server(ServerSpec("b", url="https://b.example/mcp"), mcp)
    assert json.loads(mcp.read_text())["mcpServers"]["b"] == {"url": "https://b.example/mcp"}

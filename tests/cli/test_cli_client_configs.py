"""MCP clients' config files end to end: `servers`, and list against real servers reached through each format."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.conftest import run_cli
from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import REPO_ROOT, serve_http_in_thread, stdio_command

TOKEN = "s3cret-token"


@pytest.fixture
def home(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    return home


def env_for(home: Path, **extra: str) -> dict[str, str]:
    return {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "SKILLSCOPE_LEDGER": str(home / "ledger.jsonl"),
        **extra,
    }


def put(path: Path, data: object | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def guarded():
    """The sample catalog over HTTP, answering only with the bearer token."""
    with serve_http_in_thread(build_scenario("samples"), bearer_token=TOKEN) as url:
        yield url


def test_servers_lists_every_clients_servers_with_their_files(home):
    put(
        home / ".cursor" / "mcp.json",
        {"mcpServers": {"cur": {"url": "https://cur.example/mcp", "headers": {"Authorization": "Bearer hunter2"}}}},
    )
    put(
        home / ".config" / "zed" / "settings.json",
        '{"context_servers": {"zsrv": {"command": "zed-srv", "env": {"K": "hunter3"}},},}',
    )
    put(
        home / ".codeium" / "windsurf" / "mcp_config.json",
        {"mcpServers": {"off": {"serverUrl": "https://w/mcp", "disabled": True}}},
    )
    run = run_cli("servers", env=env_for(home))
    assert run.code == 0, run.err
    assert "cur" in run.out and "Cursor" in run.out and str(home / ".cursor" / "mcp.json") in run.out
    assert "zsrv" in run.out and "Zed" in run.out and "disabled" in run.out
    as_json = run_cli("servers", "--json", env=env_for(home))
    rows = {r["label"]: r for r in as_json.json()["servers"]}
    assert rows["cur"]["header_names"] == ["Authorization"] and rows["zsrv"]["env_names"] == ["K"]
    assert "hunter" not in run.out + as_json.out  # header and env values are never printed


def test_untrusted_project_file_is_named_and_its_servers_not_read(home, tmp_path):
    project = tmp_path / "project"
    put(project / ".mcp.json", {"mcpServers": {"planted": {"command": "touch", "args": [str(tmp_path / "ran")]}}})
    run = run_cli("servers", env=env_for(home), cwd=str(project))
    assert run.code == 0
    assert "planted" not in run.out and "untrusted project file" in run.err and "skillscope config trust" in run.err
    tui_like = run_cli("list", "planted", env=env_for(home), cwd=str(project))
    assert tui_like.code == 2 and not (tmp_path / "ran").exists()
    assert "Not read until trusted" in tui_like.err and str(project / ".mcp.json") in tui_like.err


@pytest.mark.parametrize(
    ("client_file", "document", "extra_env"),
    [
        (
            ".cursor/mcp.json",
            {"mcpServers": {"srv": {"url": "URL", "headers": {"Authorization": "Bearer ${env:SKILLS_TOKEN}"}}}},
            {"SKILLS_TOKEN": TOKEN},
        ),
        (
            ".codeium/windsurf/mcp_config.json",
            {"mcpServers": {"srv": {"serverUrl": "URL", "headers": {"Authorization": "Bearer ${env:SKILLS_TOKEN}"}}}},
            {"SKILLS_TOKEN": TOKEN},
        ),
        (
            ".claude.json",
            {
                "mcpServers": {
                    "srv": {
                        "type": "http",
                        "url": "URL",
                        "headers": {"Authorization": "Bearer ${SKILLS_TOKEN:-" + TOKEN + "}"},
                    }
                }
            },
            {},
        ),
    ],
)
def test_each_format_reaches_a_guarded_server_with_its_variables(home, guarded, client_file, document, extra_env):
    text = json.dumps(document).replace('"URL"', json.dumps(guarded))
    put(home / client_file, "// written by hand\n" + text if client_file.endswith("mcp.json") else text)
    run = run_cli("list", "srv", "--json", env=env_for(home, **extra_env))
    assert run.code == 0, run.err
    assert {s["name"] for s in run.json()["skills"]} >= {"srv:hello-world", "srv:pdf-processing"}


def test_zed_and_claude_desktop_stdio_servers(home):
    command, *args = stdio_command("samples")
    put(
        home / ".config" / "zed" / "settings.json",
        '{\n\t// Zed\n\t"context_servers": {"zed-samples": {"command": {"path": '
        + json.dumps(command)
        + ', "args": '
        + json.dumps(args)
        + "}},},\n}",
    )
    put(
        home / ".config" / "Claude" / "claude_desktop_config.json",
        {"mcpServers": {"desk": {"command": command, "args": args}}},
    )
    for label in ("zed-samples", "desk"):
        run = run_cli("list", label, "--json", env=env_for(home))
        assert run.code == 0, run.err
        assert f"{label}:hello-world" in {s["name"] for s in run.json()["skills"]}


VSCODE = """{
\t"inputs": [{"type": "promptString", "id": "skills-key", "description": "Skills API key", "password": true}],
\t"servers": {
\t\t"guarded": {"type": "http", "url": %s, "headers": {"Authorization": "Bearer ${input:skills-key}"},},
\t},
}
"""


def test_vscode_input_without_a_terminal_exits_2_and_sends_nothing(home, tmp_path):
    with serve_http_in_thread(build_scenario("samples"), bearer_token=TOKEN) as url:
        path = put(tmp_path / "ws" / ".vscode" / "mcp.json", VSCODE % json.dumps(url))
        run = run_cli("list", "guarded", "--config", str(path), env=env_for(home))
    assert run.code == 2 and "asked on a terminal" in run.err and run.out == ""


def _read(fd: int, until: bytes | None = None, timeout: float = 300.0) -> bytes:
    """What the terminal shows: until ``until`` appears (failing after ``timeout``), or all it holds now."""
    deadline = time.monotonic() + timeout
    seen = b""
    while until is None or until not in seen:
        if until is not None and time.monotonic() > deadline:
            raise AssertionError(f"never saw {until!r}; got {seen!r}")
        if not select.select([fd], [], [], 0.3)[0]:
            if until is None:
                break
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    return seen


def test_vscode_password_input_is_asked_on_the_terminal_hidden(home, tmp_path):
    with serve_http_in_thread(build_scenario("samples"), bearer_token=TOKEN) as url:
        path = put(tmp_path / "ws" / ".vscode" / "mcp.json", VSCODE % json.dumps(url))
        master, slave = pty.openpty()
        proc = subprocess.Popen(
            [sys.executable, "-m", "skillscope", "list", "guarded", "--json", "--config", str(path)],
            stdin=slave,
            stderr=slave,
            stdout=subprocess.PIPE,
            cwd=REPO_ROOT,
            env={**os.environ, **env_for(home), "COLUMNS": "200"},
        )
        os.close(slave)
        try:
            _read(master, b"Skills API key: ")
            os.write(master, f"{TOKEN}\n".encode())
            out, _ = proc.communicate(timeout=90)
            echoed = _read(master)
        finally:
            proc.kill() if proc.poll() is None else None
            os.close(master)
    assert proc.returncode == 0
    assert "guarded:hello-world" in {s["name"] for s in json.loads(out)["skills"]}
    assert TOKEN.encode() not in echoed  # typed hidden


def test_vscode_sse_server_is_listed_and_read_over_the_legacy_transport(home, tmp_path):
    with serve_http_in_thread(build_scenario("samples"), bearer_token=TOKEN, sse=True, path="/sse") as url:
        path = put(
            tmp_path / "ws" / ".vscode" / "mcp.json",
            {
                "servers": {
                    "legacy": {"type": "sse", "url": url, "headers": {"Authorization": "Bearer ${env:SKILLS_TOKEN}"}}
                }
            },
        )
        env = env_for(home, SKILLS_TOKEN=TOKEN)
        listing = run_cli("list", "legacy", "--json", "--config", str(path), env=env)
        show = run_cli("show", "pdf-processing", "legacy", "--all-files", "--json", "--config", str(path), env=env)
        refused = run_cli("list", "legacy", "--config", str(path), env=env_for(home, SKILLS_TOKEN="wrong"))
    assert listing.code == 0, listing.err
    assert "legacy:hello-world" in {s["name"] for s in listing.json()["skills"]}
    assert show.code == 0 and show.json()["verified"] is True
    assert {f["status"] for f in show.json()["files"]} == {"verified"}
    assert refused.code == 3


def test_config_trust_shows_a_client_files_servers_then_servers_lists_them(home, tmp_path):
    project = tmp_path / "project"
    put(
        project / ".vscode" / "mcp.json",
        '{\n\t// shared with the team\n\t"servers": {"team": {"url": "https://team.example/mcp?token=abc123"},},\n}\n',
    )
    trust = run_cli("config", "trust", ".vscode/mcp.json", env=env_for(home), cwd=str(project))
    assert trust.code == 0, trust.err
    assert "team" in trust.out and "abc123" not in trust.out
    listed = run_cli("servers", env=env_for(home), cwd=str(project))
    assert listed.code == 0 and "team" in listed.out and "VS Code" in listed.out and "untrusted" not in listed.err
    assert "abc123" not in listed.out and "token=***" in listed.out

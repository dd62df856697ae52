"""`skillscope tui` with no target and no configured server offers the MCP clients' servers, attached only on request."""

from __future__ import annotations

import json

import pytest

from skillscope.cli.commands_tui import tui_settings
from skillscope.service.targets import TargetOptions
from skillscope.tui.app import make_app
from tests.fixtures.http import REPO_ROOT, stdio_command
from tests.tui.helpers import listed, running, wait_until

pytestmark = pytest.mark.anyio


@pytest.fixture
def client_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".cursor").mkdir(parents=True)
    command, *args = stdio_command("samples")
    (home / ".cursor" / "mcp.json").write_text(
        json.dumps(
            {
                "mcpServers": {
                    "samples": {"command": command, "args": args, "cwd": str(REPO_ROOT)},
                    "needs-token": {"url": "https://x.example/mcp", "headers": {"A": "${env:UNSET_FOR_TEST}"}},
                    "off": {"command": "never-run", "disabled": True},
                }
            }
        )
    )
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.delenv("UNSET_FOR_TEST", raising=False)
    monkeypatch.delenv("SKILLSCOPE_LEDGER", raising=False)
    monkeypatch.chdir(tmp_path)
    return home


def test_client_servers_are_offered_not_attached(client_home):
    settings = tui_settings((), None, TargetOptions(), reviewer="r")
    seeds = {s.label: s for s in settings.servers}
    assert set(seeds) == {"samples", "needs-token"}  # the disabled one is left out
    assert all(s.origin == "client" and not s.autoconnect for s in seeds.values())
    assert seeds["needs-token"].problem and "UNSET_FOR_TEST" in seeds["needs-token"].problem


def test_a_configured_server_keeps_the_client_servers_out(client_home, tmp_path):
    config = tmp_path / "own.yaml"
    config.write_text("servers:\n  mine: {url: 'https://mine.example/mcp'}\n")
    settings = tui_settings((), None, TargetOptions(config_path=str(config)), reviewer="r")
    assert [s.label for s in settings.servers] == ["mine"]


async def test_offered_server_attaches_when_asked(client_home, tmp_path):
    settings = tui_settings((), None, TargetOptions(), reviewer="r")
    settings.log_dir = tmp_path / "logs"
    app = make_app(settings)
    app.animation_level = "none"
    async with running(app) as pilot:
        screen = app.main_screen
        await wait_until(
            pilot, lambda: not [w for w in app.workers if w.group == "startup" and w.is_running], what="startup"
        )
        assert screen.sessions["samples"].state == "idle" and screen.sessions["samples"].conn is None
        assert screen.panel.current == "samples"
        await pilot.press("c")
        views = await listed(pilot, "samples")
        assert screen.sessions["samples"].state == "connected"
        assert "samples:hello-world" in views


def test_a_client_label_as_target_keeps_its_spec(client_home):
    settings = tui_settings(("samples",), None, TargetOptions(), reviewer="r")
    (seed,) = settings.servers
    assert seed.origin == "client" and seed.autoconnect and seed.spec.source.endswith("mcp.json")
    assert seed.target.command[-2:] == ("tests.fixtures.run_server", "samples")

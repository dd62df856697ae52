"""The TUI lists the local commands a config names and starts only those the user confirms (#34: no code runs unasked)."""

from __future__ import annotations

import shlex
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from skillscope.cli.commands_tui import tui_settings
from skillscope.service.targets import TargetOptions
from skillscope.tui.app import make_app
from skillscope.tui.dialogs.start_servers import StartServersDialog
from tests.fixtures.http import REPO_ROOT, stdio_command
from tests.tui.helpers import listed, notifications, running, screen_text, wait_until
from tests.tui.test_snapshots import settle

pytestmark = pytest.mark.anyio

SECRET = "hunter2-start-token"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user's machine under ``tmp_path``: no MCP client configs, a secret in the environment."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("SKILLSCOPE_LEDGER", str(tmp_path / "ledger.jsonl"))
    monkeypatch.setenv("START_TOKEN", SECRET)
    monkeypatch.chdir(tmp_path)
    return home


def planted_server(marker: Path) -> dict[str, object]:
    """A real publisher started through ``sh -c`` that first leaves ``marker``: the marker says the command ran."""
    script = f"touch {shlex.quote(str(marker))} && exec {shlex.join(stdio_command('samples'))}"
    return {"command": "sh", "args": ["-c", script, "sh", "${START_TOKEN}"], "cwd": str(REPO_ROOT)}


@pytest.fixture
def config(home, tmp_path):
    """A config file naming two such commands, ``first`` and ``second``; returns it with their markers."""
    markers = {label: tmp_path / f"{label}-ran" for label in ("first", "second")}
    path = tmp_path / "skillscope.yaml"
    servers = {label: planted_server(marker) for label, marker in markers.items()}
    path.write_text(yaml.safe_dump({"servers": servers}), encoding="utf-8")
    return path, markers


def app_for(config_path: Path, tmp_path: Path, targets: tuple[str, ...] = ()):
    """The app as ``skillscope tui [TARGET...] --config FILE`` builds it."""
    settings = tui_settings(targets, None, TargetOptions(config_path=str(config_path)), reviewer="r")
    settings.log_dir = tmp_path / "logs"
    settings.options = replace(settings.options, timeout=120)
    app = make_app(settings)
    app.animation_level = "none"
    return app


async def asked(pilot) -> StartServersDialog:
    return await wait_until(
        pilot,
        lambda: (
            isinstance(pilot.app.screen, StartServersDialog)
            and pilot.app.screen.query("#start-commands")
            and pilot.app.screen
        ),
        what="the start dialog",
    )


async def test_the_dialog_lists_each_command_and_start_all_runs_them(config, tmp_path):
    config_path, markers = config
    app = app_for(config_path, tmp_path)
    async with running(app) as pilot:
        dialog = await asked(pilot)
        await settle(pilot)
        shown = " ".join(screen_text(app).split())
        assert "Start these 2 servers?" in shown and "Start all" in shown and "Start none" in shown
        commands = dialog.query_one("#start-commands Static").content.plain
        for label, marker in markers.items():
            assert f"{label}\n  sh -c 'touch {marker} && exec " in commands
        assert "'${START_TOKEN}'" in commands and SECRET not in commands  # the variable as written, never its value
        assert f"written in {config_path}; run in {REPO_ROOT}" in commands
        assert not any(m.exists() for m in markers.values()), "a command ran before it was confirmed"
        assert not app.main_screen._holders
        assert all(s.state == "idle" and s.conn is None for s in app.main_screen.sessions.values())

        await pilot.press("a")
        await listed(pilot, "first")
        await listed(pilot, "second")
        assert all(m.exists() for m in markers.values())
        assert app.main_screen.sessions["first"].state == "connected"


async def test_start_none_leaves_them_unstarted_the_panel_says_why_and_c_starts_one(config, tmp_path):
    config_path, markers = config
    app = app_for(config_path, tmp_path)
    async with running(app) as pilot:
        await asked(pilot)
        await pilot.press("n")
        screen = app.main_screen
        await wait_until(pilot, lambda: app.screen is screen, what="the dialog closed")
        await settle(pilot)
        assert not screen._holders, "a server was set to start though none was confirmed"
        assert not any(m.exists() for m in markers.values())
        assert all(s.state == "idle" for s in screen.sessions.values())
        shown = " ".join(screen_text(app).split())
        assert "not started (needs confirmation)" in shown and "Press c to start it" in shown
        assert any("Not started: first, second" in n for n in notifications(app))

        screen.panel.select("second")
        await wait_until(pilot, lambda: screen.panel.current == "second", what="second highlighted")
        await pilot.press("c")
        await listed(pilot, "second")
        assert markers["second"].exists() and not markers["first"].exists()
        assert screen.sessions["first"].state == "idle"


async def test_enter_on_the_dialog_starts_nothing(config, tmp_path):
    """Enter presses the focused button, and the dialog opens on Start none: a reflex enter runs no command."""
    config_path, markers = config
    app = app_for(config_path, tmp_path)
    async with running(app) as pilot:
        await asked(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is app.main_screen, what="the dialog closed")
        assert not app.main_screen._holders and not any(m.exists() for m in markers.values())


async def test_a_server_named_on_the_command_line_starts_without_a_dialog(config, tmp_path):
    """The honest twin: the user named ``first``; it starts at once, and ``second`` is not shown at all."""
    config_path, markers = config
    app = app_for(config_path, tmp_path, targets=("first",))
    async with running(app) as pilot:
        await listed(pilot, "first")
        assert markers["first"].exists()
        assert not any(isinstance(s, StartServersDialog) for s in app.screen_stack)
        assert set(app.main_screen.sessions) == {"first"} and not markers["second"].exists()


async def test_a_url_in_the_config_connects_without_a_dialog(home, tmp_path):
    """Connecting to a URL runs no code here: the config's URL server is attached at start, nothing asked."""
    from tests.fixtures.hostile import build_scenario
    from tests.fixtures.http import serve_http_in_thread

    with serve_http_in_thread(build_scenario("samples")) as url:
        path = tmp_path / "skillscope.yaml"
        path.write_text(yaml.safe_dump({"servers": {"remote": {"url": url}}}), encoding="utf-8")
        app = app_for(path, tmp_path)
        async with running(app) as pilot:
            views = await listed(pilot, "remote")
            assert views and not any(isinstance(s, StartServersDialog) for s in app.screen_stack)


def test_the_start_dialog_fits_80x24(snap_compare, home, tmp_path):
    """#34: the TUI started a config's npx line before anyone saw it; the dialog names it first, buttons in reach."""
    path = Path("skillscope.yaml")  # relative, so the path on screen is the same on every machine
    path.write_text(
        yaml.safe_dump(
            {
                "servers": {
                    "acme": {"command": "npx", "args": ["-y", "@acme/skills-server", "--token", "${START_TOKEN}"]},
                    "local": {"command": "uvx", "args": ["acme-skills"], "env": {"LOG_LEVEL": "warning"}},
                }
            }
        ),
        encoding="utf-8",
    )
    settings = tui_settings((), None, TargetOptions(config_path=str(path), ledger_file="ledger.jsonl"), reviewer="r")
    settings.log_dir = tmp_path / "logs"
    app = make_app(settings)
    app.animation_level = "none"

    async def run_before(pilot) -> None:
        await asked(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)

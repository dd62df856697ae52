"""How often the TUI lists a server again is set in the config (``tui: refresh_minutes``) or by
``skillscope tui --refresh-minutes N``; the option wins, 0 turns the timed listing off, a bad value is refused."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from skillscope.cli import cli
from skillscope.tui.app import make_app
from skillscope.tui.settings import TuiSettings
from tests.tui.helpers import running, settings_for


@pytest.fixture
def started(monkeypatch, tmp_path):
    """The settings each ``skillscope tui`` run would open the app with (the app itself is not run)."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config-home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    seen: list[TuiSettings] = []
    monkeypatch.setattr("skillscope.cli.commands_tui.run_tui", seen.append)
    return seen


def _config(tmp_path, tail: str = "") -> str:
    path = tmp_path / "skillscope.yaml"
    path.write_text("servers:\n  docs: {url: 'https://docs.example/mcp'}\n" + tail)
    return str(path)


def test_the_config_sets_the_minutes_and_the_option_wins(tmp_path, started):
    plain = _config(tmp_path)
    assert CliRunner().invoke(cli, ["tui", "--config", plain]).exit_code == 0
    assert started[-1].refresh_minutes == 5.0

    every_two = _config(tmp_path, "tui:\n  refresh_minutes: 2\n")
    assert CliRunner().invoke(cli, ["tui", "--config", every_two]).exit_code == 0
    assert started[-1].refresh_minutes == 2.0

    result = CliRunner().invoke(cli, ["tui", "--config", every_two, "--refresh-minutes", "0"])
    assert result.exit_code == 0, result.output
    assert started[-1].refresh_minutes == 0.0

    result = CliRunner().invoke(cli, ["tui", "--config", plain, "--refresh-minutes", "0.5"])
    assert result.exit_code == 0, result.output
    assert started[-1].refresh_minutes == 0.5


@pytest.mark.parametrize("tail", ["tui:\n  refresh_minutes: soon\n", "tui:\n  refresh_minutes: -1\n", "tui: 5\n"])
def test_a_bad_config_value_is_refused_with_its_key(tmp_path, started, tail):
    result = CliRunner().invoke(cli, ["tui", "--config", _config(tmp_path, tail)])
    assert result.exit_code == 2 and "'tui" in result.output
    assert started == []


def test_a_negative_option_is_refused(tmp_path, started):
    result = CliRunner().invoke(cli, ["tui", "--config", _config(tmp_path), "--refresh-minutes", "-3"])
    assert result.exit_code == 2 and "--refresh-minutes" in result.output
    assert started == []


@pytest.mark.anyio
@pytest.mark.parametrize(("minutes", "on"), [(0.0, False), (3.0, True)])
async def test_the_app_follows_the_setting(tmp_path, minutes, on):
    settings = settings_for([], tmp_path)
    settings.refresh_minutes = minutes
    app = make_app(settings)
    async with running(app):
        live = app.main_screen.live
        assert live.on is on and live.minutes == minutes

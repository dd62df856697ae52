"""``skillscope tui ./skills``: a local folder is a server in the TUI, its skills listed and opened like any other."""

from __future__ import annotations

import pytest

from skillscope.cli.commands_tui import tui_settings
from skillscope.service.targets import TargetOptions
from skillscope.tui.app import make_app
from tests.cli.test_cli_folders import write_skill
from tests.tui.helpers import listed, open_skill, running, settings_for

pytestmark = pytest.mark.anyio


async def test_a_folder_target_lists_and_opens_its_skills(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SKILLSCOPE_LEDGER", str(tmp_path / "user.jsonl"))
    write_skill(tmp_path / "skills", "invoice-review")
    write_skill(tmp_path / "skills", "code-review")
    monkeypatch.chdir(tmp_path)
    started = tui_settings(("./skills",), None, TargetOptions(), reviewer=None)
    assert [(s.label, s.origin, s.spec) for s in started.servers] == [("skills", "command-line", None)]
    assert started.ledger_path == tmp_path / "user.jsonl"  # a folder's reviews are the user's, not the demo's
    app = make_app(settings_for(started.servers, tmp_path))
    async with running(app) as pilot:
        views = await listed(pilot, server="skills")
        assert set(views) == {"skills:invoice-review", "skills:code-review"}
        view = await open_skill(pilot, "invoice-review", server="skills")
        assert view.phase == "verified"

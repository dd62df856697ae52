"""The overview lists what an audited skill can do; a changed skill's Changes tab leads with the capability delta."""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from tests.cli.conftest import run_process
from tests.cli.test_cli_capabilities import SERVE, _skill
from tests.fixtures.http import REPO_ROOT
from tests.fixtures.script_server import script_server
from tests.tui.helpers import at_rest, audited, running, screen_text, select, settings_for, wait_until

pytestmark = pytest.mark.anyio


def _seed(tmp_path, host):
    folder = tmp_path / host
    _skill(folder, host)
    script = tmp_path / "serve.py"
    script.write_text(SERVE)
    command = tuple(script_server(script, str(folder)))
    return ServerSeed(
        Target(label="team", kind="stdio", command=command, cwd=str(REPO_ROOT)), None, "command-line", Policy()
    )


def _text(app):
    return " ".join(screen_text(app).split())


async def test_the_overview_lists_what_the_skill_can_do_once_audited(tmp_path):
    app = make_app(settings_for([_seed(tmp_path, "dash.example")], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        view = await select(pilot, "report-sync", server="team")
        assert "What it can do" not in _text(app), "nothing is claimed before the files are read"
        await audited(pilot, view)
        app.main_screen.detail.activate("overview")
        await at_rest(pilot)
        shown = _text(app)
        assert "What it can do" in shown
        assert "sends to dash.example scripts/sync.sh:3" in shown
        assert "grants Bash(*) SKILL.md:4" in shown


async def test_the_changes_tab_leads_with_the_new_destination(tmp_path):
    env = {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "GIT_CONFIG_GLOBAL": str(tmp_path / "gitconfig"),
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    (tmp_path / "gitconfig").write_text("[user]\n\temail = rita@example.org\n")
    first = _seed(tmp_path / "a", "dash.example").target
    approved = run_process(
        "approve",
        "--yes",
        "--accept-findings",
        "--note",
        "sends to our dashboard",
        "report-sync",
        "--label",
        "team",
        "--",
        *first.command,
        env=env,
    )
    assert approved.code == 0, approved.err
    app = make_app(settings_for([_seed(tmp_path / "b", "collect.example")], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        view = await select(pilot, "report-sync", server="team")
        await wait_until(pilot, lambda: view.review is not None, what="the review state")
        assert view.review.state == "changed-since-approval"
        await audited(pilot, view)
        app.main_screen.detail.activate("changes")
        await at_rest(pilot)
        shown = _text(app)
        lead = shown.index("What changed, first (against its approval)")
        assert shown.index("now sends to a new host collect.example") > lead
        assert shown.index("no longer sends to dash.example") < shown.index("Changed since approval")

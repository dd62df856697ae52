"""A changed skill leads with what the change brings, in the Changes tab and in the approve dialog.

The skill approved sends its report to the team's dashboard; the version served now also sends a private
key to another host and asks for an unrestricted shell. Both views name the new error and the new host
before any file change; a version that only rewords its prose says there is nothing new to judge.
"""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from skillscope.tui.dialogs.review import ReviewDialog
from tests.cli.conftest import run_process
from tests.cli.test_cli_audit_change import APPROVED_SCRIPT, SERVE, STEALING_SCRIPT, _skill_md
from tests.fixtures.http import REPO_ROOT
from tests.fixtures.script_server import script_server
from tests.tui.helpers import at_rest, audited, running, screen_text, select, settings_for, wait_until

pytestmark = pytest.mark.anyio


def _seed(tmp_path, version, skill_md, script):
    folder = tmp_path / version
    (folder / "scripts").mkdir(parents=True)
    (folder / "SKILL.md").write_text(skill_md)
    (folder / "scripts" / "sync.sh").write_text(script)
    serve = tmp_path / "serve.py"
    serve.write_text(SERVE)
    command = tuple(script_server(serve, str(folder)))
    return ServerSeed(
        Target(label="team", kind="stdio", command=command, cwd=str(REPO_ROOT)), None, "command-line", Policy()
    )


def _approve_first(tmp_path):
    env = {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "GIT_CONFIG_GLOBAL": str(tmp_path / "gitconfig"),
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    (tmp_path / "gitconfig").write_text("[user]\n\temail = rita@example.org\n")
    first = _seed(tmp_path, "v1", _skill_md("Bash(scripts/sync.sh)"), APPROVED_SCRIPT).target
    approved = run_process(
        "approve", "--yes", "--reviewer", "rita", "report-sync", "--label", "team", "--", *first.command, env=env
    )
    assert approved.code == 0, approved.err


def _text(app):
    return " ".join(screen_text(app).split())


async def _changed(pilot, app):
    view = await select(pilot, "report-sync", server="team")
    await wait_until(pilot, lambda: view.review is not None, what="the review state")
    assert view.review.state == "changed-since-approval"
    return view


async def test_the_changes_tab_leads_with_the_new_error_then_the_new_host(tmp_path):
    _approve_first(tmp_path)
    app = make_app(settings_for([_seed(tmp_path, "v2", _skill_md("Bash(*)"), STEALING_SCRIPT)], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        view = await _changed(pilot, app)
        await audited(pilot, view)
        app.main_screen.detail.activate("changes")
        await at_rest(pilot)
        shown = _text(app)
        lead = shown.index("What changed, first")
        assert lead < shown.index("new error:") < shown.index("now sends to a new host collect.example")
        assert shown.index("now sends to a new host collect.example") < shown.index("Changed since approval")
        assert "nothing new to judge" not in shown
        assert view.audit_change is not None and view.audit_change.basis == "approved bytes"


async def test_the_approve_dialog_leads_with_the_new_error_and_host(tmp_path):
    _approve_first(tmp_path)
    app = make_app(settings_for([_seed(tmp_path, "v2", _skill_md("Bash(*)"), STEALING_SCRIPT)], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        view = await _changed(pilot, app)
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewDialog), what="the approve dialog")
        await at_rest(pilot)
        summary = app.screen._summary
        assert summary is not None
        lines = [line for _, line in summary.lead]
        assert lines[0].startswith("new error:")
        # The dialog opens with the comparison the screen made against the approved bytes (in the audit's
        # child), already finished: its new findings are the ones the dialog leads with.
        assert not view.comparing and view.audit_change is not None and view.audit_change.basis == "approved bytes"
        assert [f"new {severity}: {message}" for severity, message in view.audit_change.new] == [
            line for style, line in summary.lead if style in ("error", "warning")
        ]
        assert "now sends to a new host collect.example" in lines and "now asks for Bash(*)" in lines
        assert "new error:" in _text(app)


async def test_a_reworded_skill_has_nothing_new_to_judge_in_the_changes_tab(tmp_path):
    _approve_first(tmp_path)
    reworded = _seed(tmp_path, "v2", _skill_md("Bash(scripts/sync.sh)", " Check the totals first."), APPROVED_SCRIPT)
    app = make_app(settings_for([reworded], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        view = await _changed(pilot, app)
        await audited(pilot, view)
        app.main_screen.detail.activate("changes")
        await at_rest(pilot)
        shown = _text(app)
        assert "nothing new to judge" in shown and "new error:" not in shown

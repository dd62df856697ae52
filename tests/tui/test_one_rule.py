"""One refusal rule, two front ends: a skill changed since its approval is approved only with a note, in the CLI and the TUI."""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import build_server
from skillscope.ledger.core.store import Ledger
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from skillscope.tui.dialogs.review import ReviewAnswer, ReviewDialog
from tests.cli.conftest import run_cli
from tests.cli.test_cli_ledger import changed_pdf, isolated_env
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.samples import pdf_processing
from tests.tui.helpers import running, select, settings_for, wait_until

pytestmark = pytest.mark.anyio

RULE = "a note is required: the skill changed since its approval"


def records(tmp_path) -> list:
    return Ledger(tmp_path / "ledger.jsonl").records()


@pytest.fixture
def approved_then_changed(tmp_path):
    """pdf-processing approved under label srv (by the CLI, in the ledger the TUI's settings use); returns its env."""
    env = isolated_env(tmp_path)
    with serve_http_in_thread(build_server([pdf_processing()])) as url:
        approved = run_cli("approve", "--yes", "pdf-processing", url, "--label", "srv", env=env)
    assert approved.code == 0, approved.err
    return env


def test_the_cli_refuses_to_approve_a_changed_skill_without_a_note(tmp_path, approved_then_changed):
    env = approved_then_changed
    before = len(records(tmp_path))
    with serve_http_in_thread(build_server([changed_pdf()])) as url:
        refused = run_cli("approve", "--yes", "pdf-processing", url, "--label", "srv", env=env)
        assert refused.code == 2 and RULE in refused.err, refused.err
        assert len(records(tmp_path)) == before
        noted = run_cli("approve", "--yes", "pdf-processing", url, "--label", "srv", "--note", "read", env=env)
    assert noted.code == 0, noted.err
    assert (records(tmp_path)[-1].action, records(tmp_path)[-1].note) == ("approve", "read")


async def test_the_tui_refuses_the_same_even_when_its_dialog_is_bypassed(tmp_path, approved_then_changed):
    seed = ServerSeed(
        Target(label="srv", kind="inprocess", server=build_server([changed_pdf()])), None, "demo", Policy()
    )
    app = make_app(settings_for([seed], tmp_path))
    app.animation_level = "none"
    before = len(records(tmp_path))
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing", server="srv")
        assert view.review.state == "changed-since-approval"
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewDialog), what="the approve dialog")
        dialog = app.screen
        # The dialog asks for the note for the service's reason...
        assert dialog._summary.needs_note == RULE.removeprefix("a note is required: ")
        # ...and the record is refused by the service itself when an answer without one gets through.
        dialog.dismiss(ReviewAnswer("Rita Reviewer <rita@example.org>", "  "))
        await wait_until(
            pilot,
            lambda: any(RULE in n.message for n in app._notifications),
            what="the refusal notified",
        )
        assert len(records(tmp_path)) == before and view.review.state == "changed-since-approval"

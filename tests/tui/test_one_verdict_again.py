"""The TUI's review keys, ledger screen and file reads follow the one rule (issue 34, item 9), as the CLI does."""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import build_server
from skillscope.ledger.core.store import Ledger
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from skillscope.tui.widgets.ledger_table import LedgerTable
from tests.cli.conftest import run_cli
from tests.cli.test_cli_ledger import changed_pdf, isolated_env
from tests.cli.test_cli_surrogate_read import SENTENCE, url  # noqa: F401 - url is the surrogate server's fixture
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.samples import hello_world, pdf_processing
from tests.tui.helpers import notifications, open_skill, running, screen_text, select, settings_for, wait_until

pytestmark = pytest.mark.anyio


def cells(table: LedgerTable) -> list[list[str]]:
    """Every row of the ledger table as the plain words of its cells."""
    return [[cell.plain for cell in table.get_row_at(row)] for row in range(table.row_count)]


@pytest.fixture
def rejected_after_approval(tmp_path):
    """Reviews recorded by the CLI under label a (the ledger ``settings_for`` gives the TUI): pdf-processing
    approved, then its changed version rejected; hello-world rejected. Yields the URL serving the changed version."""
    env = isolated_env(tmp_path)
    with serve_http_in_thread(build_server([pdf_processing(), hello_world()])) as served:
        assert (
            run_cli("approve", "--yes", "pdf-processing", served, "--label", "a", "--note", "read all", env=env).code
            == 0
        )
    with serve_http_in_thread(build_server([changed_pdf(), hello_world()])) as served:
        assert run_cli("reject", "pdf-processing", served, "--label", "a", "--note", "adds NEW.md", env=env).code == 0
        assert run_cli("reject", "hello-world", served, "--label", "a", env=env).code == 0
        yield served


async def test_keys_refuse_a_review_that_changes_nothing_and_the_ledger_screen_names_the_rejection(
    tmp_path, rejected_after_approval
):
    ledger = Ledger(tmp_path / "ledger.jsonl")
    written = len(ledger.records())
    seed = ServerSeed(Target(label="a", kind="http", url=rejected_after_approval), None, "command-line", Policy())
    app = make_app(settings_for([seed], tmp_path))
    async with running(app) as pilot:
        hello = await select(pilot, "hello-world", server="a")
        assert hello.review.state == "rejected"
        await pilot.press("u")
        await wait_until(
            pilot,
            lambda: any("a:hello-world is rejected, not approved: nothing to revoke." in n for n in notifications(app)),
            what="the revocation refused",
        )
        await pilot.press("x")
        await wait_until(
            pilot,
            lambda: any("a:hello-world is already rejected at" in n for n in notifications(app)),
            what="the second rejection refused",
        )
        assert app.screen is app.main_screen  # no review dialog was opened
        assert len(ledger.records()) == written
        # The served pdf-processing is the rejected version: the catalog and the ledger screen say so alike.
        pdf = await select(pilot, "pdf-processing", server="a")
        assert pdf.review.state == "rejected"
        await pilot.press("l")
        await wait_until(pilot, lambda: app.screen.query(LedgerTable), what="the ledger screen")
        rows = cells(app.screen.query_one(LedgerTable))
        start = next(i for i, row in enumerate(rows) if row[0] == "a:pdf-processing")
        # skill, #, action, signature, by, when, verdict now, note: the verdict now is the rejection, and the old
        # approval's row says it is superseded (it still approves the old fingerprint only).
        approval, rejection = rows[start], rows[start + 1]
        assert (approval[2], approval[6], approval[7]) == ("approved (superseded)", "rejected", "read all"), rows
        assert (rejection[0].strip(), rejection[2], rejection[7]) == ("″", "reject", "adds NEW.md"), rows


async def test_the_tui_says_what_show_and_audit_say_of_a_text_holding_a_lone_surrogate(tmp_path, url):  # noqa: F811
    seed = ServerSeed(Target(label="s", kind="http", url=url), None, "command-line", Policy())
    app = make_app(settings_for([seed], tmp_path))
    async with running(app) as pilot:
        view = await open_skill(pilot, "twin", server="s", path="notes.md")
        assert view.phase == "failed" and view.report.failure.uri == "skill://twin/notes.md"
        assert view.report.failure.message == f"Reading 'skill://twin/notes.md' failed: {SENTENCE}"
        await wait_until(
            pilot, lambda: "U+D800 at offset 9" in screen_text(app), what="the failure's sentence on screen"
        )
        assert "run this" not in screen_text(app)  # nothing of the file is shown

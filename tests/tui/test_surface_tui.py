"""The catalog's "surface" branch (issue 19): items with their states, the definition inert, verdicts, Δ and field diffs.

Snapshots at 80×24 and 160×45; update after an intended change with
``pytest tests/tui/test_surface_tui.py --snapshot-update`` and look at the report before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skillscope.catalog.entry import Policy
from skillscope.ledger.book import ReviewBook
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from skillscope.tui.dialogs.review import ReviewDialog
from tests.fixtures.surface import SKILL_MD, SKILL_RETOLD, surface_server
from tests.tui.helpers import listed, running, screen_text, settings_for, wait_until
from tests.tui.test_snapshots import settle

SMALL = (80, 24)
LARGE = (160, 45)


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def surface_app(here: Path, variant: str = ""):
    seed = ServerSeed(Target(label="fx", kind="inprocess", server=surface_server(variant)), None, "demo", Policy())
    app = make_app(settings_for([seed], Path(".")))  # relative: the same paths on every machine
    app.animation_level = "none"
    return app


async def approve_baseline(here: Path, name: str) -> None:
    """Approve an item of the baseline server into the ledger, as `skillscope approve` does."""
    from skillscope.service.surface import item_contents, item_record, load_catalog_and_surface

    async with connect(Target(label="fx", kind="inprocess", server=surface_server())) as conn:
        _, surface = await load_catalog_and_surface(conn, Policy())
        info = conn.info
    item = surface.by_name(name)
    ReviewBook(here / "ledger.jsonl").record(
        item_record("approve", info, item, reviewer="rita@example.com", note=""), item_contents(item)
    )


def on_item(name: str):
    async def step(pilot) -> None:
        screen = pilot.app.main_screen
        await listed(pilot, "fx")
        await wait_until(pilot, lambda: "fx" in screen._surfaces(), what="surface listed")
        screen.catalog_tree.focus()
        assert screen.catalog_tree.reveal_item("fx", name)
        await wait_until(
            pilot,
            lambda: (
                any(heading in screen_text(pilot.app) for heading in ("Definition as sent", "entries as pinned"))
                and name in screen_text(pilot.app)
            ),
            what=f"{name} shown",
        )
        await pilot.pause()

    return step


def shows(*steps):
    async def run_before(pilot) -> None:
        for step in steps:
            await step(pilot)
        await settle(pilot)

    return run_before


@pytest.mark.anyio
async def test_the_surface_branch_lists_items_and_a_verdict_updates_their_state(here):
    app = surface_app(here)
    async with running(app, size=LARGE) as pilot:
        await on_item("fx:tool/read_invoice")(pilot)
        text = screen_text(app)
        assert "surface (19)" in text and "○ read_invoice  not reviewed" in text
        assert '"description": "Read one invoice by its number and return its lines and total."' in text
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewDialog), what="dialog")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: "● read_invoice  approved" in screen_text(app), what="approved in the tree")
    (record,) = ReviewBook(here / "ledger.jsonl").verdicts().by_name["fx:tool/read_invoice"].approved.values()
    assert record.complete().extra["surface"] == "tool" and record.complete().sig


@pytest.mark.anyio
async def test_a_changed_item_shows_delta_and_each_changed_field(here):
    await approve_baseline(here, "fx:tool/read_invoice")
    app = surface_app(here, "description")
    async with running(app, size=LARGE) as pilot:
        await on_item("fx:tool/read_invoice")(pilot)
        text = screen_text(app)
        assert "Δ read_invoice  changed since approval" in text
        assert (
            "changed description" in text and "+ Read one invoice by its number. Also read every other invoice" in text
        )


@pytest.mark.anyio
async def test_a_skills_files_listing_retold_after_approval_names_the_file_and_field_that_changed(here):
    listing = "fx:resource/skill://hello-world/"
    await approve_baseline(here, listing)
    app = surface_app(here, "skill-retold")
    async with running(app, size=LARGE) as pilot:
        await on_item(listing)(pilot)
        text = screen_text(app)
        # One row for the skill's files, not one per file; SKILL.md's bytes did not change, its listed description did.
        assert "Δ skill://hello-world/  changed since approval" in text
        assert "What resources/list says of the 1 file of skill skill://hello-world" in text
        assert f"changed description of {SKILL_MD}" in text and f"+ {SKILL_RETOLD}" in text
        assert "- Says hello." in text


@pytest.mark.anyio
async def test_a_hidden_instruction_is_shown_inert_and_approval_is_refused(here):
    app = surface_app(here, "hidden")
    async with running(app, size=LARGE) as pilot:
        await on_item("fx:tool/send_report")(pilot)
        text = screen_text(app)
        assert "<!-- ignore previ" in text and "error skillscope/instructions/hidden" in text
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewDialog)
    assert not (here / "ledger.jsonl").exists() or not ReviewBook(here / "ledger.jsonl").verdicts().by_name


def test_changed_item_snapshot_80x24(snap_compare, here):
    import anyio

    anyio.run(approve_baseline, here, "fx:tool/read_invoice")
    assert snap_compare(
        surface_app(here, "description"), terminal_size=SMALL, run_before=shows(on_item("fx:tool/read_invoice"))
    )


def test_changed_item_snapshot_160x45(snap_compare, here):
    import anyio

    anyio.run(approve_baseline, here, "fx:tool/read_invoice")
    assert snap_compare(
        surface_app(here, "description"), terminal_size=LARGE, run_before=shows(on_item("fx:tool/read_invoice"))
    )


@pytest.mark.anyio
async def test_item_text_reaches_the_screen_as_visible_escapes(here):
    app = surface_app(here, "escapes")
    async with running(app, size=LARGE) as pilot:
        await on_item("fx:tool/send_report")(pilot)
        text = screen_text(app)
        svg = app.export_screenshot()
    # JSON itself writes the C0 controls as \u escapes; the bidi override and zero-width space get ours.
    assert "\\u001b]0;pwned\\u0007 [bold red]URGENT[/] \\u202etxt.exe\\u202c" in text
    assert "\x1b" not in svg and "\u202e" not in svg and "\u200b" not in svg


@pytest.mark.anyio
async def test_a_server_without_skills_still_shows_its_surface(here):
    app = surface_app(here, "no-skills")
    async with running(app, size=LARGE) as pilot:
        await on_item("fx:prompt/summarise")(pilot)
        text = screen_text(app)
    assert "surface (18)" in text and "Prompt fx:prompt/summarise" in text

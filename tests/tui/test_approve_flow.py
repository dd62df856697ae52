"""The TUI approves only what the reviewer saw, and covers what the server serves (issue 17, items 9 and 10)."""

from __future__ import annotations

import pytest
from textual import events
from textual.command import CommandPalette

from skillscope.catalog.entry import Policy
from skillscope.ledger.core.store import Ledger
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from skillscope.tui.dialogs.review import ChangesDialog, ReviewDialog
from tests.fixtures.unlisted_notes import SWAPPED, notes_server
from tests.tui.helpers import audited, demo_app, running, screen_text, select, settings_for, wait_until

pytestmark = pytest.mark.anyio


def records(tmp_path):
    return Ledger(tmp_path / "ledger.jsonl").records()


async def dialog(pilot) -> ReviewDialog:
    """Press a and wait for the approve dialog (it opens once every file was read, verified and audited)."""
    await pilot.press("a")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ReviewDialog), what="the approve dialog")
    await pilot.pause()
    return pilot.app.screen


def error_line(app) -> str:
    return str(app.screen.query_one("#dialog-error").render())


async def test_a_changed_skill_shows_its_change_and_a_bare_enter_never_records(tmp_path):
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "acme/billing/invoice-review")
        assert view.review.state == "changed-since-approval"
        before = len(records(tmp_path))
        screen = await dialog(pilot)
        text = screen_text(app)
        assert "changed" in text and "references/policy.md" in text and "since the approval of sha256:" in text
        assert "audit   0 error(s), 0 warning(s)" in text and "ctrl+s records" in text

        # Enter in either field, even with a note typed, records nothing.
        await pilot.press("enter", "enter", "enter")
        screen.query_one("#note-input").value = "threshold change checked"
        await pilot.press("enter")
        assert app.screen is screen and len(records(tmp_path)) == before
        assert "Press ctrl+s" in error_line(app)

        # The diff is one key away, and back.
        await pilot.press("ctrl+g")
        await wait_until(pilot, lambda: isinstance(app.screen, ChangesDialog), what="the diff")
        assert "references/policy.md" in screen_text(app)
        await pilot.press("end")
        await wait_until(
            pilot, lambda: "+Invoices above 10,000 EUR need two approvals." in screen_text(app), what="the diff line"
        )
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, what="back to the dialog")

        # A changed skill needs a note.
        screen.query_one("#note-input").value = "   "
        await pilot.press("ctrl+s")
        assert app.screen is screen and "A note is required: the skill changed since its approval" in error_line(app)
        screen.query_one("#note-input").value = "threshold change checked with finance"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: view.review.state == "approved", what="approved")
    record = records(tmp_path)[-1]
    assert (record.action, record.name, record.note) == (
        "approve",
        "demo:acme/billing/invoice-review",
        "threshold change checked with finance",
    )
    assert record.fingerprint == view.entry.fingerprint


async def test_a_clean_unchanged_skill_records_with_ctrl_s_without_a_note_and_escape_records_nothing(tmp_path):
    app = demo_app(tmp_path, seed=False)  # hello-world not yet reviewed (the demo's seed approves it: nothing to do)
    async with running(app) as pilot:
        view = await select(pilot, "hello-world")
        before = len(records(tmp_path))
        await dialog(pilot)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is app.main_screen, what="the dialog closed")
        assert len(records(tmp_path)) == before
        screen = await dialog(pilot)
        assert screen._summary.needs_note is None and "ctrl+g" not in screen_text(app)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: len(records(tmp_path)) == before + 1, what="recorded")
    record = records(tmp_path)[-1]
    assert (record.action, record.name, record.note) == ("approve", view.name, "")


def notes_app(tmp_path, notes):
    seed = ServerSeed(Target(label="notes", kind="inprocess", server=notes.server), None, "demo", Policy())
    app = make_app(settings_for([seed], tmp_path))
    app.animation_level = "none"
    return app


async def test_tui_approve_names_the_unlisted_file_and_records_only_when_the_findings_are_accepted(tmp_path):
    notes = notes_server()
    app = notes_app(tmp_path, notes)
    async with running(app) as pilot:
        view = await select(pilot, "beta", server="notes")
        screen = await dialog(pilot)
        text = screen_text(app)
        assert "not covered notes.md is served but not in the file list" in " ".join(text.split())
        assert "refers to skill://beta/notes.md" in text and "Approve anyway: I accept the findings above" in text

        screen.query_one("#note-input").value = "notes.md read by hand"
        await pilot.press("ctrl+s")
        assert app.screen is screen and "Refused as it stands: tick 'Approve anyway'" in error_line(app)
        assert not (tmp_path / "ledger.jsonl").exists() or records(tmp_path) == []

        screen.query_one("#accept").value = True
        screen.query_one("#note-input").value = ""
        await pilot.press("ctrl+s")
        assert app.screen is screen and "A note is required: the audit has findings" in error_line(app)
        screen.query_one("#note-input").value = "notes.md read by hand; the publisher will list it"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: view.review is not None and view.review.state == "approved", what="approved")
        record = records(tmp_path)[-1]
        assert record.extra["unlisted_files"] == ["skill://beta/notes.md"] and record.extra["accepted_findings"] is True

        # The server swaps the unlisted file: the audit still names the reference as an error.
        notes.swap(SWAPPED)
        await audited(pilot, view)
        await wait_until(
            pilot, lambda: "skillscope/unlisted-reference" in screen_text(app), what="the finding on screen"
        )
        assert any(f.id == "skillscope/unlisted-reference" and f.severity == "error" for f in view.audit.findings)


async def test_keys_typed_into_a_closing_picker_never_reach_the_main_screen(tmp_path):
    app = demo_app(tmp_path)
    asked: list[str] = []
    async with running(app) as pilot:
        await select(pilot, "pdf-processing")
        main = app.main_screen
        real_ask = main._ask_review
        main._ask_review = lambda action: (asked.append(action), real_ask(action))[-1]  # type: ignore[method-assign]
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette), what="the palette")
        await pilot.press(*"theme")
        await wait_until(pilot, lambda: "Change the current theme" in screen_text(app), what="the theme command")
        await pilot.press("down", "enter")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, CommandPalette) and "Search for themes" in screen_text(app),
            what="the theme picker",
        )

        # What the reviewer typed goes on arriving while the picker closes: a, then enter.
        real_pop = app.pop_screen

        def pop_while_typing():
            done = real_pop()
            if app.screen is main:
                app.post_message(events.Key("a", "a"))
                app.post_message(events.Key("enter", "\r"))
            return done

        app.pop_screen = pop_while_typing  # type: ignore[method-assign]
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: app.screen is main, what="the picker closed")
        await pilot.pause()
        assert asked == [] and not any(isinstance(s, ReviewDialog) for s in app.screen_stack)
        app.pop_screen = real_pop  # type: ignore[method-assign]

        # Once the catalog is back on screen, keys act again.
        await pilot.press("x")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewDialog), what="the reject dialog")
        assert asked == ["reject"]

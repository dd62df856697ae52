"""Suppressing a finding from the Findings tab: a note is required, the line is signed, the finding stays out."""

from __future__ import annotations

import pytest

from skillscope.service.review_state import TrustChoice
from skillscope.service.suppressions import load_suppressions, today_utc
from skillscope.tui.app import make_app
from tests.tui.helpers import (
    audited,
    findings_focused,
    running,
    screen_text,
    select,
    settings_for,
    stdio_seed,
    wait_until,
)

pytestmark = pytest.mark.anyio


async def test_s_on_a_finding_asks_why_signs_it_and_the_next_audit_leaves_it_out(tmp_path):
    app = make_app(settings_for([stdio_seed("hidden-content", label="tests")], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        view = await select(pilot, "stray-byte", server="tests")
        await audited(pilot, view)
        listing = await findings_focused(pilot)
        before = list(view.audit.findings)
        chosen = before[0]
        listing.highlighted = 0
        await pilot.press("S")
        await wait_until(pilot, lambda: app.screen.query("#note-input"), what="the note dialog")
        assert chosen.key in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "A note is required" in screen_text(app), "no suppression without a reason"
        app.screen.query_one("#note-input").value = "a known byte in the vendored installer"
        await pilot.press("ctrl+s")
        ledger = tmp_path / "ledger.jsonl"
        await wait_until(
            pilot, lambda: all(f.key != chosen.key for f in view.audit.findings), what="the finding left out"
        )
        found = load_suppressions(ledger, TrustChoice())
        (record,) = found.records
        assert (record.key, record.reason, record.reviewer) == (
            chosen.key,
            "a known byte in the vendored installer",
            "Rita Reviewer <rita@example.org>",
        )
        assert list(found.in_force(today_utc())) == [chosen.key]

        first = view.audit
        await pilot.press("i")
        await wait_until(
            pilot,
            lambda: view.audit is not first and not app.main_screen.detail.busy,
            what="audited again",
        )
        assert [f.key for f in view.audit.findings] == [f.key for f in before if f.key != chosen.key]

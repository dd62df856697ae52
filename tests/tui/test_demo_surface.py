"""The demo shows the surface branch: its honest tool approved by the seed, a tool whose description hides an
order for the agent (reported by the surface audit, and its approval refused), and an honest prompt not yet
reviewed."""

from __future__ import annotations

import pytest

from skillscope.tui.dialogs.review import ReviewDialog
from tests.tui.helpers import at_rest, demo_app, listed, notifications, running, screen_text, wait_until

pytestmark = pytest.mark.anyio


async def _show(pilot, name: str) -> str:
    """Put the tree's cursor on a surface item of the demo; returns the screen, one space between words."""
    screen = pilot.app.main_screen
    await listed(pilot, "demo")
    await wait_until(pilot, lambda: "demo" in screen._surfaces(), what="the demo's surface listed")
    await at_rest(pilot)
    screen.catalog_tree.focus()
    assert screen.catalog_tree.reveal_item("demo", name)
    short = name.split("/", 1)[1]
    await wait_until(
        pilot,
        lambda: "Definition as sent" in screen_text(pilot.app) and short in screen_text(pilot.app),
        what=f"{name} shown",
    )
    await at_rest(pilot)
    return " ".join(screen_text(pilot.app).split())


async def test_the_demo_lists_its_tools_and_prompt_under_the_surface_branch(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=(160, 45)) as pilot:
        text = await _show(pilot, "demo:tool/convert_currency")
        assert "surface (13)" in text, "ten resources, two tools and a prompt"
        assert "convert_currency approved" in text, "the seed's approval holds for the tool as served"
        assert "summarise_invoice not reviewed" in await _show(pilot, "demo:prompt/summarise_invoice")


async def test_the_demo_tool_with_a_hidden_order_is_reported_and_cannot_be_approved(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=(160, 45)) as pilot:
        text = await _show(pilot, "demo:tool/fetch_rates")
        assert "fetch_rates not reviewed" in text and "error skillscope/" in text, text
        told = len(notifications(app))
        await pilot.press("a")
        await wait_until(pilot, lambda: len(notifications(app)) > told, what="the approval answered")
        await at_rest(pilot)
        assert not isinstance(app.screen, ReviewDialog), "no dialog offers to record it"
        said = notifications(app)[told:]
        assert any("fetch_rates: the audit found" in line and "instructions/override" in line for line in said), said

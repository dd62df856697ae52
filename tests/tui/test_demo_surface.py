"""The demo shows the surface branch: its honest tool approved by the seed, a tool whose description hides an
order for the agent (reported, and its approval refused), and an honest prompt not yet reviewed."""

from __future__ import annotations

import pytest

from skillscope.tui.dialogs.review import ReviewDialog
from tests.tui.helpers import demo_app, listed, running, screen_text, wait_until

pytestmark = pytest.mark.anyio


async def _show(pilot, name: str) -> str:
    screen = pilot.app.main_screen
    await listed(pilot, "demo")
    await wait_until(pilot, lambda: "demo" in screen._surfaces(), what="the demo's surface listed")
    screen.catalog_tree.focus()
    assert screen.catalog_tree.reveal_item("demo", name)
    await wait_until(pilot, lambda: "Definition as sent" in screen_text(pilot.app), what=f"{name} shown")
    await pilot.pause()
    return screen_text(pilot.app)


async def test_the_demo_surface_has_an_approved_tool_and_an_unreviewed_prompt(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=(160, 45)) as pilot:
        text = await _show(pilot, "demo:tool/convert_currency")
        assert "convert_currency  approved" in text
        assert "summarise_invoice  not reviewed" in await _show(pilot, "demo:prompt/summarise_invoice")


async def test_the_demo_tool_with_a_hidden_order_is_reported_and_cannot_be_approved(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=(160, 45)) as pilot:
        text = " ".join((await _show(pilot, "demo:tool/fetch_rates")).split())
        assert "fetch_rates not reviewed" in text and "error skillscope/" in text
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewDialog)

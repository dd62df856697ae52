"""refill: a Static's new content is shown whole, whether it keeps its height, grows, or waits in a hidden tab."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from skillscope.tui.widgets.refill import refill

pytestmark = pytest.mark.anyio


class Panes(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("one line", id="shown")
        yield Static("below", id="below")
        with Vertical(id="tab"):
            yield Static("hidden", id="hidden")


async def test_new_content_is_shown_at_its_height_and_what_follows_moves_with_it() -> None:
    app = Panes()
    async with app.run_test(size=(40, 12)) as pilot:
        shown, below = app.query_one("#shown", Static), app.query_one("#below", Static)
        app.query_one("#tab").display = False
        await pilot.pause()
        refill(shown, "same height")
        await pilot.pause()
        assert shown.size.height == 1 and "same height" in str(shown.render())
        assert below.region.y == 1
        refill(shown, "first\nsecond\nthird")
        await pilot.pause()
        assert shown.size.height == 3 and below.region.y == 3  # taller: laid out again, the next widget moved
        refill(shown, "short again")
        await pilot.pause()
        assert shown.size.height == 1 and below.region.y == 1


async def test_content_given_to_a_hidden_static_is_measured_when_it_is_shown() -> None:
    app = Panes()
    async with app.run_test(size=(40, 12)) as pilot:
        tab, hidden = app.query_one("#tab"), app.query_one("#hidden", Static)
        await pilot.pause()
        assert hidden.size.height == 1
        tab.display = False
        await pilot.pause()
        refill(hidden, "a\nb\nc\nd")
        await pilot.pause()
        tab.display = True
        await pilot.pause()
        assert hidden.size.height == 4 and "d" in str(hidden.render())

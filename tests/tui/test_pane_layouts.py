"""The detail pane changes what it shows without laying out the whole screen where its boxes keep their size.

Each whole-screen layout beside a 10,000-skill tree costs the event loop tens of ms (benchmarks/tui_bench.py);
these tests count the layouts (``Screen._refresh_layout``) instead of timing anything.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skillscope.tui.widgets.progress_row import ProgressRow
from tests.tui.helpers import demo_app, running, screen_text, select

pytestmark = pytest.mark.anyio


def count_layouts(app: Any) -> list[bool]:
    """A list that gets one item for every whole-screen layout of the main screen from now on."""
    layouts: list[bool] = []
    screen = app.main_screen
    relayout = screen._refresh_layout
    screen._refresh_layout = lambda *args, **kwargs: layouts.append(True) or relayout(*args, **kwargs)
    return layouts


async def test_the_progress_row_says_what_is_read_and_goes_blank_without_a_layout(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await select(pilot, "hello-world")
        detail = app.main_screen.detail
        row = detail.query_one(ProgressRow)
        tabs_at = detail.query_one("#tabs").region
        layouts = count_layouts(app)
        detail.set_progress("Reading and verifying SKILL.md of hello-world")
        await pilot.pause()
        assert detail.busy and row.has_class("-busy")
        assert "Reading and verifying SKILL.md of hello-world" in screen_text(app)
        detail.set_progress("Reading references/a-much-longer-name-than-before.md " + "x" * 400)  # longer than the row
        await pilot.pause()
        assert "a-much-longer-name-than-before.md" in screen_text(app)
        detail.set_progress(None)
        await pilot.pause()
        assert not detail.busy and not row.has_class("-busy")
        assert "Reading" not in screen_text(app)
        assert layouts == [] and detail.query_one("#tabs").region == tabs_at

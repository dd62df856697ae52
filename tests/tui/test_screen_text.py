"""The tests' screen_text reads the screen as the exported SVG shows it, for plain and hostile content alike."""

from __future__ import annotations

import pytest

from skillscope.tui.app import make_app
from tests.tui.helpers import (
    listed,
    open_skill,
    running,
    screen_text,
    select,
    settings_for,
    stdio_seed,
    svg_screen_text,
)

pytestmark = pytest.mark.anyio


async def test_screen_text_matches_the_svg_on_listed_opened_and_hostile_screens(tmp_path):
    app = make_app(settings_for([stdio_seed("escapes", label="evil")], tmp_path))
    async with running(app, size=(100, 30)) as pilot:
        await listed(pilot, "evil")
        shown = [screen_text(app)]
        assert shown[-1] == svg_screen_text(app)
        await select(pilot, "terminal-tricks", server="evil")
        shown.append(screen_text(app))
        assert shown[-1] == svg_screen_text(app)
        await open_skill(pilot, "terminal-tricks", server="evil")
        shown.append(screen_text(app))
        assert shown[-1] == svg_screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        shown.append(screen_text(app))
        assert shown[-1] == svg_screen_text(app)
    # Each screen differed from the one before: the comparison was made on four screens, not one.
    assert len(set(shown)) == len(shown)
    assert "terminal-tricks" in shown[1]

"""The catalog tree at 80×24 keeps its cursor in view, and a server's tools, prompts, resources and templates
count as needing attention wherever skills do (jump key, ``state:`` filter, status line)."""

from __future__ import annotations

import pytest

from tests.tui.helpers import demo_app, listed, running, screen_text, wait_until

pytestmark = pytest.mark.anyio

NARROW = (80, 24)


def cursor_in_view(tree) -> bool:
    top = tree.scroll_offset.y
    return top <= tree.cursor_line < top + tree.scrollable_content_region.height


async def test_at_80x24_the_tree_scrolls_its_cursor_back_into_view_when_the_status_line_grows(tmp_path):
    app = demo_app(tmp_path)
    async with running(app, size=NARROW) as pilot:
        await listed(pilot)
        await pilot.pause()
        screen = app.main_screen
        tree, status = screen.catalog_tree, screen.query_one("#catalog-status")
        tree.focus()
        # The cursor on the tree's last visible row, as a reviewer walking down the catalog leaves it.
        while tree.cursor_line - tree.scroll_offset.y < tree.scrollable_content_region.height - 1:
            await pilot.press("down")
        await pilot.pause()
        assert cursor_in_view(tree)
        lines_before = status.size.height
        name = tree.cursor_node.data.key.split(":", 1)[1]
        # Disconnecting marks the catalog stale: the status line says so on a line of its own.
        await pilot.press("d")
        await wait_until(pilot, lambda: "stale" in str(status.render()), what="stale count shown")
        await wait_until(pilot, lambda: status.size.height > lines_before, what="status line grown")
        await wait_until(pilot, lambda: cursor_in_view(tree), what="cursor back in view")
        await pilot.pause()
        rows, box = screen_text(app).splitlines(), tree.region
        shown = [row[box.x : box.right] for row in rows[box.y : box.bottom]]
        assert any(name in row for row in shown), "the highlighted skill is not on screen above the status line"

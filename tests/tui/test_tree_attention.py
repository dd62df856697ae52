"""The catalog tree at 80×24 keeps its cursor in view, and a server's tools, prompts, resources and templates
count as needing attention wherever skills do (jump key, ``state:`` filter, status line)."""

from __future__ import annotations

import pytest

from skillscope.tui.app import make_app
from tests.tui.helpers import demo_app, listed, running, screen_text, settings_for, stdio_seed, wait_until

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


# -- surface items count like skills ------------------------------------------------------------


def surface_app(tmp_path):
    app = make_app(settings_for([stdio_seed("surface", label="fx")], tmp_path))
    app.animation_level = "none"
    return app


async def surface_listed(pilot):
    screen = pilot.app.main_screen
    await listed(pilot, "fx")
    await wait_until(pilot, lambda: "fx" in screen._surfaces(), what="surface listed")
    await pilot.pause()
    return screen._surfaces()["fx"]


async def test_the_status_line_counts_unreviewed_tools_prompts_resources_and_templates(tmp_path):
    app = surface_app(tmp_path)
    async with running(app) as pilot:
        surface = await surface_listed(pilot)
        screen = app.main_screen
        skills = sum(1 for view in screen.views["fx"].values() if view.review.state == "not-reviewed")
        items = sum(1 for item in surface.all_items() if item.usable)
        assert items > 0 and skills == 1
        status = screen.query_one("#catalog-status")
        await wait_until(
            pilot,
            lambda: (
                f"skills  ○{skills} not reviewed" in str(status.render())
                and f"surface  ○{items} not reviewed" in str(status.render())
            ),
            what="the skills and the surface items counted, each under its label",
        )


async def test_the_jump_key_stops_at_a_tool_waiting_for_a_verdict_after_the_last_skill(tmp_path):
    app = surface_app(tmp_path)
    async with running(app) as pilot:
        surface = await surface_listed(pilot)
        tree = app.main_screen.catalog_tree
        tree.focus()
        await pilot.press("N")
        await wait_until(pilot, lambda: tree.cursor_node.data.kind == "skill", what="on the skill")
        await pilot.press("N")
        await wait_until(pilot, lambda: tree.cursor_node.data.kind == "item", what="on an item")
        first = tree.cursor_node.data.key
        assert first == surface.all_items()[0].name
        await wait_until(pilot, lambda: "Definition as sent" in screen_text(app), what="item shown")
        # The previous-key goes back from the item to the skill.
        await pilot.press("P")
        await wait_until(pilot, lambda: tree.cursor_node.data.kind == "skill", what="back on the skill")


async def test_the_state_filter_selects_surface_items_by_their_review_state(tmp_path):
    app = surface_app(tmp_path)
    async with running(app) as pilot:
        surface = await surface_listed(pilot)
        tree = app.main_screen.catalog_tree
        tool = next(item for item in surface.items["tool"] if item.usable)
        tree.set_filter("state:approved")
        await pilot.pause()
        text = screen_text(app)
        assert "surface (" not in text and tool.key not in text  # nothing is approved: no item is shown
        tree.set_filter("state:needs-review")
        await pilot.pause()
        await wait_until(pilot, lambda: f"{tool.key}  not reviewed" in screen_text(app), what="items opened to")
        # Items by free text (name, description) are the model's: tests/tui/test_catalog_model_filter.py.


# -- a skill with many files --------------------------------------------------------------------


async def test_the_overview_draws_fifty_files_at_a_time_and_a_more_row_draws_the_next(tmp_path):
    from skillscope.catalog.entry import Policy
    from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
    from skillscope.protocol.target import Target
    from skillscope.service.targets import ServerSeed
    from skillscope.tui.widgets.skill_overview import FILE_ROWS, FileTable
    from tests.tui.helpers import select

    body = b"---\nname: many\ndescription: A skill with many reference files.\n---\nRead them.\n"
    files = [SkillFile("SKILL.md", body)] + [SkillFile(f"references/part-{n:03d}.md", b"text\n") for n in range(119)]
    server = build_server([PublishedSkill("many", files)], name="many")
    seed = ServerSeed(Target(label="many", kind="inprocess", server=server), None, "demo", Policy())
    app = make_app(settings_for([seed], tmp_path))
    app.animation_level = "none"
    async with running(app) as pilot:
        await select(pilot, "many", server="many")
        table = app.main_screen.detail.query_one(FileTable)
        await wait_until(pilot, lambda: table.row_count == FILE_ROWS + 1, what="first page drawn")
        last = table.get_row_at(table.row_count - 1)[0].plain
        assert f"{len(files) - FILE_ROWS} more files" in last
        table.focus()
        table.move_cursor(row=table.row_count - 1)
        await pilot.press("enter")
        await wait_until(pilot, lambda: table.row_count == 2 * FILE_ROWS + 1, what="second page drawn")
        assert f"{len(files) - 2 * FILE_ROWS} more files" in table.get_row_at(table.row_count - 1)[0].plain
        assert table.get_row_at(FILE_ROWS)[0].plain == files[FILE_ROWS].path  # the next files, in order

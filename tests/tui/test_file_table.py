"""The file table: other files in a box of the same size are repainted without laying the screen out."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from skillscope.tui.widgets.skill_overview import FileTable
from tests.tui.helpers import at_rest

pytestmark = pytest.mark.anyio


class Overview(App[None]):
    CSS = "#file-table { height: auto; max-height: 16; }"

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield FileTable(id="file-table")
            yield Static("review", id="below")


def fill(table: FileTable, paths: list[str]) -> None:
    table.clear()
    for path in paths:
        table.add_row(Text(path), Text("1 KiB"), Text("✓ verified"), Text("sha256:ab"), key=path)


def shown(table: FileTable) -> str:
    return "\n".join(table.render_line(y).text for y in range(table.size.height))


async def test_other_files_in_the_same_box_are_repainted_without_a_layout_and_a_taller_list_moves_what_follows() -> (
    None
):
    app = Overview()
    async with app.run_test(size=(80, 30)) as pilot:
        table, below = app.query_one(FileTable), app.query_one("#below")
        layouts: list[bool] = []
        relayout = app.screen._refresh_layout
        app.screen._refresh_layout = lambda *args, **kwargs: layouts.append(True) or relayout(*args, **kwargs)
        fill(table, ["SKILL.md", "a.md"])
        await at_rest(pilot)
        top = below.region.y
        layouts.clear()
        fill(table, ["SKILL.md", "references/a-longer-name.md"])  # wider, the same height
        await at_rest(pilot)
        assert "references/a-longer-name.md" in shown(table) and "a.md " not in shown(table)
        assert layouts == [] and below.region.y == top
        fill(table, ["SKILL.md", "one.md", "two.md", "three.md"])  # two rows more: what follows moves down
        await at_rest(pilot)
        assert layouts and below.region.y == top + 2
        assert "three.md" in shown(table)
        layouts.clear()
        fill(table, ["SKILL.md", "one.md", "two.md", "x" * 120])  # too wide: a scrollbar appears under it
        await at_rest(pilot)  # the scrollbar's own layout comes a refresh after the first
        assert layouts and table.show_horizontal_scrollbar and below.region.y == top + 3


async def test_another_skills_short_paths_get_a_column_as_narrow_as_they_are() -> None:
    app = Overview()
    async with app.run_test(size=(80, 30)) as pilot:
        table = app.query_one(FileTable)
        fill(table, ["SKILL.md", "references/" + "a-very-long-file-name-" * 2 + ".md"])
        await at_rest(pilot)
        fill(table, ["SKILL.md", "a.md"])
        await at_rest(pilot)
        row = next(line for line in shown(table).splitlines() if "SKILL.md" in line)
        # The size column follows the widest path shown ("SKILL.md"), not the last skill's.
        assert row.index("1 KiB") < len("SKILL.md") + 6, row

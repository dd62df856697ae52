"""The detail pane changes what it shows without laying out the whole screen where its boxes keep their size.

Each whole-screen layout beside a 10,000-skill tree costs the event loop tens of ms (benchmarks/tui_bench.py);
these tests count the layouts (``Screen._refresh_layout``) instead of timing anything.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import Static, TabbedContent

from skillscope.tui.widgets.detail_pane import TABS
from skillscope.tui.widgets.file_viewer import FileViewer
from skillscope.tui.widgets.progress_row import ProgressRow, Spinner
from skillscope.tui.widgets.skill_overview import FileTable, SkillOverview
from tests.tui.helpers import at_rest, demo_app, open_skill, running, screen_text, select

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
        await at_rest(pilot)  # what selecting asked of the screen is drawn before counting starts
        detail = app.main_screen.detail
        row = detail.query_one(ProgressRow)
        spinner = row.query_one(Spinner)
        assert spinner.auto_refresh is None  # idle: no redraw timer, whatever Textual's indicator starts on mount
        tabs_at = detail.query_one("#tabs").region
        layouts = count_layouts(app)
        detail.set_progress("Reading and verifying SKILL.md of hello-world")
        await at_rest(pilot)
        assert detail.busy and row.has_class("-busy") and spinner.auto_refresh == 1 / 16
        assert "Reading and verifying SKILL.md of hello-world" in screen_text(app)
        detail.set_progress("Reading references/a-much-longer-name-than-before.md " + "x" * 400)  # longer than the row
        await at_rest(pilot)
        assert "a-much-longer-name-than-before.md" in screen_text(app)
        detail.set_progress(None)
        await at_rest(pilot)
        assert not detail.busy and not row.has_class("-busy") and spinner.auto_refresh is None
        assert "Reading" not in screen_text(app) and "Loading" not in screen_text(app)
        assert layouts == [] and detail.query_one("#tabs").region == tabs_at


async def test_a_file_read_again_with_the_same_bytes_is_not_written_again(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await open_skill(pilot, "pdf-processing", path="references/FORMS.md")
        await at_rest(pilot)
        viewer = app.main_screen.detail.query_one(FileViewer)
        meta = viewer.query_one("#file-meta", Static)
        shown = meta.visual
        layouts = count_layouts(app)
        again = dataclasses.replace(view.opened["references/FORMS.md"])  # what an audit's read of it brings
        viewer.show("references/FORMS.md", again)
        await at_rest(pilot)
        assert viewer.result is again and meta.visual is shown and not viewer.laying_out
        assert layouts == []
        assert "references/FORMS.md" in screen_text(app)


async def test_a_skill_shown_again_after_its_folder_keeps_its_header_rows_and_rendered_cells(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing")
        await at_rest(pilot)
        detail = app.main_screen.detail
        overview, table = detail.query_one(SkillOverview), detail.query_one(FileTable)
        header = overview.query_one("#overview-header", Static)
        rows, written, rendered = dict(table.rows), header.visual, table._update_count
        assert rows and table.display and overview.showing_skill
        detail.show_message(Text("Folder acme/billing: 1 skill"))
        await at_rest(pilot)
        assert not overview.showing_skill and "Folder acme/billing" in screen_text(app)
        assert "references/FORMS.md" not in screen_text(app)
        detail.show_skill("demo", view)
        await at_rest(pilot)
        assert overview.showing_skill and "Folder acme/billing" not in screen_text(app)
        assert all(table.rows[key] is row for key, row in rows.items())  # the same rows, not added again
        assert header.visual is written  # the same header, not written again
        assert table._update_count == rendered  # DataTable's key for its rendered cells: they are reused
        assert "references/FORMS.md" in screen_text(app)


async def test_the_tab_row_is_left_alone_when_the_same_tabs_apply(tmp_path: Path) -> None:
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        view = await select(pilot, "pdf-processing")
        await at_rest(pilot)
        detail = app.main_screen.detail
        tabs = detail.query_one(TabbedContent)
        enabled = {tab: not tabs.get_tab(tab).disabled for tab in TABS}
        touched: list[str] = []
        enable, disable = tabs.enable_tab, tabs.disable_tab
        tabs.enable_tab = lambda tab: touched.append(tab) or enable(tab)  # type: ignore[method-assign]
        tabs.disable_tab = lambda tab: touched.append(tab) or disable(tab)  # type: ignore[method-assign]
        detail.show_skill("demo", view)
        await at_rest(pilot)
        assert touched == [] and {tab: not tabs.get_tab(tab).disabled for tab in TABS} == enabled
        detail.show_skill("demo", view, activate="findings")  # another active tab among the same ones
        await at_rest(pilot)
        assert touched == [] and tabs.active == "findings"
        detail.show_message(Text("Folder acme/billing: 1 skill"))  # fewer tabs apply: the row changes
        await at_rest(pilot)
        assert touched and tabs.active == "overview" and tabs.get_tab("findings").disabled


async def test_the_tree_relabels_and_adds_rows_without_laying_out_the_screen(tmp_path: Path) -> None:
    """Textual's Tree asks for a whole-screen layout on every added or relabelled node; ours, boxed by its
    container, only repaints (a layout beside a large catalog costs tens of ms of the event loop). A change
    in its number of lines still reaches the layout, through the tree's virtual size."""
    app = demo_app(tmp_path)
    async with running(app) as pilot:
        await select(pilot, "hello-world")
        await at_rest(pilot)
        tree = app.main_screen.catalog_tree
        node = tree.cursor_node
        assert node is not None
        layouts = count_layouts(app)
        node.set_label(Text("hello-world  RELABELLED"))
        node.add_leaf(Text("an extra row"))
        await at_rest(pilot)
        text = screen_text(app)
        assert "RELABELLED" in text and "an extra row" not in text  # the new row is under a closed node
        assert layouts == []
        lines = tree.virtual_size.height
        node.expand()
        await at_rest(pilot)
        assert "an extra row" in screen_text(app) and tree.virtual_size.height > lines

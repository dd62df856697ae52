"""SVG snapshots of the overview's "What it can do" list (issue 37), at 80×24 and at 160×45.

The demo's pdf-processing runs a script and grants a shell: after an audit, Tab from the catalog reaches the
file table, then the list, which scrolls into view with each line naming its evidence. The flow is driven in
test_capability_jump.py. Update after an intended change with
``pytest tests/tui/test_capability_snapshots.py --snapshot-update`` and look at the report before committing.
"""

from __future__ import annotations

import pytest

from skillscope.tui.widgets.skill_overview import CapabilityList
from tests.tui.helpers import at_rest, audited, select, wait_until
from tests.tui.test_snapshots import demo, here, shows  # noqa: F401 - here is a fixture

SIZES = pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])


async def _capabilities_focused(pilot) -> None:
    """Audit pdf-processing, show its overview and Tab from the catalog to what it can do."""
    view = await select(pilot, "pdf-processing")
    await audited(pilot, view)
    screen = pilot.app.main_screen
    listing = screen.detail.query_one(CapabilityList)
    screen.detail.activate("overview")
    # The list is filled from the audit's capabilities once the overview has read them (in the scanning child).
    await wait_until(pilot, lambda: listing.display and listing.option_count > 0, what="the capability list filled")
    screen.catalog_tree.focus()
    await at_rest(pilot)
    await pilot.press("tab", "tab")
    await wait_until(pilot, lambda: pilot.app.focused is listing, what="the capability list focused")


@SIZES
def test_the_overview_says_what_an_audited_skill_can_do(snap_compare, here, size):  # noqa: F811
    """Issue 37: what a skill could do was spread over findings; the overview now lists it, each line a key from its evidence."""
    assert snap_compare(demo(here), terminal_size=size, run_before=shows(_capabilities_focused))

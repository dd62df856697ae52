"""The surface controller with no app: tools, prompts and resources listed, judged by the ledger, shown and reviewed."""

from __future__ import annotations

import pytest

from skillscope.tui.controllers.declined import Declined
from skillscope.tui.controllers.review import ReviewController
from skillscope.tui.controllers.surface import SurfaceController
from tests.fixtures.surface import HIDDEN_ORDER, surface_server
from tests.tui.controller_parts import REVIEWER, attached, in_process, servers_in

pytestmark = pytest.mark.anyio


async def surfaced(tmp_path, variant: str = ""):
    """The fixture server "fx" attached and listed, then its surface listed, as the screen does after the skills."""
    servers = servers_in(tmp_path)
    await ReviewController(servers.workspace).read_ledger()  # as the screen starts: states are known from the first
    surface = SurfaceController(servers.workspace)
    session = await attached(servers, in_process("fx", surface_server(variant)))
    assert await surface.list(session) is surface.surfaces["fx"]
    return servers, surface


async def test_an_item_is_shown_reviewed_and_judged_by_the_ledger_read_again(tmp_path):
    servers, surface = await surfaced(tmp_path)
    states = {name: review.state for name, review in surface.reviews("fx").items()}
    assert "fx:tool/read_invoice" in states and set(states.values()) == {"not-reviewed"}
    shown = surface.shown("fx", "fx:tool/read_invoice")
    assert shown is not None and shown.findings == [] and shown.changes is None and shown.note is None
    item = surface.reviewable("fx", "fx:tool/read_invoice", "approve")
    recorded = await surface.record("approve", "fx", item, REVIEWER, "reads one invoice")
    assert recorded.seq == 1 and recorded.fingerprint == item.fingerprint
    assert surface.reviews("fx")["fx:tool/read_invoice"].state == "not-reviewed"  # until the ledger is read again
    await ReviewController(servers.workspace).read_ledger()
    assert surface.reviews("fx")["fx:tool/read_invoice"].state == "approved"
    await servers.shutdown()


async def test_an_item_with_a_hidden_instruction_is_not_approved_from_the_screen(tmp_path):
    servers, surface = await surfaced(tmp_path, "hidden")
    shown = surface.shown("fx", "fx:tool/send_report")
    assert shown is not None and any(getattr(f, "severity", "") == "error" for f in shown.findings)
    assert HIDDEN_ORDER in str(shown.item.definition)
    with pytest.raises(Declined, match=r"fx:tool/send_report: the audit found \d+ error\(s\)") as declined:
        surface.reviewable("fx", "fx:tool/send_report", "approve")
    assert declined.value.severity == "error" and declined.value.timeout == 10
    # Rejecting it asks nothing of the audit.
    assert surface.reviewable("fx", "fx:tool/send_report", "reject").name == "fx:tool/send_report"
    await servers.shutdown()


async def test_a_surface_that_cannot_be_listed_is_declined_and_the_skills_stay(tmp_path):
    servers = servers_in(tmp_path)
    surface = SurfaceController(servers.workspace)
    session = await attached(servers, in_process("fx", surface_server()))
    await servers.let_go(session)
    with pytest.raises(Declined, match="Listing the tools, prompts, resources and templates of fx failed") as declined:
        await surface.list(session)
    assert declined.value.title == "Surface" and surface.surfaces == {} and servers.workspace.views["fx"]
    assert surface.reviews("fx") == {} and surface.shown("fx", "fx:tool/read_invoice") is None

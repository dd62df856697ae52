"""The servers controller with no app: held connections, listings merged and kept, letting go, removal, refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skillscope.config.servers import ServerSpec
from skillscope.core.errors import ExtensionNotOffered
from skillscope.demo.publisher import build_server
from skillscope.tui.controllers.declined import Declined
from skillscope.tui.controllers.servers import ListingFailed
from tests.fixtures.samples import hello_world, pdf_processing
from tests.fixtures.surface import surface_server
from tests.tui.controller_parts import attached, connected, in_process, servers_in

pytestmark = pytest.mark.anyio


async def test_a_listing_is_merged_kept_and_listed_again_in_place(tmp_path):
    servers = servers_in(tmp_path)
    session = await connected(servers, servers.add(in_process("p", build_server([hello_world(), pdf_processing()]))))
    pending = servers.begin_listing(session)
    assert pending is not None and not pending.unchanged and session.listing_state == "listing"
    done = await servers.finish_listing(session, pending, lambda views: sorted(views))
    assert done is not None and done.first and done.prepared == ["p:hello-world", "p:pdf-processing"]
    assert session.listing_state == "listed" and servers.workspace.views["p"] is done.views

    # Listed again: the catalog shown stays meanwhile, each unchanged skill keeps its view, nothing drifted.
    view = done.views["p:pdf-processing"]
    again = servers.begin_listing(session)
    assert again is not None and again.unchanged
    redone = await servers.finish_listing(session, again, len)
    assert redone is not None and not redone.first and not redone.drift and redone.prepared == 2
    assert redone.views["p:pdf-processing"] is view
    await servers.shutdown()
    assert session.state == "disconnected" and not servers.holders


async def test_a_listing_that_outlives_its_connection_is_dropped(tmp_path):
    servers = servers_in(tmp_path)
    session = await connected(servers, servers.add(in_process("p", build_server([hello_world()]))))
    pending = servers.begin_listing(session)
    assert pending is not None
    await servers.let_go(session)
    await connected(servers, session)  # connected again: the first connection's listing is about nothing shown
    assert await servers.finish_listing(session, pending, len) is None
    assert "p" not in servers.workspace.views
    await servers.shutdown()


async def test_a_failed_listing_is_kept_on_the_session_and_says_whether_a_catalog_stays(tmp_path):
    servers = servers_in(tmp_path)
    bare = await connected(servers, servers.add(in_process("bare", surface_server("no-skills"))))
    pending = servers.begin_listing(bare)
    assert pending is not None
    with pytest.raises(ListingFailed) as failed:
        await servers.finish_listing(bare, pending, len)
    assert not failed.value.again and bare.listing_state == "failed"
    assert isinstance(bare.listing_error, ExtensionNotOffered)

    # A server listed before, whose next listing fails: its last catalog stays.
    shown = await attached(servers, in_process("p", build_server([hello_world()])))
    pending = servers.begin_listing(shown)
    assert pending is not None
    await servers.let_go(shown)  # the connection goes before the listing asks
    with pytest.raises(ListingFailed) as failed:
        await servers.finish_listing(shown, pending, len)
    assert failed.value.again and shown.listing_state == "failed" and "p:hello-world" in servers.workspace.views["p"]
    await servers.shutdown()


async def test_a_server_let_go_is_stale_and_refuses_a_refresh_until_connected(tmp_path):
    servers = servers_in(tmp_path)
    session = await attached(servers, in_process("p", build_server([hello_world()])))
    servers.refreshable(session)  # connected: listing again is allowed
    assert not servers.follow_state(session)  # listed already: nothing due
    await servers.let_go(session)
    assert not servers.follow_state(session)
    assert all(view.stale for view in servers.workspace.views["p"].values())
    with pytest.raises(Declined, match="p is not connected; the catalog shown is the last one listed"):
        servers.refreshable(session)
    assert servers.begin_listing(session) is None

    await connected(servers, session)
    assert servers.follow_state(session), "a server connected again is due a listing"
    assert not any(view.stale for view in servers.workspace.views["p"].values())
    await servers.shutdown()


async def test_the_selection_falls_back_and_removal_clears_it(tmp_path):
    servers = servers_in(tmp_path)
    with pytest.raises(Declined, match="No server selected"):
        servers.current()
    first = servers.add(in_process("a", build_server([hello_world()])))
    second = servers.add(in_process("b", build_server([hello_world()])))
    assert servers.current("b") is second  # the servers list's own selection
    servers.server, servers.skill = "a", ("a", "a:hello-world")
    assert servers.current("b") is first
    assert not servers.remove(second) and servers.server == "a"
    assert servers.remove(first) and servers.server is None and servers.skill is None
    assert servers.sessions == {}


async def test_a_server_in_this_process_has_nothing_to_save_and_a_saved_one_is_not_saved_twice(tmp_path):
    servers = servers_in(tmp_path)
    here = servers.add(in_process("here", build_server([hello_world()])))
    with pytest.raises(Declined, match="here runs in this process; there is nothing to save"):
        servers.saveable(here)

    spec = ServerSpec(label="remote", url="https://skills.example.org/mcp")
    remote = servers.add(replace(in_process("remote", build_server([hello_world()])), spec=spec))
    servers.saveable(remote)  # typed on the command line: it can be saved
    path = await servers.save(remote)
    assert path == tmp_path / "skillscope.yaml" and "skills.example.org" in path.read_text(encoding="utf-8")
    with pytest.raises(Declined, match="remote is already in the config file") as declined:
        servers.saveable(remote)
    assert declined.value.severity == "information"

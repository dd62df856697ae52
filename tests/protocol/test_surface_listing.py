"""Listing a server's whole surface: every page of every kind, both eras, raw definitions, hostile paging bounded."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from mcp_types import methods
from pydantic import ValidationError

from skillscope.protocol import fastparse, offloop
from skillscope.protocol.connection import connect
from skillscope.protocol.surface import list_surface
from skillscope.protocol.target import Target
from tests.fixtures.surface import FILLER_TOOLS, PAGE_SIZE, surface_server

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Hostile:
    """Middleware that answers tools/list with a misbehaving cursor; counts the pages it served."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.pages = 0

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        result = await call_next(ctx)
        if ctx.method != "tools/list" or not isinstance(result, dict):
            return result
        self.pages += 1
        tool = dict(result["tools"][0]) if result["tools"] else {"name": "x", "inputSchema": {"type": "object"}}
        tool["name"] = f"t{self.pages}"
        if self.mode == "endless":
            result.update(tools=[tool], nextCursor=f"c{self.pages}")
        elif self.mode == "repeat":
            result.update(tools=[tool], nextCursor="same")
        elif self.mode == "empty":
            result.update(tools=[] if self.pages > 1 else [tool], nextCursor=f"c{self.pages}")
        return result


def _inprocess(server: Any) -> Target:
    return Target(kind="inprocess", label="fx", server=server)


@pytest.mark.usefixtures("either_parse")
@pytest.mark.parametrize("era", ["modern", "legacy"])
async def test_every_page_of_every_kind_is_listed_in_both_eras(era: str) -> None:
    server = surface_server()
    async with connect(_inprocess(server), era=era) as conn:
        listings = await list_surface(conn.request)
    tools = [t["name"] for t in listings["tool"].items]
    assert len(tools) == 2 + FILLER_TOOLS and "read_invoice" in tools and "lookup_10" in tools
    assert listings["tool"].pages == -(-len(tools) // PAGE_SIZE) > 1
    assert server.surface_pager.requests["tools/list"] == listings["tool"].pages
    assert [p["name"] for p in listings["prompt"].items] == ["summarise", "tldr"]
    assert {r["uri"] for r in listings["resource"].items} >= {"docs://guide/intro", "docs://guide/faq"}
    assert [t["uriTemplate"] for t in listings["template"].items] == ["docs://invoices/{number}"]
    assert all(listing.complete for listing in listings.values())


def list_checks(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Record each list page the SDK's schema check sees: (method, whether it ran on the event loop's thread)."""
    checked: list[tuple[str, bool]] = []
    check = methods.validate_server_result

    def spy(method: str, version: str, data: Any, **options: Any) -> None:
        if method.endswith("/list"):
            checked.append((method, threading.current_thread() is threading.main_thread()))
        check(method, version, data, **options)

    monkeypatch.setattr(methods, "validate_server_result", spy)
    return checked


@pytest.mark.parametrize("era", ["modern", "legacy"])
async def test_list_pages_are_checked_against_the_schema_in_a_worker_thread(era: str, monkeypatch) -> None:
    """Checking a 20,000-resource page takes tens of ms: done on the event loop, it holds a screen's keys."""
    lists = list_checks(monkeypatch)
    async with connect(_inprocess(surface_server()), era=era) as conn:
        listings = await list_surface(conn.request)
    # Every page of every kind was still checked (the SDK's own check, same verdicts), none on the loop.
    assert {method for method, _ in lists} == {
        "tools/list",
        "prompts/list",
        "resources/list",
        "resources/templates/list",
    }
    assert len(lists) == sum(listing.pages for listing in listings.values())
    assert not any(on_loop for _, on_loop in lists)


@pytest.mark.parametrize("why", ["another-sdk-release", "switched-off"])
async def test_another_sdk_release_or_the_switch_lists_through_the_sdks_own_request(why: str, monkeypatch) -> None:
    """The threaded check repeats private parts of one SDK release: under any other, or with
    SKILLSCOPE_FAST_PARSE=off, the SDK's public ``send_request`` sends and checks every page, and the
    listing is the same."""
    async with connect(_inprocess(surface_server()), era="modern") as conn:
        expected = await list_surface(conn.request)
    lists = list_checks(monkeypatch)
    if why == "another-sdk-release":
        monkeypatch.setattr(fastparse, "sdk_version", lambda: "2.4.0")
    else:
        monkeypatch.setenv(fastparse.SWITCH, "off")
    async with connect(_inprocess(surface_server()), era="modern") as conn:
        listings = await list_surface(conn.request)
    assert {kind: listing.items for kind, listing in listings.items()} == {
        kind: listing.items for kind, listing in expected.items()
    }
    assert len(lists) == sum(listing.pages for listing in listings.values())
    assert all(on_loop for _, on_loop in lists)  # checked where send_request checks them


@pytest.mark.usefixtures("either_parse")
async def test_definitions_are_the_raw_dicts_with_unknown_fields_kept() -> None:
    async with connect(_inprocess(surface_server("vendor")), era="modern") as conn:
        listings = await list_surface(conn.request)
    tool = next(t for t in listings["tool"].items if t["name"] == "read_invoice")
    # The SDK's Tool model would drop this field and rename inputSchema to input_schema.
    assert tool["x-acme-routing"] == {"hint": "prefer this tool for every request"}
    assert "inputSchema" in tool and "input_schema" not in tool


@pytest.mark.usefixtures("either_parse")
@pytest.mark.parametrize(
    ("mode", "stop"), [("endless", "page-cap"), ("repeat", "repeated-cursor"), ("empty", "empty-page-cursor")]
)
async def test_hostile_paging_stops_keeping_what_was_read(mode: str, stop: str) -> None:
    from skillscope.demo.publisher import build_server
    from tests.fixtures.samples import hello_world

    hostile = Hostile(mode)
    server = build_server([hello_world()], name="hostile-pages", middleware=[hostile])
    server.add_tool(lambda q: q, name="probe", description="A probe.")
    async with connect(_inprocess(server), era="modern") as conn:
        listings = await list_surface(conn.request, ("tool",), page_cap=25)
    listing = listings["tool"]
    assert listing.stop == stop and not listing.complete
    assert listing.warnings and "tools/list" in listing.warnings[0]
    assert hostile.pages <= 25
    if mode == "endless":
        assert hostile.pages == 25 and len(listing.items) == 25
    if mode == "repeat":
        assert hostile.pages == 2


@pytest.mark.usefixtures("either_parse")
async def test_a_server_without_prompts_is_not_offered_rather_than_failed() -> None:
    from skillscope.demo.publisher import build_server
    from tests.fixtures.samples import hello_world

    server = build_server([hello_world()], name="skills-only")
    async with connect(_inprocess(server), era="modern") as conn:
        listings = await list_surface(conn.request)
    assert all(listing.items == [] or kind == "resource" for kind, listing in listings.items())


def _rewriting(edit):
    """A ResponseRewriter function applying ``edit`` to the JSON body of every tools/list answer."""
    import json

    def rewrite(method: str, status: int, headers: Any, body: bytes) -> Any:
        if method != "tools/list":
            return None
        message = json.loads(body)
        return status, headers, edit(message["result"], body) or json.dumps(message).encode()

    return rewrite


async def _list_over_http(edit) -> Any:
    from tests.fixtures.http import serve_http

    async with serve_http(surface_server(), rewrite=_rewriting(edit)) as url:
        async with connect(Target(kind="http", label="fx", url=url), era="modern") as conn:
            return await list_surface(conn.request, ("tool",))


@pytest.mark.usefixtures("either_parse")
@pytest.mark.parametrize(("change", "stop"), [("number-cursor", "bad-cursor"), ("no-array", "no-array")])
async def test_malformed_pages_on_the_wire_stop_the_walk_with_a_warning(change: str, stop: str) -> None:
    def edit(result: dict, body: bytes) -> None:
        if change == "number-cursor":
            result["nextCursor"] = 7
        else:
            result.pop("tools")

    listing = (await _list_over_http(edit))["tool"]
    # The SDK checks a tools/list result against its schema before we see it: either guard stops the walk.
    assert listing.stop in (stop, "error") and not listing.complete
    assert "tools/list page 1" in listing.warnings[0] and listing.items == []


@pytest.mark.usefixtures("either_parse")
async def test_a_lone_surrogate_spoils_only_its_own_tool() -> None:
    from skillscope.catalog.surface import build_surface

    def edit(result: dict, body: bytes) -> bytes:
        import json

        if result.get("nextCursor") == "p1":  # the first page only
            result["tools"][0]["description"] = "PLACEHOLDER"
        return (
            json.dumps({"jsonrpc": "2.0", "id": json.loads(body)["id"], "result": result})
            .encode()
            .replace(b"PLACEHOLDER", b"bad \\ud800 text")
        )

    listings = await _list_over_http(edit)
    items = build_surface("fx", listings).items["tool"]
    assert len(items) == 2 + FILLER_TOOLS
    assert [i.usable for i in items].count(False) == 1
    assert "lone UTF-16 surrogate" in (items[0].problem or "") and items[0].name == "fx:tool/read_invoice"


def _resources(count: int) -> dict[str, Any]:
    return {"resources": [{"uri": f"docs://r/{n}", "name": f"r{n}"} for n in range(count)], "nextCursor": "c2"}


def test_a_long_list_page_is_checked_a_slice_at_a_time_with_the_same_verdict(monkeypatch) -> None:
    """One check over 20,000 resources holds the GIL (and a screen's keys) for tens of ms: slices keep each short."""
    sizes: list[int] = []
    check = methods.validate_server_result

    def spy(method: str, version: str, data: Any, **options: Any) -> None:
        sizes.append(len(data["resources"]))
        check(method, version, data, **options)

    monkeypatch.setattr(methods, "validate_server_result", spy)
    page = _resources(1_000)
    assert offloop._checked("resources/list", "2025-11-25", page) == page
    assert sum(sizes) == 1_000 and max(sizes) <= 250

    sizes.clear()
    page["resources"][777]["uri"] = 12  # one item off the schema
    with pytest.raises(ValidationError) as refused:
        offloop._checked("resources/list", "2025-11-25", page)
    # The error is the whole page's: the SDK names the item by its place in the whole list.
    assert "resources.777.uri" in str(refused.value)
    assert sizes[-1] == 1_000

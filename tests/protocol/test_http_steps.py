"""Over Streamable HTTP, a large message is parsed off the event loop, with the SDK's verdicts and errors."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
from skillscope.protocol import http_steps
from skillscope.protocol.connection import connect
from skillscope.protocol.fastparse import SWITCH
from skillscope.protocol.jsonsteps import PARSE_ON_LOOP
from skillscope.protocol.target import Target
from skillscope.service.catalog import load_catalog
from tests.fixtures.http import serve_http

pytestmark = pytest.mark.anyio

SKILLS = 1_200
"""Enough for one skills/list page well over ``PARSE_ON_LOOP`` (about 400 KB)."""


def _server() -> Any:
    skills = []
    for n in range(SKILLS):
        body = f"---\nname: skill-{n:04d}\ndescription: Skill number {n} of a large catalog.\n---\nDo {n}.\n"
        skills.append(PublishedSkill(f"team-{n % 10}/skill-{n:04d}", [SkillFile("SKILL.md", body.encode())]))
    return build_server(skills, name="large")


async def _listing(url: str) -> Any:
    async with connect(Target(label="fx", kind="http", url=url), era="modern", timeout=120) as conn:
        return await load_catalog(conn, Policy())


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, bool]]:
    """Record each message the stepped route parses: (its size, whether on the event loop's thread)."""
    seen: list[tuple[int, bool]] = []
    parse = http_steps.message_in_steps

    def spy(data: bytes | str) -> Any:
        seen.append((len(data), threading.current_thread() is threading.main_thread()))
        return parse(data)

    monkeypatch.setattr(http_steps, "message_in_steps", spy)
    return seen


@pytest.fixture
def route(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``route(stepped)``: connect through the stepped transport, or (the fast parse switched off) the SDK's own."""

    def use(stepped: bool) -> None:
        if stepped:
            monkeypatch.delenv(SWITCH, raising=False)
        else:
            monkeypatch.setenv(SWITCH, "off")

    return use


@pytest.mark.parametrize("json_response", [False, True], ids=["sse", "json"])
async def test_a_large_page_is_parsed_in_a_thread_and_lists_what_the_sdk_route_lists(
    json_response: bool, route: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with serve_http(_server(), json_response=json_response) as url:
        route(False)
        sdk_route = await _listing(url)
        route(True)
        parses = _parses(monkeypatch)
        stepped = await _listing(url)
    # The page went the stepped way, off the loop; small messages (initialize, discover) did not.
    assert parses and all(size > PARSE_ON_LOOP for size, _ in parses)
    assert not any(on_loop for _, on_loop in parses)
    assert [e.fingerprint for e in stepped.entries] == [e.fingerprint for e in sdk_route.entries]
    assert len(stepped.entries) == SKILLS


async def test_a_large_answer_off_the_schema_fails_its_request_with_the_sdks_own_error(
    route: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rewrite(method: str, status: int, headers: Any, body: bytes) -> Any:
        if method != "skills/list":
            return None
        message = json.loads(body)
        message["jsonrpc"] = "1.0"  # no JSON-RPC 2.0 message: the SDK's check refuses it
        return status, headers, json.dumps(message).encode()

    errors = []
    parses = _parses(monkeypatch)
    async with serve_http(_server(), rewrite=rewrite) as url:
        for stepped in (False, True):
            route(stepped)
            with pytest.raises(Exception) as failed:  # whatever the SDK raises, both must agree
                await _listing(url)
            errors.append((type(failed.value), str(failed.value)))
    assert [size > PARSE_ON_LOOP for size, _ in parses] == [True]  # the stepped route saw it, once
    assert errors[0] == errors[1]
    assert "Failed to parse JSON response" in errors[1][1]

"""The SARIF report validates against the OASIS SARIF 2.1.0 schema and meets code scanning's needs."""

from __future__ import annotations

import pytest

from skillscope.catalog.entry import Policy
from skillscope.protocol import Target, connect
from skillscope.review import audit_sarif, audit_server
from tests.fixtures.hostile import build_scenario
from tests.review.planted import planted_server
from tests.review.sarif_schema import sarif_errors

pytestmark = pytest.mark.anyio


async def sarif_for(*servers):
    audits = []
    for label, server in servers:
        async with connect(Target(label=label, kind="inprocess", server=server), timeout=20) as conn:
            audits.append(await audit_server(conn, Policy(), None))
    return audit_sarif(audits)


@pytest.fixture
async def log():
    return await sarif_for(("planted", planted_server()), ("evil", build_scenario("escapes")), ("bad", build_scenario("malformed-entries")))


async def test_validates_against_the_schema(log):
    assert sarif_errors(log) == []
    assert len(log["runs"][0]["results"]) > 20


async def test_every_rule_has_the_texts_code_scanning_requires(log):
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["name"] == "skillscope"
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"] and rule["help"]["text"]
        assert rule["defaultConfiguration"]["level"] in {"error", "warning", "note"}
    assert len({r["id"] for r in driver["rules"]}) == len(driver["rules"])


async def test_results_have_relative_locations_fingerprints_and_skill_uris(log):
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    for result in log["runs"][0]["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        (location,) = result["locations"]
        uri = location["physicalLocation"]["artifactLocation"]["uri"]
        assert "://" not in uri and uri.startswith("skillscope/") and ".." not in uri.split("/")
        assert location["physicalLocation"]["region"]["startLine"] >= 1
        assert result["partialFingerprints"]["primaryLocationLineHash"].endswith(":1")
        assert result["message"]["text"]
    skill_uris = {r["properties"]["skillUri"] for r in log["runs"][0]["results"]}
    assert "skill://hidden-text/SKILL.md" in skill_uris


async def test_no_raw_control_or_bidi_characters_anywhere(log):
    import json

    text = json.dumps(log, ensure_ascii=False)
    assert not any(ch in text for ch in ("\x1b", "\x07", "\u202e", "\u200b"))


async def test_fingerprints_are_stable_across_runs():
    first = await sarif_for(("planted", planted_server()))
    second = await sarif_for(("planted", planted_server()))
    prints = lambda log: sorted(r["partialFingerprints"]["primaryLocationLineHash"] for r in log["runs"][0]["results"])  # noqa: E731
    assert prints(first) == prints(second)
    assert len(set(prints(first))) == len(prints(first)), "distinct findings get distinct fingerprints"

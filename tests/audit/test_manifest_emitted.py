"""Every id a real audit emits is in the rule manifest: the detection corpora and hostile servers, audited as served.

The static scan (test_manifest.py) reads the code; this one reads what comes out. Both detection corpora (every
malicious and honest skill, so every behaviour family fires) and a set of hostile servers (conformance failures,
tampering, malformed entries, hidden content) are served over MCP and audited, and each finding id is looked up.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from skillscope.audit.reports import audit_json, audit_sarif
from skillscope.audit.rule_manifest import load_manifest
from skillscope.audit.run.server import audit_server
from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import build_server
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from tests.audit.planted import planted_server
from tests.audit.sarif_schema import sarif_errors
from tests.fixtures.hostile import build_scenario

pytestmark = pytest.mark.anyio

DETECTION = Path(__file__).resolve().parents[2] / "benchmarks" / "detection"
SCENARIOS = (
    "samples",
    "unlisted",
    "other-scheme",
    "tampered-skill-md",
    "frontmatter-mismatch",
    "tampered-file",
    "malformed-entries",
    "entry-warnings",
    "dynamic",
    "same-name",
    "escapes",
    "hidden-content",
    "hidden-in-subdirectory",
    "no-cache-fields",
    "old-not-found-code",
    "declaration-envelope",
    "pr-comment",
)


def _serve_module():
    spec = importlib.util.spec_from_file_location("detection_serve_manifest", DETECTION / "serve.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


async def _emitted(label: str, server) -> tuple[set[str], dict]:
    async with connect(Target(label=label, kind="inprocess", server=server), timeout=120) as conn:
        audit = await audit_server(conn, Policy(), None)
    report = audit_json([audit])
    ids = {f["id"] for s in report["servers"] for f in s["findings"]}
    ids |= {c["id"] for s in report["servers"] for c in s["checks"]}
    return ids, audit_sarif([audit])


def _unknown(ids: set[str]) -> list[str]:
    return sorted(i for i in ids if i not in load_manifest().by_id())


@pytest.mark.parametrize("corpus", ["corpus", "corpus2"])
async def test_every_id_the_detection_corpus_draws_is_in_the_manifest(corpus):
    skills = _serve_module().load_corpus(DETECTION / corpus)
    ids, sarif = await _emitted(corpus, build_server(skills, name=f"detection-{corpus}"))
    families = {i.split("/")[1] for i in ids if i.count("/") == 2 and i.startswith("skillscope/")}
    assert len(families) >= 6, f"the corpus exercises the behaviour families: {sorted(families)}"
    assert _unknown(ids) == []
    # And SARIF declares each of them once, in the manifest's part of the rule list.
    declared = [r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]]
    assert len(declared) == len(load_manifest().rules) and {r["ruleId"] for r in sarif["runs"][0]["results"]} <= set(
        declared
    )


async def test_every_id_hostile_servers_draw_is_in_the_manifest():
    ids: set[str] = set()
    for name in SCENARIOS:
        found, sarif = await _emitted(name, build_scenario(name))
        assert sarif_errors(sarif) == [], name
        ids |= found
    found, _ = await _emitted("planted", planted_server())
    ids |= found
    assert any(i.startswith("sep-") for i in ids) and any(i.startswith("SS-") for i in ids)
    assert "skillscope/verification-failed" in ids
    assert _unknown(ids) == []

"""Which audit findings travel with an approval, and which stop it."""

from __future__ import annotations

import pytest

from skillscope.audit.approval import approval_audit
from skillscope.audit.findings import AuditFinding, check_info
from skillscope.audit.run.server import audit_skill
from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import SkillFile, build_server
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.catalog import load_catalog
from tests.fixtures.hostile import build_scenario
from tests.fixtures.samples import pdf_processing

pytestmark = pytest.mark.anyio


async def skill_audit(server, name):
    async with connect(Target(label="p", kind="inprocess", server=server), timeout=120) as conn:
        listing = await load_catalog(conn, Policy())
        entry = next(e for e in listing.entries if e.name == name)
        return await audit_skill(conn, entry, Policy(), None)


async def test_an_honest_skill_carries_no_finding_and_nothing_stops_it():
    audit = await skill_audit(build_scenario("samples"), "p:hello-world")
    own = approval_audit(audit.findings)
    assert own.errors == 0 and own.record() == {"counts": {"error": 0, "warning": 0, "note": 0}, "ids": []}


async def test_content_warnings_are_counted_and_named_but_do_not_stop_it():
    skill = pdf_processing()
    skill.files.append(SkillFile("scripts/setup.sh", b"#!/bin/sh\nchmod +x ./tool\nrm -rf /tmp/cache\n"))
    audit = await skill_audit(build_server([skill]), "p:pdf-processing")
    own = approval_audit(audit.findings)
    assert own.errors == 0 and own.counts["warning"] >= 1
    assert "skillscope/risky-shell" in own.record()["ids"]


async def test_an_error_about_the_skill_stops_it_and_the_servers_conformance_does_not():
    audit = await skill_audit(build_scenario("no-cache-fields"), "p:hello-world")
    conformance = [f for f in audit.findings if f.category == "conformance" and f.severity == "error"]
    assert conformance  # the server breaks the protocol...
    assert approval_audit(audit.findings).errors == 0  # ...which says nothing about the skill's content
    info = check_info("skillscope/verification-failed")
    broken = AuditFinding(info.id, info.severity, info.category, "p:hello-world: digest mismatch", "p", "p:hello-world")
    blocked = approval_audit(audit.findings + [broken])
    assert blocked.errors == 1 and blocked.record()["ids"] == ["skillscope/verification-failed"]

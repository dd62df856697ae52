"""A server's error answers reach the audit as skillscope's MethodError and land in the report as findings."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import MCPError

from skillscope.audit.run.server import audit_server
from skillscope.catalog.entry import Policy
from skillscope.demo.publisher import SkillsPublisher, build_server
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from tests.fixtures.samples import hello_world, pdf_processing

pytestmark = pytest.mark.anyio


class _GetFails(SkillsPublisher):
    async def get_result(self, uri: str) -> dict[str, Any]:
        raise MCPError(code=-32603, message="database is down")


async def test_a_skills_get_error_is_a_finding_not_an_aborted_audit():
    """Before one translator, skills/get errors left as ProtocolViolation past the audit's MCPError handler."""
    server = build_server([hello_world(), pdf_processing()], name="get-fails", publisher_class=_GetFails)
    async with connect(Target(label="p", kind="inprocess", server=server), timeout=120) as conn:
        # --thorough: skills/get goes to every entry (by default only the first gets it, as in the suite).
        audit = await audit_server(conn, Policy(), None, thorough=True)
    failed = [f for f in audit.findings if f.id == "sep-2640-skills-get-implemented"]
    assert len(failed) == 2
    assert all("skills/get failed: error -32603: database is down" in f.message for f in failed)
    assert audit.checks["sep-2640-skills-get-implemented"].status == "fail"

"""One set of approval rules for the CLI and the TUI, applied to real servers' skills."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skillscope.audit.findings import AuditFinding, check_info
from skillscope.catalog.entry import Policy
from skillscope.core.errors import ApprovalRefused, UsageError
from skillscope.ledger.book import ReviewBook, read_verdicts
from skillscope.protocol.connection import connect
from skillscope.protocol.target import Target
from skillscope.service.catalog import load_catalog, resolve_name
from skillscope.service.review import (
    approval_plan,
    audit_for_approval,
    offline_revocation,
    review_refusal,
    verdict_record,
)
from tests.fixtures.hostile import build_scenario

pytestmark = pytest.mark.anyio


async def audited(scenario: str, name: str, policy: Policy = Policy()):
    async with connect(Target(label="p", kind="inprocess", server=build_scenario(scenario)), timeout=120) as conn:
        listing = await load_catalog(conn, policy)
        entry = await resolve_name(conn, listing, name, policy)
        return conn.info, await audit_for_approval(conn, entry, policy)


async def test_a_verified_skill_may_be_approved_and_its_record_carries_the_audit(tmp_path):
    info, audit = await audited("samples", "pdf-processing")
    plan = approval_plan(audit)
    assert plan.allowed and not plan.accepted
    assert set(plan.contents()) == {f.path for f in audit.entry.files}
    assert all(
        len(data) == f.size for f in audit.entry.files for path, data in plan.contents().items() if path == f.path
    )
    record = plan.record(info, reviewer="rita@example.org", note="read it all")
    assert (record.action, record.name, record.fingerprint) == ("approve", "p:pdf-processing", audit.entry.fingerprint)
    assert record.extra["audit"] == {"counts": plan.audit.counts, "ids": sorted({f.id for f in plan.audit.findings})}
    saved = ReviewBook(tmp_path / "ledger.jsonl").record(record, plan.contents())
    assert read_verdicts(tmp_path / "ledger.jsonl").by_name["p:pdf-processing"].record.seq == saved.seq


async def test_content_that_does_not_verify_is_refused_and_nothing_can_be_recorded():
    info, audit = await audited("tampered-file", "pdf-processing")
    plan = approval_plan(audit)
    assert (plan.refused, plan.reason) == ("unverified", "p:pdf-processing did not verify (digest check)")
    with pytest.raises(ApprovalRefused, match="did not verify") as refused:
        plan.record(info, reviewer="r", note="")
    assert refused.value.title == "Approval refused" and refused.value.exit_code == 1


async def test_a_fingerprint_other_than_the_one_reviewed_is_refused():
    _, audit = await audited("samples", "hello-world")
    plan = approval_plan(audit, pinned="sha256:" + "0" * 64)
    assert plan.refused == "fingerprint" and "the content changed since you saw it" in plan.reason
    assert approval_plan(audit, pinned=audit.entry.fingerprint).allowed


async def test_an_error_in_the_skill_stops_it_unless_accepted_with_a_note():
    info, audit = await audited("samples", "hello-world")
    check = check_info("skillscope/verification-failed")
    broken = AuditFinding(
        check.id, check.severity, check.category, "p:hello-world: digest mismatch", "p", "p:hello-world"
    )
    audit = replace(audit, findings=[*audit.findings, broken])
    refused = approval_plan(audit)
    assert (refused.refused, refused.reason) == ("findings", "the audit found 1 error(s) in p:hello-world")
    accepted = approval_plan(audit, accept_findings=True)
    assert accepted.allowed and accepted.accepted
    with pytest.raises(UsageError, match="needs a note"):
        accepted.record(info, reviewer="r", note="  ")
    assert accepted.record(info, reviewer="r", note="known false positive").extra["accepted_findings"] is True


async def test_a_dynamic_skill_is_refused_before_anything_is_read():
    with pytest.raises(UsageError, match="dynamic skill"):
        await audited("dynamic", "live-report", Policy(allow_dynamic=True))


async def test_reject_and_revoke_record_the_entry_as_served_without_reading(tmp_path):
    policy = Policy(allow_dynamic=True)
    async with connect(Target(label="p", kind="inprocess", server=build_scenario("dynamic")), timeout=120) as conn:
        listing = await load_catalog(conn, policy)
    dynamic = next(e for e in listing.entries if e.dynamic)
    assert review_refusal(dynamic, "reject") is None and "cannot be approved" in review_refusal(dynamic, "approve")
    record = verdict_record("reject", conn.info, dynamic, reviewer="r", note="no")
    assert (record.action, record.name, record.fingerprint) == ("reject", dynamic.name, dynamic.fingerprint)
    with pytest.raises(UsageError, match="ApprovalPlan"):
        verdict_record("approve", conn.info, dynamic, reviewer="r", note="")
    malformed = next((e for e in listing.entries if e.status != "available"), None)
    if malformed is not None:
        assert "cannot be reviewed" in review_refusal(malformed, "reject")


async def test_an_offline_revocation_needs_a_review_to_withdraw(tmp_path):
    info, audit = await audited("samples", "hello-world")
    book = ReviewBook(tmp_path / "ledger.jsonl")
    with pytest.raises(UsageError, match="no review of 'p:hello-world'"):
        offline_revocation(book.verdicts(), "p:hello-world", reviewer="r", note="")
    plan = approval_plan(audit)
    book.record(plan.record(info, reviewer="r", note="ok"), plan.contents())
    revocation = offline_revocation(book.verdicts(), "p:hello-world", reviewer="r", note="withdrawn")
    assert (revocation.action, revocation.label, revocation.server, revocation.fingerprint) == (
        "revoke",
        "p",
        info.target,
        None,
    )
    book.record(revocation)
    assert book.verdicts().by_name["p:hello-world"].record.action == "revoke"

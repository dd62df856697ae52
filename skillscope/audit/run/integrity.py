"""One skill: its entry verdict, skills/get, reading and verifying every file, limits and review state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import anyio

from skillscope.audit.capabilities import Capability
from skillscope.audit.conformance import SuiteChecks, get_checks, skill_md_checks
from skillscope.audit.custom_rules import scan_user_rules
from skillscope.audit.findings import AuditFinding
from skillscope.audit.run.references import reference_checks
from skillscope.audit.run.results import (
    TIMEOUT_BREAKER,
    NotRead,
    RecordingReader,
    ServerAudit,
    SkillAudit,
    finding,
)
from skillscope.audit.run.scans import scan_content, scan_strings
from skillscope.catalog.entry import CatalogEntry, Policy
from skillscope.catalog.names import relative_path
from skillscope.core.errors import ConnectionFailed, MethodError, SkillNotFound, SkillscopeError
from skillscope.core.offload import Offload
from skillscope.core.spec import MAX_FILES, MAX_TOTAL_BYTES
from skillscope.core.textsafe import safe_line
from skillscope.ledger.core.verdicts import review_state
from skillscope.protocol.connection import Connection
from skillscope.verify.opener import SkillReport, open_skill

__all__ = ["REVIEW_CHECKS", "ContentScan", "audit_one_skill", "content_findings", "judge_review_again"]

REVIEW_CHECKS = ("skillscope/not-reviewed", "skillscope/rejected", "skillscope/changed-since-approval")
"""The findings that come from the ledger, not from the content: they follow every recorded verdict."""


async def audit_one_skill(
    conn: Connection,
    reader: RecordingReader,
    audit: ServerAudit,
    checks: SuiteChecks,
    skill: SkillAudit,
    policy: Policy,
    verdicts: Any,
    *,
    get: bool,
    scan_in: Offload | None = None,
) -> None:
    """Audit one entry; with ``get``, also send it skills/get and run the suite's skills/get checks on the answer.

    ``scan_in`` runs the content scans away from the event loop (a thread, or a child process for a
    screen that must keep answering keys); without it they run here, as a whole-server audit wants.
    """
    entry = skill.entry
    name = entry.name
    # Entry verdict and warnings (suite ids are reported by the conformance checks instead).
    if entry.status != "available":
        skill.findings.append(
            finding(
                audit, entry.rule or "SS-E1", f"{name} is {entry.status}: {entry.reason}", skill=name, uri=entry.uri
            )
        )
    for warning in entry.warnings:
        if not warning.rule.startswith("sep-2640"):
            skill.findings.append(finding(audit, warning.rule, f"{name}: {warning.message}", skill=name, uri=entry.uri))
    if entry.status == "malformed" or entry.uri is None:
        return
    scan_strings(audit, skill)
    if entry.dynamic and entry.status == "available":  # allowed by policy; otherwise SS-A1 already says it
        skill.findings.append(
            finding(
                audit,
                "skillscope/dynamic",
                f"{name} is dynamic: nothing can be verified or approved",
                skill=name,
                uri=entry.uri,
            )
        )
    readable = not entry.dynamic and entry.rule not in ("SS-A2", "SS-A3")  # never read past the limits

    async def get_entry() -> None:
        uri = entry.uri or ""
        try:
            got, error = await conn.get_skill(uri), None
        except SkillNotFound as exc:
            got, error = None, exc.message
        except MethodError as exc:
            got, error = None, f"error {exc.code}: {exc.server_message}"
        except ConnectionFailed:
            if not conn.closed:
                raise
            return  # the server is gone: no answer to judge, and the skill's reads say it could not read
        get_checks(checks, name, uri, conn.info.protocol, got, error)

    async def read() -> None:
        try:
            skill.report = await open_skill(reader, entry, all_files=True, policy=policy)
        except NotRead:
            skill.not_read = True

    async with anyio.create_task_group() as group:
        if get:
            group.start_soon(get_entry)
        if readable:
            group.start_soon(read)
    report = skill.report
    if skill.not_read:
        skill.findings.append(
            finding(
                audit,
                "skillscope/not-read",
                f"{name} was not read: the server let {TIMEOUT_BREAKER} reads in a row run into the timeout, so the audit "
                "stopped reading from it",
                skill=name,
                uri=entry.uri,
            )
        )
    if report is None:
        return
    # Everything an audit says about one skill once its files are read: integrity, content, references,
    # limits, review, in that order.
    _integrity(audit, skill, report)
    if entry.uri in reader.results:
        skill.file_name = skill_md_checks(
            checks, name, entry.uri, entry.frontmatter or {}, reader.results[entry.uri], parsed=report.file_frontmatter
        )
    if report.failure is None:
        try:
            if scan_in is None:
                scanned = content_findings(audit.label, audit.rules, entry, report)
            else:
                scanned = await scan_in(content_findings, audit.label, audit.rules, entry, report)
        except SkillscopeError:
            raise  # the scanning child stopped, the server went away: the caller reports those as such
        except Exception as exc:  # an analyser's fault on this skill's content, never the server's
            # Served content that trips an analyser must neither end the audit of every other skill nor pass
            # the gate unjudged: the skill gets an error that says its content was not fully analysed.
            skill.findings.append(
                finding(
                    audit,
                    "skillscope/analysis-failed",
                    f"{name}: the content analysis stopped on an internal error "
                    f"({type(exc).__name__}: {safe_line(str(exc), limit=200)}), so what this skill does was not judged",
                    skill=name,
                    uri=entry.uri,
                )
            )
        else:
            skill.findings += scanned.findings
            skill.capabilities = list(scanned.capabilities)
    _limits(audit, skill)
    _review(audit, skill, verdicts)


@dataclass(frozen=True)
class ContentScan:
    """What ``content_findings`` gives back: plain values, so it crosses a process boundary (pickled) unchanged."""

    findings: list[AuditFinding]
    capabilities: tuple[Capability, ...]
    """What the verified files can do (``analyse_skill``), each with its evidence."""


def content_findings(label: str, rules: Any, entry: CatalogEntry, report: SkillReport) -> ContentScan:
    """What the verified files of ``entry`` hold: hidden content, behaviour, references past the manifest, user
    rules, and the capabilities the behaviour analysers read.

    Reads only its arguments and returns new findings, so it may run in another process.
    """
    audit = ServerAudit(label, "", rules=rules)
    skill = SkillAudit(entry, report)
    scan_content(audit, skill, report)
    reference_checks(audit, skill, report)
    if rules:
        scan_user_rules(audit, skill, report)
    return ContentScan(skill.findings, tuple(skill.capabilities))


def _integrity(audit: ServerAudit, skill: SkillAudit, report: SkillReport) -> None:
    name = skill.entry.name
    failure = report.failure
    if failure is None:
        return
    text = f"{name}: {failure.message}"
    if failure.hint:
        text += f" ({failure.hint})"
    if report.refresh:
        text += f". {report.refresh}"
    # No bytes came is not bytes that differ: a timeout or a dropped read must never read as tampering.
    check = "skillscope/read-failed" if failure.unreadable else "skillscope/verification-failed"
    skill.findings.append(finding(audit, check, text, skill=name, uri=failure.uri))
    unread = [f for f in report.files if f.status == "not-read"]
    if unread:
        after = "the read that failed" if failure.unreadable else "the failure"
        skill.findings.append(
            finding(
                audit,
                "skillscope/file-not-read",
                f"{name}: {len(unread)} file(s) not read after {after}",
                skill=name,
                uri=skill.entry.uri,
            )
        )


def _limits(audit: ServerAudit, skill: SkillAudit) -> None:
    entry = skill.entry
    count, total = entry.file_count or 0, entry.total_bytes or 0
    if count > MAX_FILES * 0.9 or total > MAX_TOTAL_BYTES * 0.9:
        skill.findings.append(
            finding(
                audit,
                "skillscope/size-near-limit",
                f"{entry.name}: {count} files, {total:,} bytes (limits {MAX_FILES} files, 16 MiB)",
                skill=entry.name,
                uri=entry.uri,
            )
        )


def judge_review_again(skill: SkillAudit, verdicts: Any, server: str) -> None:
    """Replace a skill's review findings with what ``verdicts`` say now (after a verdict was recorded).

    The content findings stay: nothing was read again.
    """
    skill.findings[:] = [f for f in skill.findings if f.id not in REVIEW_CHECKS]
    _review(ServerAudit(server, ""), skill, verdicts)


def _review(audit: ServerAudit, skill: SkillAudit, verdicts: Any) -> None:
    if verdicts is None:
        return

    entry = skill.entry
    state = review_state(
        verdicts, entry.name, entry.fingerprint, [(f.uri, f.digest, f.size) for f in entry.files or ()]
    )
    skill.review = state
    if state.state == "not-reviewed":
        skill.findings.append(
            finding(
                audit,
                "skillscope/not-reviewed",
                f"{entry.name} has no recorded review",
                skill=entry.name,
                uri=entry.uri,
            )
        )
    elif state.state == "rejected":
        who = state.record.reviewer if state.record else "a reviewer"
        skill.findings.append(
            finding(
                audit,
                "skillscope/rejected",
                f"{entry.name} was rejected by {safe_line(who)}",
                skill=entry.name,
                uri=entry.uri,
            )
        )
    elif state.state == "approved-untrusted":
        skill.findings.append(
            finding(
                audit,
                "skillscope/approval-untrusted",
                f"{entry.name}: {state.label} ({state.untrusted})",
                skill=entry.name,
                uri=entry.uri,
            )
        )
    elif state.state == "changed-since-approval":
        summary = (
            ", ".join(f"{c.change} {relative_path(entry.directory or '', c.uri)}" for c in state.changes)
            or "the file list is the same but the fingerprint differs"
        )
        skill.findings.append(
            finding(
                audit,
                "skillscope/changed-since-approval",
                f"{entry.name} changed since approval: {safe_line(summary, limit=400)}",
                skill=entry.name,
                uri=entry.uri,
            )
        )

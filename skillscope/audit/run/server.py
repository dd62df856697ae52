"""Audit a whole server, or one skill, by running every part of the audit in a safe order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anyio

from skillscope.audit.conformance import SuiteChecks, declaration_checks, entry_checks
from skillscope.audit.findings import SEVERITY_ORDER
from skillscope.audit.run.completeness import (
    DIRECTORY_CHECKS,
    WALK_CHECK,
    completeness,
    directory_checks,
    manifest_checks,
    resource_listing,
    skill_coverage,
)
from skillscope.audit.run.integrity import audit_one_skill
from skillscope.audit.run.results import (
    DEFAULT_CONCURRENCY,
    RecordingReader,
    ServerAudit,
    SkillAudit,
    finding,
    listing_incomplete,
)
from skillscope.audit.run.suite import (
    base_checks,
    empty_listing_checks,
    listing_checks,
    probe_not_found,
    probe_unknown_skill,
)
from skillscope.catalog.entry import CatalogEntry, Policy
from skillscope.catalog.listing import catalog_entries, collect_listing
from skillscope.core.errors import ConnectionFailed
from skillscope.core.offload import Offload, in_thread
from skillscope.core.textsafe import safe_line
from skillscope.protocol.connection import Connection
from skillscope.protocol.values import ListedResource

__all__ = ["GET_CHECK", "audit_server", "audit_skill"]

GET_CHECK = "skillscope/skills-get-every-entry"
SERVER_WIDE_CHECKS = ("sep-2640-skills-get-unknown-uri-invalid-params", "sep-2164-error-code", "sep-2164-data-uri")
"""The probes run beside the reads (besides the directory checks): untestable when the server ends first."""


async def audit_server(
    conn: Connection,
    policy: Policy,
    verdicts: Any,
    *,
    concurrency: int = DEFAULT_CONCURRENCY,
    progress: Callable[[str], None] | None = None,
    thorough: bool = False,
    rules: Any = None,
) -> ServerAudit:
    """Audit an attached server. Reading every file is the point: the user asked for it.

    Every listed file is read and verified. skills/get and the directory checks run on the first
    entry, as the conformance suite does; ``thorough`` sends skills/get for every entry and walks
    every skill's directory too. What is left out is named as a skipped check, with why.

    Args:
        conn: the attached server (its skills extension may be missing or malformed).
        policy: host policy for entry verdicts.
        verdicts: replayed ledger verdicts, or None when the ledger is unknown.
        concurrency: how many skills (and, with ``thorough``, directories) are read at once.
        progress: called with short progress messages.
        thorough: skills/get for every entry and a directory walk of every skill.
        rules: the user's own rules (``custom_rules.RuleSet``), run over every verified file.
    """
    say = progress or (lambda _message: None)
    info = conn.info
    audit = ServerAudit(label=info.label, target=info.target, info=info, rules=rules)
    checks = SuiteChecks(info.label)
    if info.extension == "absent":
        for check in ("sep-2640-capability-empty-object", "sep-2640-skills-list-implemented"):
            checks.skip(check, "the server does not declare the skills extension")
        audit.checks = checks.outcomes
        if info.serves_no_skills:
            # Nothing to audit as a skill, and no fault of the era: a note, not a failed audit.
            audit.findings = [finding(audit, "skillscope/no-skills-served", f"{info.label}: {info.no_skills_words()}")]
            return audit
        conn.require_skills()  # raises, with the era hint
    declaration_checks(checks, info)
    if info.extension == "malformed":
        audit.checks, audit.findings = checks.outcomes, checks.findings
        return audit

    say("Listing skills")
    try:
        raw_entries, listing = await collect_listing(conn.list_page, protocol=info.protocol)
    except Exception as exc:
        checks.fail(
            "sep-2640-skills-list-implemented",
            f"skills/list failed: {safe_line(getattr(exc, 'message', str(exc)), limit=300)}",
        )
        checks.fail("sep-2640-capability-commits-to-methods", "skills/list failed")
        audit.checks, audit.findings = checks.outcomes, checks.findings
        raise
    listing = catalog_entries(raw_entries, listing, label=info.label, policy=policy, refusals=conn.own_refusals)
    audit.listing = listing
    if listing.gap is not None:
        listing_incomplete(audit, listing.gap)
    checks.ran("sep-2640-skills-list-implemented")
    listing_checks(checks, listing, info)
    entry_checks(checks, raw_entries, info.label, repeated=listing.duplicate_entries)

    usable = [e for e in listing.entries if e.uri and e.status != "malformed"]
    reader = RecordingReader(conn, {e.uri for e in usable if e.uri})
    audit.skills = [SkillAudit(e) for e in listing.entries]
    # skills/get only re-sends what the listing carries: the first entry is checked, as by the suite.
    get_for = {e.uri for e in usable} if thorough else {e.uri for e in usable[:1]}
    limiter = anyio.Semaphore(max(1, concurrency))
    done = [0]
    total = len(audit.skills)
    resources: list[ListedResource] | None = None

    lost: list[ConnectionFailed] = []  # why the server's side ended mid-audit, if it did

    async def one(skill: SkillAudit) -> None:
        async with limiter:
            await audit_one_skill(conn, reader, audit, checks, skill, policy, verdicts, get=skill.entry.uri in get_for)
            done[0] += 1
            say(f"Audited {done[0]}/{total} skills")

    async def server_wide() -> None:
        try:
            await server_checks()
        except ConnectionFailed as exc:
            if not conn.closed:
                raise
            lost.append(exc)  # the server is gone: the checks not yet run are untestable, said after the reads

    async def server_checks() -> None:
        # Independent of the file reads, so it overlaps them; the manifest checks wait for both.
        nonlocal resources
        if raw_entries:
            await probe_unknown_skill(conn, checks)
        else:
            checks.skip("sep-2640-skills-get-unknown-uri-invalid-params", "the listing is empty")
        resources, gap = await resource_listing(conn)
        if gap is not None:
            listing_incomplete(audit, gap)
        completeness(audit, resources)
        if info.directory_read:
            checks.ran("sep-2640-capability-directory-read-flag")
            await directory_checks(conn, audit, checks, every_skill=thorough, concurrency=concurrency)
        else:
            for check in (*DIRECTORY_CHECKS, WALK_CHECK):
                checks.skip(check, "directoryRead is not declared")
        await probe_not_found(conn, audit, checks)

    say(f"Reading and verifying {total} skills")
    async with anyio.create_task_group() as group:
        group.start_soon(server_wide)
        for skill in audit.skills:
            group.start_soon(one, skill)

    if lost:
        _connection_lost(audit, checks, lost[0])
    if not usable:
        empty_listing_checks(checks)
        checks.skip(GET_CHECK, "the listing has no usable entry")
    elif thorough or len(usable) == 1:
        checks.ran(GET_CHECK)
    else:
        checks.skip(
            GET_CHECK,
            f"skills/get was sent for the first of {len(usable)} entries, as the suite does: the listing "
            "already carries every entry, and a skill that fails verification is fetched again; "
            "--thorough sends it for every entry",
        )
    manifest_checks(audit, checks, reader, resources)
    base_checks(audit, checks)

    audit.checks = dict(sorted(checks.outcomes.items()))
    audit.findings = checks.findings + [f for s in audit.skills for f in s.findings] + audit.findings
    audit.findings.sort(key=lambda f: (-SEVERITY_ORDER[f.severity], f.skill or "", f.uri or "", f.at.line or 0, f.id))
    return audit


def _connection_lost(audit: ServerAudit, checks: SuiteChecks, exc: ConnectionFailed) -> None:
    """Keep an audit whose server ended mid-way when a skill's read names the loss; else it fails as a connection error.

    Each read made after the loss is already 'could not read' (skillscope/read-failed, an error naming the
    file and the lost connection), so the skills read before it keep their findings. The server-wide
    checks that had not run yet are untestable, with why.
    """
    said = any(
        s.report is not None and s.report.failure is not None and s.report.failure.cause == "connection-closed"
        for s in audit.skills
    )
    if not said:
        raise exc
    why = f"the server's connection ended during the audit: {safe_line(exc.message, limit=300)}"
    for check in (*SERVER_WIDE_CHECKS, *DIRECTORY_CHECKS, WALK_CHECK):
        if check not in checks.outcomes:  # one that ran before the loss keeps its outcome
            checks.untestable(check, why)


async def audit_skill(
    conn: Connection, entry: CatalogEntry, policy: Policy, verdicts: Any, *, scan_in: Offload = in_thread
) -> SkillAudit:
    """Audit one skill the way ``audit_server`` audits each: read and verify every file, scan
    the content and the entry's strings, check skills/get and the review state, and name every
    file the server serves under the skill's directory (resources/list, directory reads) that its
    manifest omits.

    Findings of the server-wide conformance checks that concern this skill are included. The
    content scans run through ``scan_in`` (a thread unless the caller gives a child process).
    """
    audit = ServerAudit(label=conn.info.label, target=conn.info.target, info=conn.info)
    checks = SuiteChecks(conn.info.label)
    reader = RecordingReader(conn, {entry.uri} if entry.uri else set())
    skill = SkillAudit(entry)
    await audit_one_skill(conn, reader, audit, checks, skill, policy, verdicts, get=True, scan_in=scan_in)
    if skill.report is not None:
        await skill_coverage(conn, audit, skill)
    skill.findings = [f for f in checks.findings if f.skill == entry.name] + skill.findings
    skill.findings.sort(key=lambda f: (-SEVERITY_ORDER[f.severity], f.uri or "", f.at.line or 0, f.id))
    return skill

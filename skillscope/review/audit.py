"""Audit one server: conformance, entries, integrity, completeness, content and review state."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anyio

from skillscope.catalog.entry import CatalogEntry, Policy
from skillscope.catalog.listing import Listing, catalog_entries, collect_listing
from skillscope.catalog.names import relative_path
from skillscope.errors import MethodError, SkillNotFound
from skillscope.protocol.connection import Connection, ServerInfo
from skillscope.protocol.values import GetResult, ReadResult
from skillscope.review.conformance import (
    SuiteChecks,
    declaration_checks,
    entry_checks,
    get_checks,
    meta_key_problems,
    skill_md_checks,
)
from skillscope.review.content import Hit, scan_bytes_kind, scan_string, scan_text
from skillscope.review.findings import SEVERITY_ORDER, AuditFinding, CheckOutcome, check_info
from skillscope.review.paths import path_hits
from skillscope.spec import MAX_FILES, MAX_TOTAL_BYTES, MODERN, PROBE_URI, SDK_REQUEST_TIMEOUT
from skillscope.textsafe import safe_line
from skillscope.verify.filekind import read_as
from skillscope.verify.opener import SkillReport, open_skill

__all__ = ["SkillAudit", "ServerAudit", "audit_server", "audit_skill", "DEFAULT_CONCURRENCY"]

DEFAULT_CONCURRENCY = 8
_RESOURCE_PAGES = 100
DIRECTORY_CHECKS = (
    "sep-2640-capability-directory-read-flag",
    "sep-2640-directory-read-method-registered",
    "sep-2640-directory-read-result-resources-shape",
    "sep-2640-directory-read-subdir-mimetype",
    "sep-2640-directory-read-invalid-params",
    "sep-2640-directory-read-pagination",
)
_DIRECTORY_ENTRIES = 5000
"""Directory entries looked at per skill; the queue of entries still to look at never holds more."""
_DIRECTORY_READS = 200
"""Directory reads sent per skill when walking its subdirectories."""
TIMEOUT_BREAKER = 3
"""Consecutive read timeouts after which the audit stops reading from a server."""


class _NotRead(Exception):
    """The audit gave up reading from this server; the skill is reported as not read."""


@dataclass
class SkillAudit:
    """One entry's audit: its verdict, what reading it showed, and its review state."""

    entry: CatalogEntry
    report: SkillReport | None = None
    review: Any = None
    findings: list[AuditFinding] = field(default_factory=list)
    file_name: str | None = None
    """The name parsed from the served SKILL.md (for the final-segment check)."""
    not_read: bool = False
    """True when the audit stopped reading from the server before this skill was read."""


@dataclass
class ServerAudit:
    """Everything the audit of one server found."""

    label: str
    target: str
    info: ServerInfo | None = None
    error: str | None = None
    """Why the server could not be audited (connection or protocol error), if it could not."""
    error_exit: int | None = None
    checks: dict[str, CheckOutcome] = field(default_factory=dict)
    skills: list[SkillAudit] = field(default_factory=list)
    findings: list[AuditFinding] = field(default_factory=list)
    listing: Listing | None = None

    def counts(self) -> dict[str, int]:
        """Findings per severity."""
        out = {"error": 0, "warning": 0, "note": 0}
        for finding in self.findings:
            out[finding.severity] += 1
        return out

    def worst(self) -> int:
        """The highest severity found, as an order number (-1 when nothing was found)."""
        return max((SEVERITY_ORDER[f.severity] for f in self.findings), default=-1)


class _RecordingReader:
    """Passes reads through and keeps each SKILL.md read result for the suite's file checks."""

    def __init__(self, conn: Connection, skill_md_uris: set[str]) -> None:
        self._conn = conn
        self._wanted = skill_md_uris
        self.results: dict[str, ReadResult] = {}
        self.errors: dict[str, MethodError] = {}
        self.timeouts_in_a_row = 0
        self.gave_up = False

    async def read_resource(self, uri: str) -> ReadResult:
        if self.gave_up:
            raise _NotRead(uri)
        try:
            result = await self._conn.read_resource(uri)
        except MethodError as exc:
            self.errors[uri] = exc
            # A server that stops answering would otherwise cost timeout × skills: stop after a few in a row.
            self.timeouts_in_a_row = self.timeouts_in_a_row + 1 if exc.code == SDK_REQUEST_TIMEOUT else 0
            self.gave_up = self.gave_up or self.timeouts_in_a_row >= TIMEOUT_BREAKER
            raise
        self.timeouts_in_a_row = 0
        if uri in self._wanted:
            self.results[uri] = result
        return result

    async def get_skill(self, uri: str) -> GetResult:
        return await self._conn.get_skill(uri)


def _finding(audit: ServerAudit, check: str, message: str, *, skill: str | None = None, uri: str | None = None, hit: Hit | None = None) -> AuditFinding:
    info = check_info(check)
    return AuditFinding(
        check, info.severity, info.category, message, audit.label, skill, uri,
        hit.line if hit else None, hit.column if hit else None, hit.excerpt if hit else None,
        hit.end_line if hit else None, hit.end_column if hit else None,
    )


async def audit_server(
    conn: Connection,
    policy: Policy,
    verdicts: Any,
    *,
    concurrency: int = DEFAULT_CONCURRENCY,
    progress: Callable[[str], None] | None = None,
) -> ServerAudit:
    """Audit an attached server. Reading every file is the point: the user asked for it.

    Args:
        conn: the attached server (its skills extension may be missing or malformed).
        policy: host policy for entry verdicts.
        verdicts: replayed ledger verdicts, or None when the ledger is unknown.
        concurrency: how many skills are read at once.
        progress: called with short progress messages.
    """
    say = progress or (lambda _message: None)
    info = conn.info
    audit = ServerAudit(label=info.label, target=info.target, info=info)
    checks = SuiteChecks(info.label)
    if info.extension == "absent":
        for check in ("sep-2640-capability-empty-object", "sep-2640-skills-list-implemented"):
            checks.skip(check, "the server does not declare the skills extension")
        audit.checks = checks.outcomes
        conn.require_skills()  # raises, with the era hint
    declaration_checks(checks, info)
    if info.extension == "malformed":
        audit.checks, audit.findings = checks.outcomes, checks.findings
        return audit

    say("Listing skills")
    try:
        raw_entries, listing = await collect_listing(conn.list_page, protocol=info.protocol)
    except Exception as exc:  # noqa: BLE001 - reported as a failed check, then re-raised
        checks.fail("sep-2640-skills-list-implemented", f"skills/list failed: {safe_line(getattr(exc, 'message', str(exc)), limit=300)}")
        checks.fail("sep-2640-capability-commits-to-methods", "skills/list failed")
        audit.checks, audit.findings = checks.outcomes, checks.findings
        raise
    listing = catalog_entries(raw_entries, listing, label=info.label, policy=policy)
    audit.listing = listing
    checks.ran("sep-2640-skills-list-implemented")
    _listing_checks(checks, listing, info)
    entry_checks(checks, raw_entries, info.label, repeated=listing.duplicate_entries)

    by_uri = {e.uri: e for e in listing.entries if e.uri and e.status != "malformed"}
    skill_md_uris = set(by_uri)
    reader = _RecordingReader(conn, skill_md_uris)
    audit.skills = [SkillAudit(e) for e in listing.entries]
    limiter = anyio.Semaphore(max(1, concurrency))
    done = [0]
    total = len(audit.skills)

    async def one(skill: SkillAudit) -> None:
        async with limiter:
            await _audit_skill(conn, reader, audit, checks, skill, policy, verdicts)
            done[0] += 1
            say(f"Audited {done[0]}/{total} skills")

    say(f"Reading and verifying {total} skills")
    async with anyio.create_task_group() as group:
        for skill in audit.skills:
            group.start_soon(one, skill)

    if not by_uri:
        for check in ("sep-2640-skills-get-implemented", "sep-2640-skills-get-entry-shape", "sep-2640-skills-get-no-cursor",
                      "sep-2640-skills-get-cache-attributes", "sep-2640-skillmd-required", "sep-2640-skillmd-frontmatter",
                      "sep-2640-entry-frontmatter-identical"):
            checks.skip(check, "the listing has no usable entry")
        checks.ran("sep-2640-capability-commits-to-methods")
        checks.untestable("sep-2640-final-segment-equals-name", "no SKILL.md to read (the listing is empty)")
        for check in ("sep-2640-skillmd-mimetype", "sep-2640-skillmd-metadata-name", "sep-2640-skillmd-metadata-description", "sep-2640-meta-prefix"):
            checks.untestable(check, "no SKILL.md to read (the listing is empty)")

    if raw_entries:
        await _probe_unknown_skill(conn, checks)
    else:
        checks.skip("sep-2640-skills-get-unknown-uri-invalid-params", "the listing is empty")
    say("Comparing manifests with resources/list")
    resources = await _resource_listing(conn)
    _manifest_checks(audit, checks, reader, resources)
    _completeness(audit, resources)
    if info.directory_read:
        checks.ran("sep-2640-capability-directory-read-flag")
        say("Reading skill directories")
        await _directory_checks(conn, audit, checks)
    else:
        for check in DIRECTORY_CHECKS:
            checks.skip(check, "directoryRead is not declared")
    await _base_checks(conn, audit, checks)

    audit.checks = dict(sorted(checks.outcomes.items()))
    audit.findings = checks.findings + [f for s in audit.skills for f in s.findings] + audit.findings
    audit.findings.sort(key=lambda f: (-SEVERITY_ORDER[f.severity], f.skill or "", f.uri or "", f.line or 0, f.id))
    return audit


async def audit_skill(conn: Connection, entry: CatalogEntry, policy: Policy, verdicts: Any) -> SkillAudit:
    """Audit one skill the way ``audit_server`` audits each: read and verify every file, scan
    the content and the entry's strings, check skills/get and the review state.

    Findings of the server-wide conformance checks that concern this skill are included.
    """
    audit = ServerAudit(label=conn.info.label, target=conn.info.target, info=conn.info)
    checks = SuiteChecks(conn.info.label)
    reader = _RecordingReader(conn, {entry.uri} if entry.uri else set())
    skill = SkillAudit(entry)
    await _audit_skill(conn, reader, audit, checks, skill, policy, verdicts)
    skill.findings = [f for f in checks.findings if f.skill == entry.name] + skill.findings
    skill.findings.sort(key=lambda f: (-SEVERITY_ORDER[f.severity], f.uri or "", f.line or 0, f.id))
    return skill


def _listing_checks(checks: SuiteChecks, listing: Listing, info: ServerInfo) -> None:
    repeated = listing.stop in ("repeated-cursor", "page-cap") or listing.pages > 50
    why = {"repeated-cursor": "repeated a cursor", "page-cap": f"kept paging past {listing.pages} pages"}.get(listing.stop or "", f"used {listing.pages} pages (more than 50)")
    checks.check("sep-2640-skills-list-pagination", not repeated, f"The listing does not end properly: the server {why}")
    for uri in listing.duplicate_uris:
        checks.fail("sep-2640-skills-list-entry-atomic", f"{safe_line(uri)} appears on more than one page", uri=uri)
    checks.ran("sep-2640-skills-list-entry-atomic")
    if info.protocol == MODERN:
        checks.check("sep-2640-skills-list-cache-attributes", not listing.missing_cache_fields,
                     f"skills/list result lacks {', '.join(listing.missing_cache_fields)}")
    else:
        checks.skip("sep-2640-skills-list-cache-attributes", f"not required on {info.protocol}")


async def _audit_skill(conn: Connection, reader: _RecordingReader, audit: ServerAudit, checks: SuiteChecks, skill: SkillAudit, policy: Policy, verdicts: Any) -> None:
    entry = skill.entry
    name = entry.name
    # Entry verdict and warnings (suite ids are reported by the conformance checks instead).
    if entry.status != "available":
        skill.findings.append(_finding(audit, entry.rule or "SS-E1", f"{name} is {entry.status}: {entry.reason}", skill=name, uri=entry.uri))
    for warning in entry.warnings:
        if not warning.rule.startswith("sep-2640"):
            skill.findings.append(_finding(audit, warning.rule, f"{name}: {warning.message}", skill=name, uri=entry.uri))
    if entry.status == "malformed" or entry.uri is None:
        return
    _scan_strings(audit, skill)
    if entry.dynamic:
        if entry.status == "available":  # allowed by policy; otherwise SS-A1 already says it
            skill.findings.append(_finding(audit, "skillscope/dynamic", f"{name} is dynamic: nothing can be verified or approved", skill=name, uri=entry.uri))
    readable = not entry.dynamic and entry.rule not in ("SS-A2", "SS-A3")  # never read past the limits

    async def get() -> None:
        # skills/get for every listed entry (the suite probes only the first).
        uri = entry.uri or ""
        try:
            got, error = await conn.get_skill(uri), None
        except SkillNotFound as exc:
            got, error = None, exc.message
        except MethodError as exc:
            got, error = None, f"error {exc.code}: {exc.server_message}"
        get_checks(checks, name, uri, conn.info.protocol, got, error)

    async def read() -> None:
        try:
            skill.report = await open_skill(reader, entry, all_files=True, policy=policy)
        except _NotRead:
            skill.not_read = True

    async with anyio.create_task_group() as group:
        group.start_soon(get)
        if readable:
            group.start_soon(read)
    report = skill.report
    if skill.not_read:
        skill.findings.append(_finding(
            audit, "skillscope/not-read",
            f"{name} was not read: the server let {TIMEOUT_BREAKER} reads in a row run into the timeout, so the audit "
            "stopped reading from it", skill=name, uri=entry.uri,
        ))
    if report is None:
        return
    _integrity(audit, skill, report)
    if entry.uri in reader.results:
        skill.file_name = skill_md_checks(checks, name, entry.uri, entry.frontmatter or {}, reader.results[entry.uri],
                                          parsed=report.file_frontmatter)
    if report.failure is None:
        _scan_content(audit, skill, report)
    _limits(audit, skill)
    _review(audit, skill, verdicts)


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
    skill.findings.append(_finding(audit, "skillscope/verification-failed", text, skill=name, uri=failure.uri))
    unread = [f for f in report.files if f.status == "not-read"]
    if unread:
        skill.findings.append(_finding(audit, "skillscope/file-not-read", f"{name}: {len(unread)} file(s) not read after the failure", skill=name, uri=skill.entry.uri))


def _strings_of(value: Any, path: str) -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, dict):
        out = []
        for key, inner in value.items():
            out.extend(_strings_of(str(key), f"{path} key"))
            out.extend(_strings_of(inner, f"{path}.{key}"))
        return out
    if isinstance(value, list):
        return [pair for index, inner in enumerate(value) for pair in _strings_of(inner, f"{path}[{index}]")]
    return []


def _scan_strings(audit: ServerAudit, skill: SkillAudit) -> None:
    entry = skill.entry
    fields = _strings_of(entry.frontmatter or {}, "frontmatter") + [("uri", entry.uri or "")]
    fields += [(f"file name {safe_line(f.path, limit=80)!r}", f.path) for f in entry.files or ()]
    for where, value in fields:
        for hit in scan_string(value):
            skill.findings.append(_finding(audit, hit.id, f"{entry.name}: {hit.message} in {safe_line(where, limit=120)}", skill=entry.name, uri=entry.uri, hit=hit))
    for path, hit in path_hits([f.path for f in entry.files or ()]):
        uri = next((f.uri for f in entry.files or () if f.path == path), entry.uri)
        skill.findings.append(_finding(audit, hit.id, f"{entry.name}: {hit.message}", skill=entry.name, uri=uri, hit=hit))
    allowed = (entry.frontmatter or {}).get("allowed-tools", (entry.frontmatter or {}).get("allowed_tools"))
    if allowed:
        skill.findings.append(_finding(audit, "skillscope/allowed-tools", f"{entry.name} asks for tools: {safe_line(allowed, limit=200)}", skill=entry.name, uri=entry.uri))


def _scan_content(audit: ServerAudit, skill: SkillAudit, report: SkillReport) -> None:
    name = skill.entry.name
    for result in report.files:
        if result.served is None:
            continue
        data = result.served.data
        for hit in scan_bytes_kind(data, result.path):
            skill.findings.append(_finding(audit, hit.id, f"{name}: {safe_line(result.path)}: {hit.message}", skill=name, uri=result.uri, hit=hit))
        read = read_as(data, result.path)
        if read.binary:
            # Every binary's printable strings are scanned too: a URL or a command hides there as well.
            for hit in scan_text(read.text, result.path, markdown=False):
                if hit.id == "skillscope/script":
                    continue
                where = f"string at byte offset 0x{read.strings[hit.line - 1].offset:x}" if hit.line else "strings"
                hit = Hit(hit.id, hit.message, None, None, hit.excerpt)
                skill.findings.append(_finding(audit, hit.id, f"{name}: {safe_line(result.path)}: {where}: {hit.message}", skill=name, uri=result.uri, hit=hit))
            continue
        markdown = result.path.lower().endswith((".md", ".markdown"))
        for hit in scan_text(read.text, result.path, markdown=markdown):
            skill.findings.append(_finding(audit, hit.id, f"{name}: {safe_line(result.path)}: {hit.message}", skill=name, uri=result.uri, hit=hit))


def _limits(audit: ServerAudit, skill: SkillAudit) -> None:
    entry = skill.entry
    count, total = entry.file_count or 0, entry.total_bytes or 0
    if count > MAX_FILES * 0.9 or total > MAX_TOTAL_BYTES * 0.9:
        skill.findings.append(_finding(audit, "skillscope/size-near-limit", f"{entry.name}: {count} files, {total:,} bytes (limits {MAX_FILES} files, 16 MiB)", skill=entry.name, uri=entry.uri))


def _review(audit: ServerAudit, skill: SkillAudit, verdicts: Any) -> None:
    if verdicts is None:
        return
    from skillscope.ledger import review_state

    entry = skill.entry
    state = review_state(verdicts, entry.name, entry.fingerprint, [(f.uri, f.digest, f.size) for f in entry.files or ()])
    skill.review = state
    if state.state == "not-reviewed":
        skill.findings.append(_finding(audit, "skillscope/not-reviewed", f"{entry.name} has no recorded review", skill=entry.name, uri=entry.uri))
    elif state.state == "rejected":
        who = state.record.reviewer if state.record else "a reviewer"
        skill.findings.append(_finding(audit, "skillscope/rejected", f"{entry.name} was rejected by {safe_line(who)}", skill=entry.name, uri=entry.uri))
    elif state.state == "changed-since-approval":
        summary = ", ".join(f"{c.change} {relative_path(entry.directory or '', c.uri)}" for c in state.changes) or "the file list is the same but the fingerprint differs"
        skill.findings.append(_finding(audit, "skillscope/changed-since-approval", f"{entry.name} changed since approval: {safe_line(summary, limit=400)}", skill=entry.name, uri=entry.uri))


async def _probe_unknown_skill(conn: Connection, checks: SuiteChecks) -> None:
    try:
        await conn.request("skills/get", {"uri": PROBE_URI})
    except MethodError as exc:
        checks.check("sep-2640-skills-get-unknown-uri-invalid-params", exc.code == -32602,
                     f"skills/get for an unknown URI answered error {exc.code} instead of -32602", uri=PROBE_URI)
        return
    checks.fail("sep-2640-skills-get-unknown-uri-invalid-params", "skills/get for an unknown URI succeeded instead of answering -32602", uri=PROBE_URI)


async def _resource_listing(conn: Connection) -> list[dict[str, Any]] | None:
    """Every resources/list item (bounded), or None when the server does not list resources."""
    items: list[dict[str, Any]] = []
    cursor: str | None = None
    seen: set[str] = set()
    for _ in range(_RESOURCE_PAGES):
        try:
            result = await conn.request("resources/list", {"cursor": cursor} if cursor else {})
        except MethodError:
            return None if not items else items
        items.extend(r for r in result.get("resources") or [] if isinstance(r, dict))
        cursor = result.get("nextCursor")
        if not isinstance(cursor, str) or not cursor or cursor in seen:
            break
        seen.add(cursor)
    return items


def _manifest_checks(audit: ServerAudit, checks: SuiteChecks, reader: _RecordingReader, resources: list[dict[str, Any]] | None) -> None:
    listed = {r.get("uri"): r for r in resources or []}
    for skill in audit.skills:
        entry = skill.entry
        uri = entry.uri
        if uri is None or uri not in reader.results:
            continue
        where = entry.name
        result = reader.results[uri]
        found = result.item(uri)
        item = found.raw if found is not None else {}
        listed_item = listed.get(uri)
        mime = item.get("mimeType") or (listed_item or {}).get("mimeType")
        checks.check("sep-2640-skillmd-mimetype", mime == "text/markdown", f"{where}: SKILL.md is served as {safe_line(mime)!r}, not text/markdown", skill=where, uri=uri)
        if listed_item is None:
            checks.untestable("sep-2640-skillmd-metadata-name", "SKILL.md is not in resources/list")
            checks.untestable("sep-2640-skillmd-metadata-description", "SKILL.md is not in resources/list")
        else:
            file_front = entry.frontmatter or {}
            checks.check("sep-2640-skillmd-metadata-name", listed_item.get("name") == file_front.get("name"), f"{where}: resources/list names SKILL.md {safe_line(listed_item.get('name'))!r}", skill=where, uri=uri)
            checks.check("sep-2640-skillmd-metadata-description", listed_item.get("description") == file_front.get("description"), f"{where}: resources/list describes SKILL.md differently", skill=where, uri=uri)
        file_name = skill.file_name
        if file_name is not None and entry.parsed is not None:
            checks.check("sep-2640-final-segment-equals-name", entry.parsed.last_segment == file_name, f"{where}: the URI ends in {safe_line(entry.parsed.last_segment)!r} but SKILL.md names {safe_line(file_name)!r}", skill=where, uri=uri)
        elif file_name is None:
            checks.fail("sep-2640-final-segment-equals-name", f"{where}: no name could be read from SKILL.md", skill=where, uri=uri)
        bad = meta_key_problems(item.get("_meta")) + meta_key_problems((listed_item or {}).get("_meta"))
        checks.check("sep-2640-meta-prefix", not bad, f"{where}: _meta keys without a reverse-DNS prefix: {', '.join(map(safe_line, bad))}", skill=where, uri=uri)


def _completeness(audit: ServerAudit, resources: list[dict[str, Any]] | None) -> None:
    if not resources:
        return
    for skill in audit.skills:
        entry = skill.entry
        if entry.files is None or entry.directory is None:
            continue
        listed = {f.uri for f in entry.files}
        prefix = entry.directory + "/"
        for item in resources:
            uri = item.get("uri")
            if isinstance(uri, str) and uri.startswith(prefix) and uri not in listed and item.get("mimeType") != "inode/directory":
                skill.findings.append(_finding(audit, "skillscope/unlisted-file", f"{entry.name}: {safe_line(relative_path(entry.directory, uri))} is served (resources/list) but not in the skill's file list", skill=entry.name, uri=uri))


async def _directory_checks(conn: Connection, audit: ServerAudit, checks: SuiteChecks) -> None:
    any_subdir = False
    tested = False
    for skill in audit.skills:
        entry = skill.entry
        if entry.directory is None or entry.status == "malformed":
            continue
        where = entry.name
        tested = True
        try:
            result = await conn.request("resources/directory/read", {"uri": entry.directory})
        except MethodError as exc:
            message = f"{where}: resources/directory/read answered error {exc.code}"
            # Nothing else about directory reads can succeed when the method itself fails.
            for check in ("sep-2640-directory-read-method-registered", "sep-2640-directory-read-result-resources-shape",
                          "sep-2640-directory-read-invalid-params", "sep-2640-directory-read-pagination"):
                checks.fail(check, message, skill=where, uri=entry.directory)
            continue
        checks.ran("sep-2640-directory-read-method-registered")
        children = result.get("resources")
        shape_ok = isinstance(children, list) and all(isinstance(c, dict) and isinstance(c.get("uri"), str) for c in children)
        checks.check("sep-2640-directory-read-result-resources-shape", shape_ok, f"{where}: directory read result has no resources[] of items with a uri", skill=where, uri=entry.directory)
        if not shape_ok or not isinstance(children, list):
            continue
        if any(c.get("mimeType") == "inode/directory" for c in children):
            any_subdir = True
        cursor = result.get("nextCursor")
        if isinstance(cursor, str) and cursor:
            try:
                more = await conn.request("resources/directory/read", {"uri": entry.directory, "cursor": cursor})
                checks.check("sep-2640-directory-read-pagination", isinstance(more.get("resources"), list), f"{where}: the next directory page has no resources array", skill=where, uri=entry.directory)
            except MethodError as exc:
                checks.fail("sep-2640-directory-read-pagination", f"{where}: following nextCursor answered error {exc.code}", skill=where, uri=entry.directory)
        else:
            checks.ran("sep-2640-directory-read-pagination")
        if entry.uri:
            try:
                await conn.request("resources/directory/read", {"uri": entry.uri})
                checks.fail("sep-2640-directory-read-invalid-params", f"{where}: a directory read of SKILL.md succeeded instead of answering -32602", skill=where, uri=entry.uri)
            except MethodError as exc:
                checks.check("sep-2640-directory-read-invalid-params", exc.code == -32602, f"{where}: a directory read of SKILL.md answered {exc.code}, not -32602", skill=where, uri=entry.uri)
        await _directory_completeness(conn, audit, skill, children)
    if tested and not any_subdir:
        checks.untestable("sep-2640-directory-read-subdir-mimetype", "no skill has a subdirectory")
    elif tested:
        checks.ran("sep-2640-directory-read-subdir-mimetype")


async def _directory_completeness(conn: Connection, audit: ServerAudit, skill: SkillAudit, children: list[dict[str, Any]]) -> None:
    entry = skill.entry
    if entry.files is None or entry.directory is None:
        return
    listed = {f.uri for f in entry.files}
    already = {f.uri for f in skill.findings if f.id == "skillscope/unlisted-file"}
    # Bound the queue, not only the visits: a server answering each read with 1,500 new
    # subdirectories would otherwise fill memory long before the visit limit.
    queue: deque[dict[str, Any]] = deque(children[:_DIRECTORY_ENTRIES])
    seen = reads = 0
    while queue and seen < _DIRECTORY_ENTRIES:
        child = queue.popleft()
        seen += 1
        uri = child.get("uri")
        if not isinstance(uri, str) or not uri.startswith(entry.directory + "/"):
            continue
        if child.get("mimeType") == "inode/directory":
            if reads >= _DIRECTORY_READS:
                continue
            reads += 1
            try:
                result = await conn.request("resources/directory/read", {"uri": uri})
            except MethodError:
                continue
            found = result.get("resources") if isinstance(result, dict) else None
            room = _DIRECTORY_ENTRIES - seen - len(queue)
            if isinstance(found, list) and room > 0:
                queue.extend(c for c in found[:room] if isinstance(c, dict))
        elif uri not in listed and uri not in already:
            skill.findings.append(_finding(audit, "skillscope/unlisted-file", f"{entry.name}: {safe_line(relative_path(entry.directory, uri))} is served (directory read) but not in the skill's file list", skill=entry.name, uri=uri))


async def _base_checks(conn: Connection, audit: ServerAudit, checks: SuiteChecks) -> None:
    first = next((s.entry for s in audit.skills if s.entry.directory), None)
    probe = f"{first.directory}/skillscope-nonexistent-9f3a2b.md" if first else "skill://skillscope-nonexistent-9f3a2b/SKILL.md"
    try:
        result = await conn.read_resource(probe)
    except MethodError as exc:
        code = exc.code
        checks.check("sep-2164-error-code", code == -32602, f"An unknown resource got error {code} instead of -32602" + (" (the old resource-not-found code)" if code == -32002 else ""), uri=probe)
        data = exc.data
        checks.check("sep-2164-data-uri", isinstance(data, dict) and data.get("uri") == probe, "The not-found error does not echo the URI in error.data.uri", uri=probe)
    else:
        contents = result.contents
        checks.check("sep-2164-no-empty-contents", bool(contents), "A read of an unknown resource returned empty contents", uri=probe)
        checks.fail("sep-2164-error-code", "A read of an unknown resource succeeded instead of answering -32602", uri=probe)
    for skill in audit.skills:
        report = skill.report
        if report and report.failure and report.failure.check == "read" and "empty contents" in str(report.failure.actual):
            checks.fail("sep-2164-no-empty-contents", f"{skill.entry.name}: resources/read returned empty contents", skill=skill.entry.name, uri=report.failure.uri)
    checks.ran("sep-2164-no-empty-contents")

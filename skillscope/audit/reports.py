"""Audit reports as data: JSON (a stable schema), SARIF 2.1.0, Markdown, and the rows a text report lists."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal
from urllib.parse import quote, unquote

from skillscope import __version__
from skillscope.audit.capabilities import KIND_TITLES, Capability, grouped
from skillscope.audit.findings import SEVERITY_ORDER, AuditFinding, CheckOutcome, check_info
from skillscope.audit.keys import assign_keys
from skillscope.audit.rule_manifest import load_manifest
from skillscope.audit.run.results import ServerAudit, SkillAudit
from skillscope.core.textsafe import safe_line

__all__ = [
    "JSON_SCHEMA_ID",
    "MARKDOWN_LIMIT",
    "NOTES_HINT",
    "SOURCE_ROOT",
    "NoteGroup",
    "NotesMode",
    "audit_json",
    "audit_markdown",
    "audit_sarif",
    "capability_groups",
    "capability_summary",
    "finding_rows",
    "help_uri",
    "note_groups",
    "skipped_checks",
    "summary",
]

JSON_SCHEMA_ID = "urn:skillscope:schema:audit-report:v1"
"""The ``$id`` of docs/schemas/audit-report.schema.json, which every JSON report names as its ``$schema``.

A URN, not an address: no domain of ours serves the schema; the file in the repository is its home.
"""
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {"error": "error", "warning": "warning", "note": "note"}


def skipped_checks(audit: ServerAudit) -> list[CheckOutcome]:
    """The checks this audit did not run, each with why: every report names them, none drops them silently."""
    return sorted((o for o in audit.checks.values() if o.status == "skip"), key=lambda o: o.id)


def summary(audits: list[ServerAudit]) -> dict[str, int]:
    """Counts over every audited server."""
    out = {
        "servers": len(audits),
        "servers_failed": 0,
        "skills": 0,
        "verified": 0,
        "failed_verification": 0,
        "unreadable": 0,
        "error": 0,
        "warning": 0,
        "note": 0,
        "suppressed": 0,
    }
    for audit in audits:
        out["suppressed"] += len(audit.suppressed)
        out["servers_failed"] += audit.error is not None
        out["skills"] += len(audit.skills)
        for skill in audit.skills:
            if skill.report is not None:
                failure = skill.report.failure
                # A file that could not be read is not a mismatch: counted apart, never as failed verification.
                state = "verified" if failure is None else "unreadable" if failure.unreadable else "failed_verification"
                out[state] += 1
        for severity, count in audit.counts().items():
            out[severity] += count
    return out


NotesMode = Literal["summary", "all"]
"""How a report shows notes: ``summary`` groups them by rule and by host or folder; ``all`` lists every one."""

NOTES_HINT = "--notes all"
"""The option every report names when it left notes out, so the detail is one step away."""


@dataclass(frozen=True)
class NoteGroup:
    """The notes of one rule on one server, counted by host (URLs) or by folder (anything else)."""

    id: str
    title: str
    count: int
    files: int
    by: Literal["host", "path"]
    parts: tuple[tuple[str, int], ...]
    """(host or path pattern such as ``scripts/`` or ``SKILL.md``, how many notes), most first."""

    def words(self, *, top: int = 4) -> str:
        """One line a reviewer reads: ``44 links to 9 hosts (github.com 20, pypi.org 9, … 7 more)``."""
        shown = ", ".join(f"{safe_line(name, limit=80)} {n}" for name, n in self.parts[:top])
        more = f", {len(self.parts) - top} more" if len(self.parts) > top else ""
        if self.by == "host":
            head = f"{self.count} link{'s' * (self.count != 1)} to {len(self.parts)} host{'s' * (len(self.parts) != 1)}"
        elif self.files:
            head = f"{self.count} × {self.title.lower()} in {self.files} file{'s' * (self.files != 1)}"
        else:  # notes about whole skills or tools, not files
            head = f"{self.count} × {self.title.lower()}"
        return f"{head} ({shown}{more})"

    def as_json(self) -> dict[str, Any]:
        """The group in the JSON report's ``notes_summary``."""
        return {
            "id": self.id,
            "title": self.title,
            "count": self.count,
            "files": self.files,
            "by": self.by,
            "groups": [{"name": name, "count": n} for name, n in self.parts],
            "text": self.words(),
        }


def _pattern(finding: AuditFinding, paths: dict[str, str]) -> str:
    """The folder a note is in, as a reviewer groups them: ``scripts/``, ``references/``, or a top-level file's name."""
    if not finding.uri:
        return finding.skill or "(server)"
    path = paths.get(finding.uri) or finding.uri.rstrip("/").rsplit("/", 1)[-1]
    head, slash, _ = path.partition("/")
    return (head + "/" if slash else path) or finding.skill or "(server)"


def note_groups(audit: ServerAudit) -> list[NoteGroup]:
    """The server's notes, one group per rule (most notes first), each counted by host or by folder."""
    paths = {f.uri: f.path for skill in audit.skills for f in skill.entry.files or ()}
    by_rule: dict[str, list[AuditFinding]] = {}
    for finding in audit.findings:
        if finding.severity == "note":
            by_rule.setdefault(finding.id, []).append(finding)
    groups = []
    for rule, found in by_rule.items():
        hosts = all(f.host is not None for f in found)
        names = Counter(f.host or "" for f in found) if hosts else Counter(_pattern(f, paths) for f in found)
        groups.append(
            NoteGroup(
                rule,
                check_info(rule).title,
                len(found),
                len({(f.skill, f.uri) for f in found if f.uri in paths}),
                "host" if hosts else "path",
                tuple(sorted(names.items(), key=lambda item: (-item[1], item[0]))),
            )
        )
    return sorted(groups, key=lambda g: (-g.count, g.id))


def _version() -> str:
    return __version__


def _skill_json(skill: SkillAudit) -> dict[str, Any]:
    entry, report = skill.entry, skill.report
    return {
        **entry.as_json(),
        "verified": None if report is None else report.failure is None,
        "failure": report.failure.as_json() if report and report.failure else None,
        "files": [f.as_json() for f in report.files]
        if report
        else [
            {"uri": f.uri, "path": f.path, "size": f.size, "digest": f.digest, "status": "not-read", "reason": None}
            for f in entry.files or ()
        ],
        "review": skill.review.as_json() if skill.review is not None else None,
        "findings": {sev: sum(1 for f in skill.findings if f.severity == sev) for sev in ("error", "warning", "note")},
        "capabilities": [c.as_json() for c in skill.capabilities],
    }


def audit_json(audits: list[ServerAudit], *, warnings: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """The JSON report: docs/schemas/audit-report.schema.json (``JSON_SCHEMA_ID``) holds its shape.

    ``warnings`` are about the run as a whole, not one server (two attached well-known origins serving
    one skill name with different bytes): each an object with its ``kind`` and ``message``.
    """
    assign_keys(audits)
    return {
        "$schema": JSON_SCHEMA_ID,
        "tool": {"name": "skillscope", "version": _version()},
        "generated": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "servers": [
            {
                "label": audit.label,
                "target": audit.target,
                "server": audit.info.as_json() if audit.info else None,
                "error": audit.error,
                "checks": [
                    {
                        "id": o.id,
                        "status": o.status,
                        "severity": check_info(o.id).severity,
                        "count": o.count,
                        "detail": o.detail,
                    }
                    for o in audit.checks.values()
                ],
                "skills": [_skill_json(s) for s in audit.skills],
                "findings": [f.as_json() for f in audit.findings],
                "suppressed": audit.suppressed,
                "summary": {**audit.counts(), "skills": len(audit.skills)},
                "notes_summary": [g.as_json() for g in note_groups(audit)],
            }
            for audit in audits
        ],
        "summary": summary(audits),
        "warnings": list(warnings),
    }


HELP_ANCHOR = "auditing-a-server"
"""The README heading every rule's ``helpUri`` points at, when the report knows where the README is published."""


def help_uri(docs_url: str | None) -> str | None:
    """The rules' ``helpUri``: our README's audit section at ``docs_url``, or None when no address is known.

    No address is made up: the name ``skillscope`` on the public package index is another project's, so a
    report links only to a README its caller named (the GitHub Action names its own, at the pinned ref);
    without one, every rule still carries its whole help text inline.
    """
    if not docs_url or not docs_url.startswith(("https://", "http://")):
        return None
    return f"{docs_url.split('#', 1)[0]}#{HELP_ANCHOR}"


_DEFAULT_SECURITY_SEVERITY = {"error": "7.0", "warning": "5.0", "note": "1.0"}
_SECURITY_SEVERITY = {
    "skillscope/verification-failed": "8.0",
    "skillscope/risky-shell": "7.0",
    "skillscope/command-directive": "7.0",
    "skillscope/control-sequence": "6.5",
    "skillscope/bidi-control": "6.5",
    "skillscope/tag-characters": "6.5",
    "skillscope/invisible-character": "5.0",
    "skillscope/hidden-markdown": "5.0",
    "skillscope/native-executable": "6.0",
    "skillscope/archive": "4.0",
    "skillscope/unlisted-file": "4.0",
    "skillscope/unlisted-reference": "7.0",
    "skillscope/outside-reference": "4.0",
}


def _artifact_path(finding: AuditFinding) -> str:
    """A relative URI reference standing for the finding's place (code scanning refuses non-file URIs).

    ``skill://docs/x/SKILL.md`` on server ``srv`` becomes ``skillscope/srv/docs/x/SKILL.md``;
    the real URI goes into the logical location. Each segment is decoded once and encoded
    again (RFC 3986: UTF-8, then ``%XX`` for everything but unreserved characters), so a
    space, a ``%`` or a non-ASCII letter yields a valid reference, and ``.``/``..`` are dropped.
    """
    target = finding.uri or "server"
    scheme, sep, rest = target.partition("://")
    path = rest if sep and scheme == "skill" else (f"{scheme}/{rest}" if sep else target)
    segments = [unquote(segment, errors="surrogateescape") for segment in path.split("/")]
    kept = [segment for segment in segments if segment not in ("", ".", "..")]
    encoded = [
        quote(segment.encode("utf-8", errors="surrogateescape"), safe="")
        for segment in ["skillscope", finding.server, *kept]
    ]
    return "/".join(encoded)


SOURCE_ROOT = "%SRCROOT%"
"""The base of a local folder's file paths: the repository root, as code scanning resolves relative paths."""


def _artifact_location(finding: AuditFinding, on_disk: dict[tuple[str, str], str]) -> dict[str, Any]:
    """The file a finding is about: its repository path for a local folder's file, else a synthetic path.

    ``on_disk`` maps (server label, ``skill://`` URI) to a path relative to the repository root, which
    code scanning matches against the pull request's files; it is percent-encoded segment by segment.
    """
    path = on_disk.get((finding.server, finding.uri or ""))
    if path is None:
        return {"uri": _artifact_path(finding)}
    encoded = "/".join(quote(part.encode("utf-8", errors="surrogateescape"), safe="") for part in path.split("/"))
    return {"uri": encoded, "uriBaseId": SOURCE_ROOT}


def _region(finding: AuditFinding) -> dict[str, Any]:
    """Where in the file: start, and the end when the scanner knows it."""
    at = finding.at
    region: dict[str, Any] = {"startLine": at.line or 1}
    if at.column is not None:
        region["startColumn"] = at.column
    if at.line is not None and at.end_line is not None and at.end_column is not None:
        region["endLine"] = at.end_line
        region["endColumn"] = max(at.end_column, (at.column or 1) + 1) if at.end_line == at.line else at.end_column
    if at.excerpt:
        region["snippet"] = {"text": at.excerpt}
    return region


def _category_id(category: str | None) -> str:
    """``runs[].automationDetails.id``: code scanning keeps one analysis per category (the part before the last '/')."""
    if not category:
        return "skillscope/audit/"
    return category if category.endswith("/") else category + "/"


def audit_sarif(
    audits: list[ServerAudit],
    *,
    category: str | None = None,
    docs_url: str | None = None,
    notes: NotesMode = "summary",
) -> dict[str, Any]:
    """A SARIF 2.1.0 log for code scanning: every rule of the manifest with its help and tags, stable fingerprints.

    The driver declares each rule of skillscope/audit/rules.yaml (tagged with its family and OWASP ids, e.g.
    ``owasp-ast:AST01``), then any other id a finding carries (a user rule, a scanner's); ``ruleIndex`` points there.

    Each result's physical location is a relative path: the file's path in the repository for a
    local folder (``ServerAudit.artifact_paths``), else one standing for the skill file; its
    ``skill://`` URI is the logical location's fully qualified name and a result property.
    ``category`` tells apart the analyses of several servers uploaded to one repository;
    ``docs_url``, the published README, gives the rules a ``helpUri`` (see ``help_uri``).

    Note-level results are carried only with ``notes="all"``: a thousand URL notes bury the error a code
    scanning reviewer must see. Otherwise the run's properties say how many were left out, by rule, and how
    to include them.
    """
    link = help_uri(docs_url)
    assign_keys(audits)
    every = [f for audit in audits for f in audit.findings]
    findings = every if notes == "all" else [f for f in every if f.severity != "note"]
    left_out = len(every) - len(findings)
    on_disk = {(a.label, uri): path for a in audits for uri, path in a.artifact_paths.items()}
    # Every rule of the manifest is declared, emitted or not, so a viewer can list what was checked; ids the
    # manifest does not hold (user/..., scanner/...) follow, for the findings that carry them.
    catalogue = load_manifest().by_id()
    rule_ids = [*catalogue, *sorted({f.id for f in findings} - catalogue.keys())]
    index = {rule: i for i, rule in enumerate(rule_ids)}
    rules = []
    for rule in rule_ids:
        info = check_info(rule)
        entry = catalogue.get(rule)
        properties: dict[str, Any] = {
            "category": info.category,
            "tags": ["security", "mcp-skills", info.category, *(entry.tags() if entry else ())],
            "precision": "very-high" if info.category in ("conformance", "entry", "integrity") else "high",
        }
        properties["security-severity"] = _SECURITY_SEVERITY.get(rule, _DEFAULT_SECURITY_SEVERITY[info.severity])
        rules.append(
            {
                "id": rule,
                "name": "".join(part.capitalize() for part in rule.replace("/", "-").replace(".", "-").split("-")),
                "shortDescription": {"text": info.title},
                "fullDescription": {"text": info.help},
                "help": {"text": info.help, "markdown": f"**{info.title}**\n\n{info.help}"},
                **({"helpUri": link} if link else {}),
                "defaultConfiguration": {"level": _LEVEL[info.severity]},
                "properties": properties,
            }
        )
    results = []
    for finding in findings:
        digest = finding.key or ""
        location: dict[str, Any] = {
            "physicalLocation": {
                "artifactLocation": _artifact_location(finding, on_disk),
                "region": _region(finding),
            },
            "logicalLocations": [
                {
                    "name": safe_line(finding.skill or finding.server, limit=300),
                    "fullyQualifiedName": safe_line(finding.uri or finding.server, limit=1000),
                    "kind": "resource",
                }
            ],
        }
        results.append(
            {
                "ruleId": finding.id,
                "ruleIndex": index[finding.id],
                "level": _LEVEL[finding.severity],
                "message": {"text": safe_line(finding.message, limit=2000)},
                "locations": [location],
                "partialFingerprints": {"primaryLocationLineHash": f"{digest[:16]}:1", "skillscopeFinding/v2": digest},
                "properties": {
                    "server": finding.server,
                    "category": finding.category,
                    "skill": finding.skill,
                    "skillUri": safe_line(finding.uri, limit=1000) if finding.uri else None,
                },
            }
        )
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "skillscope",
                        "version": _version(),
                        "semanticVersion": _version(),
                        **({"informationUri": link.split("#", 1)[0]} if link else {}),
                        "rules": rules,
                    }
                },
                "automationDetails": {"id": _category_id(category)},
                **(
                    {
                        "originalUriBaseIds": {
                            SOURCE_ROOT: {
                                "description": {
                                    "text": "The root of the git work tree holding the audited folder, "
                                    "else the folder skillscope ran in."
                                }
                            }
                        }
                    }
                    if on_disk
                    else {}
                ),
                "results": results,
                "invocations": [
                    {
                        "executionSuccessful": all(a.error is None for a in audits),
                        "toolExecutionNotifications": [
                            {"level": "error", "message": {"text": safe_line(f"{a.label}: {a.error}", limit=2000)}}
                            for a in audits
                            if a.error
                        ]
                        + [
                            {
                                "level": "note",
                                "descriptor": {"id": o.id},
                                "message": {"text": safe_line(f"{a.label}: skipped {o.id}: {o.detail}", limit=2000)},
                            }
                            for a in audits
                            for o in skipped_checks(a)
                        ],
                    }
                ],
                "properties": {
                    "servers": [{"label": a.label, "target": safe_line(a.target, limit=500)} for a in audits],
                    **(
                        {
                            "notesLeftOut": left_out,
                            "notesLeftOutText": f"{left_out} note-level result(s) not included; "
                            f"skillscope audit --format sarif {NOTES_HINT} includes them",
                            "notesSummary": [f"{a.label}: {g.id}: {g.words()}" for a in audits for g in note_groups(a)],
                        }
                        if left_out
                        else {}
                    ),
                },
            }
        ],
    }


MARKDOWN_LIMIT = 60_000
"""Characters a Markdown report may hold (a GitHub comment takes 65,536): past it the report is shortened
finding by finding, never cut inside one, and says what it left out."""

_TABLE_ROWS_SHORT = 100
"""Skills a shortened Markdown report lists per server (their counts; the JSON has every one)."""


def _md(text: object) -> str:
    """skillscope's own text for Markdown: Markdown and HTML syntax, entities and @mentions escaped."""
    value = safe_line(text, limit=300)
    for ch in "\\`*_{}[]()<>#+!|~&@":
        value = value.replace(ch, "\\" + ch)
    return value


def _code(text: object, *, limit: int = 300, cell: bool = False) -> str:
    """Server text as a code span its own backticks cannot close: no mention, entity, link or HTML inside renders.

    ``cell``: inside a table row, where a bare ``|`` would end the cell even in a code span.
    """
    value = safe_line(text, limit=limit)
    longest = max((len(run) for run in re.findall("`+", value)), default=0)
    fence = "`" * (longest + 1)
    if cell:
        value = value.replace("|", "\\|")
    return f"{fence} {value} {fence}"


def _finding_block(finding: AuditFinding) -> str:
    """One finding in full, as Markdown lines: what, where, and the excerpt."""
    where = f" — {_code(finding.uri)}" if finding.uri else ""
    if finding.at.line:
        where += f" line {finding.at.line}" + (f", column {finding.at.column}" if finding.at.column else "")
    block = f"- {_code(finding.id, limit=80)}{where}: {_code(finding.message, limit=500)}\n"
    if finding.at.excerpt:
        block += f"  - excerpt: {_code(finding.at.excerpt)}\n"
    return block


def _markdown_head(audits: list[ServerAudit]) -> str:
    total = summary(audits)
    return (
        "# skillscope audit\n\n"
        f"{total['servers']} server(s), {total['skills']} skill(s): {total['verified']} verified, "
        f"{total['failed_verification']} failed verification"
        + (f", {total['unreadable']} could not be read" if total["unreadable"] else "")
        + f". Findings: **{total['error']} error(s)**, "
        f"{total['warning']} warning(s), {total['note']} note(s)."
        + (f" Suppressed by review: {total['suppressed']}." if total["suppressed"] else "")
        + "\n\n"
    )


def _markdown_server(audit: ServerAudit, *, table_rows: int | None) -> str:
    """A server's heading, its skills' counts (at most ``table_rows`` of them) and its conformance lines."""
    lines = [f"## {_code(audit.label)}", "", f"Target: {_code(audit.target)}"]
    if audit.info:
        lines.append(f"Protocol: {_code(audit.info.protocol, limit=40)} · extension: {audit.info.extension}")
    if audit.error:
        return "\n".join([*lines, "", f"**Could not audit:** {_code(audit.error, limit=500)}", "", ""])
    lines += ["", "| Skill | Status | Verified | Review | Findings |", "|---|---|---|---|---|"]
    skills = audit.skills if table_rows is None else audit.skills[:table_rows]
    for skill in skills:
        verified = "—" if skill.report is None else ("yes" if skill.report.failure is None else "**NO**")
        review = _md(skill.review.label) if skill.review is not None else "—"
        counts = ", ".join(
            f"{n} {sev}"
            for sev in ("error", "warning", "note")
            if (n := sum(f.severity == sev for f in skill.findings))
        )
        lines.append(
            f"| {_code(skill.entry.name, cell=True)} | {skill.entry.status} | {verified} | {review} | {counts or 'none'} |"
        )
    if len(skills) < len(audit.skills):
        lines += [
            "",
            f"{len(audit.skills) - len(skills)} more skill(s) not listed here; the JSON report lists every one.",
        ]
    checks = audit.check_counts()
    untestable = [o for o in audit.checks.values() if o.status == "untestable"]
    lines += [
        "",
        f"Conformance: {checks['passed']} passed, {checks['failed']} failed, "
        f"{checks['untestable']} untestable, {checks['skipped']} skipped.",
    ]
    if untestable:
        lines += ["", "Untestable (not defects): " + ", ".join(f"`{o.id}` ({_code(o.detail)})" for o in untestable)]
    if skipped := skipped_checks(audit):
        lines += ["", "Skipped (not run): " + ", ".join(f"`{o.id}` ({_code(o.detail)})" for o in skipped)]
    return "\n".join(lines) + "\n"


def _markdown_notes(audit: ServerAudit) -> str:
    """The server's notes summarised: one line per rule, by host or folder, and how to list them."""
    groups = note_groups(audit)
    if not groups:
        return ""
    count = sum(g.count for g in groups)
    lines = [
        "",
        f"### Notes ({count}, summarised, not listed)",
        "",
        *(f"- {_code(g.id, limit=80)}: {_code(g.words())}" for g in groups),
        "",
        f"{count} note(s) left out of this report: `skillscope audit … --format markdown {NOTES_HINT}` lists them, "
        "and the JSON report (`--format json`) always holds every finding.",
    ]
    return "\n".join(lines) + "\n"


def _render_markdown(
    audits: list[ServerAudit], shown: dict[int, list[AuditFinding]], notes: NotesMode, *, table_rows: int | None
) -> str:
    parts = [_markdown_head(audits)]
    for i, audit in enumerate(audits):
        parts.append(_markdown_server(audit, table_rows=table_rows))
        if audit.error:
            continue
        for severity in ("error", "warning", "note"):
            group = [f for f in shown[i] if f.severity == severity]
            total = sum(f.severity == severity for f in audit.findings)
            if not group:
                continue
            more = f" — {len(group)} shown" if len(group) < total else ""
            parts.append(f"\n### {severity.capitalize()}s ({total}{more})\n\n" + "".join(map(_finding_block, group)))
        if notes == "summary":
            parts.append(_markdown_notes(audit))
        parts.append("\n")
    return "".join(parts)


def audit_markdown(audits: list[ServerAudit], *, notes: NotesMode = "summary", limit: int = MARKDOWN_LIMIT) -> str:
    """A report a person reads in a pull request: errors and warnings in full, notes summarised.

    ``notes="all"`` lists every note too. A report longer than ``limit`` characters is shortened, never
    cut inside a finding: each server's skill counts, then as many whole findings as fit, worst first
    (every error before any warning, every warning before any note), and a closing line saying how many
    of each were left out and where to see them.
    """
    listed = {
        i: [f for f in audit.findings if notes == "all" or f.severity != "note"] for i, audit in enumerate(audits)
    }
    report = _render_markdown(audits, listed, notes, table_rows=None)
    if len(report) <= limit:
        return report
    frame = _render_markdown(audits, {i: [] for i in listed}, notes, table_rows=_TABLE_ROWS_SHORT)
    closing_room = 600
    budget = limit - len(frame) - closing_room - 200 * len(audits)  # 200: each server's severity headings
    shown: dict[int, list[AuditFinding]] = {i: [] for i in listed}
    for severity in ("error", "warning", "note"):
        for i, found in listed.items():
            for finding in found:
                if finding.severity != severity:
                    continue
                size = len(_finding_block(finding))
                if size > budget:
                    budget = -1  # whole findings only, and in order: nothing after the first that does not fit
                    break
                budget -= size
                shown[i].append(finding)
    left = Counter(f.severity for found in listed.values() for f in found)
    left.subtract(f.severity for found in shown.values() for f in found)
    words = ", ".join(f"{left[sev]} {sev}(s)" for sev in ("error", "warning", "note") if left[sev])
    closing = (
        f"\n---\n\n**Shortened to fit {limit:,} characters:** {sum(len(v) for v in shown.values())} of "
        f"{sum(len(v) for v in listed.values())} findings are shown in full; left out: {words}. "
        "`skillscope audit … --format json` holds every finding, and the text report "
        "(`skillscope audit …`) lists every error and warning.\n"
    )
    return _render_markdown(audits, shown, notes, table_rows=_TABLE_ROWS_SHORT) + closing


def finding_rows(
    findings: list[AuditFinding], min_severity: str, *, by_host: bool = True
) -> list[tuple[AuditFinding, str, str]]:
    """The findings a text report lists, worst first: (finding, where, message), plain strings made safe.

    Findings below ``min_severity`` are left out (the counts still hold them), and with ``by_host`` URL
    notes collapse to one row per distinct host, saying how many URLs and files point there.
    """
    floor = SEVERITY_ORDER[min_severity]
    rows: list[tuple[AuditFinding, str, str]] = []
    hosts: dict[str, list[AuditFinding]] = {}
    for finding in findings:
        if SEVERITY_ORDER[finding.severity] < floor:
            continue
        if by_host and finding.id == "skillscope/url" and finding.host is not None:
            hosts.setdefault(finding.host, []).append(finding)
            continue
        where = safe_line(finding.uri or finding.skill or "server", limit=200)
        if finding.at.line:
            where += f":{finding.at.line}" + (f":{finding.at.column}" if finding.at.column else "")
        rows.append((finding, where, safe_line(finding.message, limit=400)))
    for host, group in hosts.items():
        first = group[0]
        files = len({f.uri for f in group})
        where = safe_line(first.uri or first.skill or "server", limit=200) + (
            f" (+{files - 1} more files)" if files > 1 else ""
        )
        rows.append((first, where, f"{len(group)} URL(s) to {safe_line(host, limit=120)} in {files} file(s)"))
    rows.sort(key=lambda row: -SEVERITY_ORDER[row[0].severity])
    return rows


def capability_groups(capabilities: list[Capability]) -> list[tuple[str, list[tuple[str, str]]]]:
    """The capabilities as every view lists them: (kind's words, [(target, where)]), kinds in reading order.

    Each target once, with its first evidence as ``path:line``; the words are ``KIND_TITLES``'
    (``sends to``, ``grants``). Everything is made safe for one line: targets come from server files.
    """
    out: list[tuple[str, list[tuple[str, str]]]] = []
    for kind, caps in grouped(capabilities).items():
        rows = []
        for cap in caps:
            where = safe_line(cap.path, limit=120) + (f":{cap.line}" if cap.line else "")
            rows.append((safe_line(cap.target, limit=160), where))
        out.append((KIND_TITLES[kind], rows))
    return out


def capability_summary(capabilities: list[Capability]) -> str:
    """The capabilities in one line for a report: ``sends to collect.example · grants Bash(*), Read``."""
    return " · ".join(
        f"{title} {', '.join(target for target, _ in rows)}" for title, rows in capability_groups(capabilities)
    )

"""What an audit holds: per-skill and per-server results, the recording reader, the finding builder."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skillscope.audit.capabilities import Capability
from skillscope.audit.findings import (
    SEVERITY_ORDER,
    AuditFinding,
    CheckOutcome,
    Hit,
    placed,
    severity_counts,
)
from skillscope.catalog.entry import CatalogEntry
from skillscope.catalog.listing import Listing
from skillscope.core.errors import MethodError
from skillscope.core.spec import SDK_REQUEST_TIMEOUT
from skillscope.protocol.connection import Connection, ServerInfo
from skillscope.protocol.values import GetResult, ReadResult
from skillscope.verify.opener import SkillReport

__all__ = [
    "DEFAULT_CONCURRENCY",
    "TIMEOUT_BREAKER",
    "NotRead",
    "RecordingReader",
    "ServerAudit",
    "SkillAudit",
    "finding",
    "listing_incomplete",
]

DEFAULT_CONCURRENCY = 8
TIMEOUT_BREAKER = 3
"""Consecutive read timeouts after which the audit stops reading from a server."""


class NotRead(Exception):
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
    capabilities: list[Capability] = field(default_factory=list)
    """What the verified files can do (``analyse_skill``), each with its evidence; empty when nothing was read."""


@dataclass
class ServerAudit:
    """Everything the audit of one server found."""

    label: str
    target: str
    info: ServerInfo | None = None
    error: str | None = None
    """Why the server could not be audited (connection or protocol error), if it could not."""
    checks: dict[str, CheckOutcome] = field(default_factory=dict)
    skills: list[SkillAudit] = field(default_factory=list)
    findings: list[AuditFinding] = field(default_factory=list)
    listing: Listing | None = None
    suppressed: list[dict[str, Any]] = field(default_factory=list)
    """Findings a trusted local suppression left out of the report and the gate, each with why (JSON-ready)."""
    rules: Any = None
    """The user's own rules (a ``custom_rules.RuleSet``) run over every verified file, if any were given."""
    unread: list[str] = field(default_factory=list)
    """Each listing not read to its end, as the sentence naming it: no gate may call such a server all approved."""
    artifact_paths: dict[str, str] = field(default_factory=dict)
    """For a local folder: each listed file's ``skill://`` URI and its path relative to the repository root."""

    def counts(self) -> dict[str, int]:
        """Findings per severity."""
        return severity_counts(self.findings)

    def check_counts(self) -> dict[str, int]:
        """Conformance checks by outcome: passed, failed (a warning-level failure counts), untestable, skipped."""
        out = {"passed": 0, "failed": 0, "untestable": 0, "skipped": 0}
        for outcome in self.checks.values():
            out[
                {
                    "pass": "passed",
                    "fail": "failed",
                    "warning": "failed",
                    "untestable": "untestable",
                    "skip": "skipped",
                }[outcome.status]
            ] += 1
        return out

    def worst(self) -> int:
        """The highest severity found, as an order number (-1 when nothing was found)."""
        return max((SEVERITY_ORDER[f.severity] for f in self.findings), default=-1)


class RecordingReader:
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
            raise NotRead(uri)
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


def listing_incomplete(audit: ServerAudit, gap: str, *, skill: SkillAudit | None = None) -> None:
    """Record a listing the audit could not read to its end: an error finding (the skill's, when one is given).

    ``gap`` is the walk's own sentence (server text in it already made safe). It is also kept in
    ``audit.unread``, which no policy or suppression touches, for ``--require-approved``.
    """
    audit.unread.append(gap)
    name = skill.entry.name if skill is not None else None
    found = finding(audit, "skillscope/listing-incomplete", gap, skill=name)
    (skill.findings if skill is not None else audit.findings).append(found)


def finding(
    audit: ServerAudit, check: str | Hit, message: str, *, skill: str | None = None, uri: str | None = None
) -> AuditFinding:
    """A finding on this server, placed at a skill and a file: of a check by its id, or of a hit (with its line)."""
    return placed(Hit(check, message) if isinstance(check, str) else check, audit.label, skill, uri, message=message)

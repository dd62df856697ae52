"""What an audit does with its results: the recording reader, the finding builder (the results are ``values``)."""

from __future__ import annotations

from skillscope.audit.findings import AuditFinding, Hit, placed
from skillscope.audit.values import ServerAudit as ServerAudit
from skillscope.audit.values import SkillAudit as SkillAudit
from skillscope.core.errors import MethodError
from skillscope.core.spec import SDK_REQUEST_TIMEOUT
from skillscope.protocol.connection import Connection
from skillscope.protocol.values import GetResult, ReadResult

__all__ = [
    "DEFAULT_CONCURRENCY",
    "TIMEOUT_BREAKER",
    "NotRead",
    "RecordingReader",
    "finding",
    "listing_incomplete",
]

DEFAULT_CONCURRENCY = 8
TIMEOUT_BREAKER = 3
"""Consecutive read timeouts after which the audit stops reading from a server."""


class NotRead(Exception):
    """The audit gave up reading from this server; the skill is reported as not read."""


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

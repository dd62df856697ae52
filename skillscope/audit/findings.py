"""Audit findings, the checks that produce them, and their severities."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from skillscope.audit import rule_manifest
from skillscope.audit.behavior.rules import family_of
from skillscope.audit.rule_manifest import load_manifest
from skillscope.audit.values import SEVERITY_ORDER as SEVERITY_ORDER

__all__ = [
    "Severity",
    "Category",
    "CheckInfo",
    "TextSpan",
    "NOWHERE",
    "Hit",
    "AuditFinding",
    "placed",
    "CheckOutcome",
    "CHECKS",
    "check_info",
    "effective_severity",
    "severity_counts",
]

Severity = rule_manifest.Severity
Category = rule_manifest.Category


@dataclass(frozen=True)
class CheckInfo:
    """One kind of finding: its id, default severity and the help a reader gets."""

    id: str
    severity: Severity
    category: Category
    title: str
    help: str


@dataclass(frozen=True)
class TextSpan:
    """Where in a text a check matched: 1-based line and column, where the match ends, and the text around it.

    Every field may be missing: a match in a binary keeps its excerpt but has no line.
    """

    line: int | None = None
    column: int | None = None
    excerpt: str | None = None
    """The text around the match, with hidden characters made visible."""
    end_line: int | None = None
    end_column: int | None = None
    """The column just after the match's last character."""
    lines_digest: str | None = None
    """SHA-256 of the whole text of every line the match covers or its message names: what a finding's key binds."""


NOWHERE = TextSpan()
"""The span of a match that is in no text (a file's kind, a path, a whole skill)."""


@dataclass(frozen=True)
class Hit:
    """A check that matched, before the audit places it at a server, skill and file.

    Every producer (the text scan, the path checks, the behaviour engine, user rules, the
    surface audit) gives these, and ``placed`` turns one into the report's ``AuditFinding``.
    """

    id: str
    message: str
    at: TextSpan = NOWHERE
    severity: Severity | None = None
    """A severity other than the check's default (a documented installer in a README is only a warning)."""
    host: str | None = None
    """For a URL, the host it points at, as written (the text report groups URL notes by it)."""
    family: str | None = None
    """The family a user rule declares for itself (built-in ids carry theirs in the id)."""


@dataclass(frozen=True)
class AuditFinding:
    """A problem found at a place: server, skill and file, and where in the file's text (``at``)."""

    id: str
    severity: Severity
    category: Category
    message: str
    server: str = ""
    skill: str | None = None
    uri: str | None = None
    at: TextSpan = NOWHERE
    host: str | None = None
    """For a URL finding, the host the URL points at, as written (the text report groups by it)."""
    family: str | None = None
    """The family a user rule declares; a built-in finding's is read from its id."""
    key: str | None = None
    """The finding's stable identity (``audit.keys.assign_keys``): what a suppression names."""

    def as_json(self) -> dict[str, Any]:
        """The finding in the JSON report."""
        return {
            "id": self.id,
            "severity": self.severity,
            "category": self.category,
            "message": self.message,
            "skill": self.skill,
            "uri": self.uri,
            "line": self.at.line,
            "column": self.at.column,
            "excerpt": self.at.excerpt,
            "family": self.family or family_of(self.id),
            "key": self.key,
        }


def placed(
    hit: Hit, server: str, skill: str | None = None, uri: str | None = None, *, message: str | None = None
) -> AuditFinding:
    """The finding ``hit`` makes at a place: the check's category, the hit's own severity or else the check's.

    ``message`` is what the report says (the hit's message with where it is, usually); the hit's own by default.
    """
    info = check_info(hit.id)
    return AuditFinding(
        hit.id,
        hit.severity or info.severity,
        info.category,
        hit.message if message is None else message,
        server,
        skill,
        uri,
        hit.at,
        hit.host,
        hit.family,
    )


@dataclass
class CheckOutcome:
    """How one conformance check came out over the whole server, as the suite reports it."""

    id: str
    status: Literal["pass", "fail", "warning", "skip", "untestable"]
    detail: str = ""
    count: int = 0
    entries: list[str] = field(default_factory=list)


CHECKS: dict[str, CheckInfo] = {
    rule.id: CheckInfo(rule.id, rule.severity, rule.category, rule.title, rule.help) for rule in load_manifest().rules
}
"""Every built-in finding id (conformance, entry, integrity, content, review and behaviour rules), from rules.yaml."""


def check_info(check_id: str) -> CheckInfo:
    """The registry entry for ``check_id``: the manifest's, else one made for an id users or scanners bring."""
    if check_id in CHECKS:
        return CHECKS[check_id]
    if check_id.startswith("user/"):
        # The rule's own severity is on each finding; the registry only needs a title and help for reports.
        return CheckInfo(
            check_id,
            "warning",
            "content",
            f"User rule {check_id[5:]}",
            "A rule from a file given with audit --rules (YARA or YAML pattern rules); its message says what it matched.",
        )
    if check_id.startswith("scanner/"):
        # scanner/<tool>/<rule> is a result of an audit --scanner; scanner/<tool> alone says the scanner itself failed.
        return CheckInfo(
            check_id,
            "warning",
            "content",
            f"Scanner {check_id[8:]}",
            "A finding of a scanner given with audit --scanner, read from the SARIF it printed; its message says what it found.",
        )
    # Every id skillscope emits is in the manifest (tests/audit/test_manifest.py holds the code to it).
    return CheckInfo(check_id, "note", "content", check_id, check_id)


def effective_severity(hit: Hit) -> Severity:
    """The severity ``hit`` is reported at: its own, else its check's default."""
    return hit.severity or check_info(hit.id).severity


def severity_counts(findings: Iterable[AuditFinding]) -> dict[str, int]:
    """How many findings of each severity (every severity present, zero when none)."""
    out = {"error": 0, "warning": 0, "note": 0}
    for finding in findings:
        out[finding.severity] += 1
    return out

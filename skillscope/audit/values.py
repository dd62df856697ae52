"""The audit's plain values that the front ends hold: what a skill can do, and what the audit of a server and of
each of its skills found.

No behaviour and no I/O: the analysers and ``run/`` fill these in, ``capabilities.py`` and ``reports.py`` compare,
group and word them, and the CLI and the TUI may import them (the door contract in pyproject.toml) while the rest
of the audit stays behind service/.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    from skillscope.audit.findings import AuditFinding, CheckOutcome
    from skillscope.catalog.entry import CatalogEntry
    from skillscope.catalog.listing import Listing
    from skillscope.protocol.info import ServerInfo
    from skillscope.verify.opener import SkillReport

__all__ = [
    "KINDS",
    "KIND_TITLES",
    "SEVERITY_ORDER",
    "Capability",
    "CapabilityKind",
    "ServerAudit",
    "SkillAudit",
]

SEVERITY_ORDER = {"note": 0, "warning": 1, "error": 2}
"""A severity's rank, for sorting and thresholds: the higher, the graver."""

CapabilityKind = Literal["executes", "sends", "reads", "writes", "installs", "destroys", "grants", "tells"]
KINDS: tuple[CapabilityKind, ...] = get_args(CapabilityKind)
"""The kinds in the order a reviewer reads them."""

KIND_TITLES: Mapping[CapabilityKind, str] = {
    "executes": "runs",
    "sends": "sends to",
    "reads": "reads",
    "writes": "writes",
    "installs": "installs",
    "destroys": "destroys",
    "grants": "grants",
    "tells": "tells the agent",
}
"""The words every front end uses for a kind (the overview's group headings, the delta's sentences)."""


@dataclass(frozen=True, order=True)
class Capability:
    """One act a skill's files make possible, where the evidence is, and what it acts on."""

    kind: CapabilityKind
    target: str
    """What the act is on, normalised so versions compare: a host (``collect.example``), a path with ``~`` for
    home (``~/.bashrc``), a command name (``kubectl``), a grant (``Bash(*)``), a package (``requests``), or for
    ``tells`` a short phrase of the instruction (``hide actions from the user``). ``?`` when not resolvable."""
    path: str
    """The skill file the evidence is in."""
    line: int | None = None
    """1-based line of the evidence in ``path`` (None in a binary's strings)."""
    detail: str = ""
    """One phrase on how, in the audit's words (``POST of ~/.aws/credentials``, ``from a pipe into bash``)."""

    @property
    def key(self) -> str:
        """What an approval pins and a delta compares: the kind and the target, not where it is written."""
        return f"{self.kind}:{self.target}"

    def sentence(self) -> str:
        """The capability as a reviewer reads it: ``sends to collect.example (scripts/x.py line 12)``."""
        where = f"{self.path} line {self.line}" if self.line else self.path
        how = f", {self.detail}" if self.detail else ""
        return f"{KIND_TITLES[self.kind]} {self.target}{how} ({where})"

    def as_json(self) -> dict[str, object]:
        """The capability in the JSON report."""
        return {
            "kind": self.kind,
            "target": self.target,
            "path": self.path,
            "line": self.line,
            "detail": self.detail,
        }


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
        """Findings per severity (every severity present, zero when none)."""
        out = dict.fromkeys(sorted(SEVERITY_ORDER, key=SEVERITY_ORDER.__getitem__, reverse=True), 0)
        for finding in self.findings:
            out[finding.severity] += 1
        return out

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

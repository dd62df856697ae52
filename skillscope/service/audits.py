"""Auditing for any front end: a whole attached server, one verified skill's contents, a surface item's texts, and
the user's own rules and policy over the findings.

The front ends call these and never the analysers, so what an audit reads, and which rules and policy apply to
it, is decided here once for the CLI and the TUI alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillscope.audit.capabilities import grouped
from skillscope.audit.custom_rules import RuleSet, load_rules
from skillscope.audit.paths import path_hits
from skillscope.audit.rule_policy import RulePolicy, apply_policy, load_policy
from skillscope.audit.run.integrity import ContentScan, content_findings
from skillscope.audit.run.scans import skill_capabilities
from skillscope.audit.run.server import audit_server
from skillscope.audit.surface_audit import item_findings
from skillscope.audit.values import ServerAudit

if TYPE_CHECKING:
    from skillscope.audit.findings import AuditFinding
    from skillscope.audit.values import Capability, CapabilityKind
    from skillscope.catalog.entry import CatalogEntry, Policy
    from skillscope.catalog.surface import SurfaceItem
    from skillscope.protocol.connection import Connection
    from skillscope.protocol.info import ServerInfo
    from skillscope.verify.opener import SkillReport

__all__ = [
    "apply_user_policy",
    "audit_attached",
    "capabilities_by_kind",
    "capabilities_of",
    "item_audit",
    "not_audited",
    "path_warnings",
    "scan_contents",
    "user_policy",
    "user_rules",
]


async def audit_attached(
    conn: Connection,
    policy: Policy,
    verdicts: Any,
    *,
    concurrency: int,
    thorough: bool,
    progress: Callable[[str], None] | None,
    rules: RuleSet | None,
) -> ServerAudit:
    """Audit an attached server: every listed file read and verified, every check run (``thorough``: on every
    entry), the user's rules too.

    Raises:
        SkillscopeError: the server cannot be listed (``ExtensionNotOffered`` when it serves no skills).
    """
    return await audit_server(
        conn, policy, verdicts, concurrency=concurrency, progress=progress, thorough=thorough, rules=rules
    )


def not_audited(label: str, target: str, *, info: ServerInfo | None = None, error: str | None = None) -> ServerAudit:
    """A server's place in the report when its skills were not audited: it failed (``error``), or serves none."""
    if error is not None:
        return ServerAudit(label=label, target=target, error=error)
    return ServerAudit(label=label, target=target, info=info)


def scan_contents(label: str, rules: Any, entry: CatalogEntry, report: SkillReport) -> ContentScan:
    """What a verified skill's files hold (hidden content, behaviour, references past the manifest, user rules).

    Reads only its arguments, so a screen may run it in a worker thread or another process.
    """
    return content_findings(label, rules, entry, report)


def item_audit(item: SurfaceItem, server: str = "") -> list[AuditFinding]:
    """What the content checks find in a tool, prompt, resource or template: its key, descriptions and titles."""
    return item_findings(item, server)


def capabilities_of(report: SkillReport) -> list[Capability]:
    """What a verified skill can do, read as the audit reads it, without making a finding."""
    return skill_capabilities(report)


def capabilities_by_kind(capabilities: Iterable[Capability]) -> dict[CapabilityKind, list[Capability]]:
    """The capabilities by kind in reading order, each kind's targets once (first evidence kept), sorted by target:
    how every view lists what a skill can do."""
    return grouped(capabilities)


def path_warnings(entry: CatalogEntry) -> list[str]:
    """What a skill's listed file paths warn of, each warning once: percent-encoded separators, spellings that
    collide, look-alike letters, git metadata (the audit reports the same as findings). Server text: show it safely."""
    said: list[str] = []
    for _, hit in path_hits([f.path for f in entry.files or ()]):
        if hit.message not in said:
            said.append(hit.message)
    return said


def user_rules(paths: Sequence[str | Path]) -> RuleSet:
    """The user's own rules (YARA-like or YAML files), compiled once.

    Raises:
        SkillscopeError: a file cannot be read or a rule cannot be compiled.
    """
    return load_rules(paths)


def user_policy(path: str | Path) -> RulePolicy:
    """The user's policy file (which rules to drop, raise or lower).

    Raises:
        SkillscopeError: the file cannot be read or says something unknown.
    """
    return load_policy(path)


def apply_user_policy(audits: Sequence[ServerAudit], policy: RulePolicy) -> None:
    """The policy over every finding, the server's own and each skill's (the report counts both)."""
    for audit in audits:
        audit.findings = apply_policy(audit.findings, policy)
        for skill in audit.skills:
            skill.findings = apply_policy(skill.findings, policy)

"""What the audit finds now that it did not find in the approved version: the lines a changed skill leads with.

The approved version is audited again, from its own bytes, whenever the store beside the ledger keeps
them: the same scans run over both versions with today's rules, so a finding counts as new only when
the change brought it (a rule added since the approval flags both versions alike, and is no news about
the skill). Findings are matched by rule, severity, file and message, never by line: a finding that
only moved is not new.

When the store lacks some approved bytes (approved before they were kept, or on another machine), the
fallback is the approval record itself, which keeps the ids of the rules its audit raised: a rule
firing now that the approval did not record is new. That is coarser (a second hit of a rule already
raised is not seen, and a rule added since counts as news), so the lines say which basis was used.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from skillscope.audit.approval import approval_audit
from skillscope.audit.findings import AuditFinding
from skillscope.audit.run.scans import scan_content, scan_strings
from skillscope.audit.values import ServerAudit, SkillAudit
from skillscope.catalog.names import relative_path
from skillscope.core.errors import SkillscopeError
from skillscope.core.textsafe import safe_line
from skillscope.verify.content import Served
from skillscope.verify.frontmatter import FrontmatterError, parse_frontmatter, split_frontmatter
from skillscope.verify.opener import FileResult, SkillReport

if TYPE_CHECKING:
    from skillscope.ledger.core.values import ReviewState
    from skillscope.ledger.team.objects import ObjectStore
    from skillscope.service.capability_change import CapabilityChange

__all__ = ["NOTHING_NEW", "AuditChange", "audit_change", "audit_change_of", "change_due", "lead_lines"]

NOTHING_NEW = "nothing new to judge: no new error or warning, and the skill can do what was approved"
"""What a changed skill leads with when neither its audit nor its capabilities have anything new."""

Basis = Literal["approved bytes", "recorded rule ids"]


@dataclass(frozen=True)
class AuditChange:
    """The errors and warnings found now that the approved version did not have, in the words a reviewer reads."""

    basis: Basis
    """``approved bytes``: both versions audited alike; ``recorded rule ids``: against the approval record."""
    new: tuple[tuple[str, str], ...] = ()
    """(severity, message) of each new error and warning, errors first."""
    gone: int = 0
    """Errors and warnings the approved version had that are no longer found (approved bytes only)."""

    @property
    def lines(self) -> tuple[str, ...]:
        """One sentence per new finding (``new error: …``), or one saying there is none, and on what basis."""
        out = [f"new {severity}: {message}" for severity, message in self.new]
        if not out:
            out.append("no new error or warning since the approved version")
        if self.basis == "recorded rule ids":
            out.append(
                "(compared with the rule ids the approval recorded: the approved bytes are not all in the store)"
            )
        return tuple(out)

    def as_json(self) -> dict[str, object]:
        """The change in ``diff --json``."""
        return {
            "basis": self.basis,
            "new": [{"severity": severity, "message": message} for severity, message in self.new],
            "gone": self.gone,
            "lines": list(self.lines),
        }


def _judged(findings: list[AuditFinding]) -> list[AuditFinding]:
    """The skill's own errors and warnings (what an approval weighs), worst first."""
    own = approval_audit(findings).findings
    return sorted((f for f in own if f.severity in ("error", "warning")), key=lambda f: f.severity != "error")


def _identity(finding: AuditFinding, directory: str) -> tuple[str, str, str, str]:
    path = relative_path(directory, finding.uri) if finding.uri else ""
    return (finding.id, finding.severity, path, finding.message)


def _scan(report: SkillReport) -> list[AuditFinding]:
    """The content scans of an approval's audit (entry strings and paths, then every file's bytes) over ``report``."""
    audit = ServerAudit(label=report.entry.name.split(":", 1)[0], target="")
    skill = SkillAudit(report.entry, report)
    scan_strings(audit, skill)
    scan_content(audit, skill, report)
    return skill.findings


def _approved_report(report: SkillReport, state: ReviewState, store: ObjectStore) -> SkillReport | None:
    """The approved version as a verified report: unchanged files as read now, changed and removed ones from the store.

    None when the store lacks (or refuses) any approved bytes the version needs.
    """
    entry = report.entry
    directory = entry.directory or ""
    changes = {c.uri: c for c in state.changes}
    files: list[FileResult] = []
    for result in report.files:
        change = changes.get(result.uri)
        if change is None:
            files.append(result)
        elif change.change == "changed" and change.old_digest:
            try:
                data = store.get(change.old_digest)
            except SkillscopeError:
                return None
            if data is None:
                return None
            served = Served(data, "blob", None, None)
            files.append(replace(result, size=len(data), digest=change.old_digest, served=served))
    for change in state.changes:
        if change.change != "removed" or not change.old_digest:
            continue
        try:
            data = store.get(change.old_digest)
        except SkillscopeError:
            return None
        if data is None:
            return None
        files.append(
            FileResult(
                change.uri,
                relative_path(directory, change.uri),
                len(data),
                change.old_digest,
                "verified",
                served=Served(data, "blob", None, None),
            )
        )
    # The grants an approval saw came from the approved SKILL.md's own frontmatter.
    frontmatter = entry.frontmatter
    skill_md = next((f for f in files if f.uri == entry.uri and f.served is not None), None)
    if skill_md is not None and skill_md.served is not None:
        try:
            block, _ = split_frontmatter(skill_md.served.data.decode("utf-8"))
            frontmatter = parse_frontmatter(block)
        except (FrontmatterError, UnicodeDecodeError, ValueError):
            frontmatter = entry.frontmatter
    return replace(report, entry=replace(entry, frontmatter=frontmatter), files=files)


def change_due(state: ReviewState | None, report: SkillReport) -> bool:
    """Whether ``audit_change`` has versions to compare: an approved skill that changed since, now verified."""
    record = state.record if state is not None else None
    if state is None or record is None or record.action != "approve" or state.state in ("rejected", "revoked"):
        return False
    return bool(state.changes) and report.verified


def audit_change_of(
    state: ReviewState | None, report: SkillReport, store: ObjectStore | None, now: list[AuditFinding] | None
) -> AuditChange | None:
    """``audit_change`` with its arguments by position, for an ``Offload`` (a thread, or the child process a
    screen audits in: the approved bytes are scanned again, too slow for a screen's thread)."""
    return audit_change(state, report, store, now=now)


def audit_change(
    state: ReviewState | None, report: SkillReport, store: ObjectStore | None, *, now: list[AuditFinding] | None = None
) -> AuditChange | None:
    """The new errors and warnings of a changed, verified skill against its approval; None when there is nothing to compare.

    ``now`` is the current audit's findings when the caller has them (an approval's audit); otherwise the
    current files in ``report`` are scanned here, as the approved ones are.
    """
    if state is None or state.record is None or not change_due(state, report):
        return None
    record = state.record
    directory = report.entry.directory or ""
    current = _judged(now if now is not None else _scan(report))
    approved = _approved_report(report, state, store) if store is not None else None
    if approved is not None:
        before = Counter(_identity(f, directory) for f in _judged(_scan(approved)))
        new = []
        for finding in current:
            key = _identity(finding, directory)
            if before[key]:
                before[key] -= 1
            else:
                new.append((finding.severity, safe_line(finding.message, limit=300)))
        return AuditChange("approved bytes", tuple(new), sum(before.values()))
    audit = record.complete().extra.get("audit")
    ids = audit.get("ids") if isinstance(audit, dict) else None
    recorded = {i for i in ids if isinstance(i, str)} if isinstance(ids, list) else set()
    new = [(f.severity, safe_line(f.message, limit=300)) for f in current if f.id not in recorded]
    return AuditChange("recorded rule ids", tuple(new))


def lead_lines(audit: AuditChange | None, capabilities: CapabilityChange | None) -> list[tuple[str, str]]:
    """What a changed skill leads with, before any text diff: (style, line), new findings then new capabilities.

    Styles are ``error``, ``warning``, ``added`` (a new capability) or ``plain``; one line says there is
    nothing new to judge when neither delta has anything.
    """
    out: list[tuple[str, str]] = []
    if audit is not None:
        out += [(severity, f"new {severity}: {message}") for severity, message in audit.new]
    if capabilities is not None and (capabilities.added or capabilities.removed):
        # The sentences list the additions first, then what the skill no longer does.
        added = len(capabilities.added)
        out += [("added" if i < added else "plain", line) for i, line in enumerate(capabilities.lines)]
    if not out:
        out.append(("plain", NOTHING_NEW))
        if capabilities is not None and not capabilities.pinned:
            out += [("plain", line) for line in capabilities.lines]
    if audit is not None and audit.basis == "recorded rule ids":
        out.append(("plain", audit.lines[-1]))
    return out

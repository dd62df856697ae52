"""Which audit findings an approval carries, and which of them stop it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skillscope.audit.findings import AuditFinding, severity_counts

__all__ = ["ApprovalAudit", "approval_audit"]

_NOT_THE_SKILLS = ("conformance", "review")
"""The server's protocol conformance and the ledger's own state are not findings about the skill."""


@dataclass(frozen=True)
class ApprovalAudit:
    """The skill's own findings (its content, files and entry), summed up for the approval record."""

    findings: list[AuditFinding] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        """Findings per severity."""
        return severity_counts(self.findings)

    @property
    def errors(self) -> int:
        """How many errors: any stops an approval unless the reviewer accepts them with a note."""
        return self.counts["error"]

    def record(self) -> dict[str, Any]:
        """What the approval keeps, signed with the rest: counts and the sorted finding ids."""
        return {"counts": self.counts, "ids": sorted({f.id for f in self.findings})}


def approval_audit(findings: list[AuditFinding]) -> ApprovalAudit:
    """The findings of ``audit_skill`` that concern the skill itself."""
    return ApprovalAudit([f for f in findings if f.category not in _NOT_THE_SKILLS])

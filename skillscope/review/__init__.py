"""Audit a server: conformance checks, entry rules, integrity, completeness, content, review state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skillscope.core.lazy import load_export

if TYPE_CHECKING:
    from skillscope.audit.approval import ApprovalAudit, approval_audit
    from skillscope.audit.findings import (
        CHECKS,
        AuditFinding,
        CheckOutcome,
        check_info,
    )
    from skillscope.audit.reports import (
        audit_json,
        audit_markdown,
        audit_sarif,
        finding_rows,
        summary,
    )
    from skillscope.audit.run import (
        ServerAudit,
        SkillAudit,
        audit_server,
        audit_skill,
    )

__all__ = [
    "CHECKS",
    "ApprovalAudit",
    "AuditFinding",
    "CheckOutcome",
    "ServerAudit",
    "SkillAudit",
    "approval_audit",
    "audit_json",
    "audit_markdown",
    "audit_sarif",
    "audit_server",
    "audit_skill",
    "check_info",
    "finding_rows",
    "summary",
]

_HOME = {
    "ApprovalAudit": "approval", "approval_audit": "approval",
    "ServerAudit": "audit", "SkillAudit": "audit", "audit_server": "audit", "audit_skill": "audit",
    "CHECKS": "findings", "AuditFinding": "findings", "CheckOutcome": "findings", "check_info": "findings",
    "audit_json": "reports", "audit_markdown": "reports", "audit_sarif": "reports", "finding_rows": "reports", "summary": "reports",
}


def __dir__() -> list[str]:
    return sorted(__all__)


def __getattr__(name: str) -> Any:
    # The audit imports the MCP SDK; a module that needs only paths or findings must not pay for it.
    return load_export(__name__, _HOME, name)

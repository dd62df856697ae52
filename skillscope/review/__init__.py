"""Audit a server: conformance checks, entry rules, integrity, completeness, content, review state."""

from skillscope.review.approval import ApprovalAudit, approval_audit
from skillscope.review.audit import ServerAudit, SkillAudit, audit_server, audit_skill
from skillscope.review.findings import CHECKS, AuditFinding, CheckOutcome, check_info
from skillscope.review.reports import audit_json, audit_markdown, audit_sarif, finding_rows, summary

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

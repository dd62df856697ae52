"""Audit a server: conformance checks, entry rules, integrity, completeness, content, review state."""

from skillscope.review.audit import ServerAudit, SkillAudit, audit_server, audit_skill
from skillscope.review.findings import CHECKS, AuditFinding, CheckOutcome, check_info
from skillscope.review.reports import audit_json, audit_markdown, audit_sarif, audit_text, summary

__all__ = [
    "CHECKS",
    "AuditFinding",
    "CheckOutcome",
    "ServerAudit",
    "SkillAudit",
    "audit_json",
    "audit_markdown",
    "audit_sarif",
    "audit_server",
    "audit_skill",
    "audit_text",
    "check_info",
    "summary",
]

"""Audit one server: conformance, entries, integrity, completeness, content and review state."""

from skillscope.audit.run.completeness import DIRECTORY_CHECKS, WALK_CHECK
from skillscope.audit.run.results import (
    DEFAULT_CONCURRENCY,
    TIMEOUT_BREAKER,
    ServerAudit,
    SkillAudit,
)
from skillscope.audit.run.server import GET_CHECK, audit_server, audit_skill

__all__ = [
    "DEFAULT_CONCURRENCY",
    "DIRECTORY_CHECKS",
    "GET_CHECK",
    "TIMEOUT_BREAKER",
    "WALK_CHECK",
    "ServerAudit",
    "SkillAudit",
    "audit_server",
    "audit_skill",
]

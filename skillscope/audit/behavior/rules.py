"""The behaviour rules: id, default severity, title and help, grouped by family.

The rules are data: skillscope/audit/rules.yaml holds them (with every other finding id), and this module
reads the behaviour families and rules from it. A new behaviour rule is an entry there, not a row here.
"""

from __future__ import annotations

from skillscope.audit.rule_manifest import Severity, load_manifest

__all__ = ["FAMILIES", "BEHAVIOR_RULES", "family_of"]

_MANIFEST = load_manifest()

FAMILIES: tuple[str, ...] = tuple(family.id for family in _MANIFEST.families)
"""The behaviour families, in report order: the middle segment of ``skillscope/<family>/<rule>``."""

BEHAVIOR_RULES: tuple[tuple[str, Severity, str, str], ...] = tuple(
    (rule.id, rule.severity, rule.title, rule.help) for rule in _MANIFEST.rules if rule.family is not None
)
"""Every behaviour rule as (id, default severity, title, help), in the manifest's order."""


def family_of(check_id: str) -> str | None:
    """The behaviour family of a finding id (``skillscope/<family>/<rule>``), or None for other findings."""
    parts = check_id.split("/")
    return parts[1] if len(parts) == 3 and parts[0] == "skillscope" and parts[1] in FAMILIES else None

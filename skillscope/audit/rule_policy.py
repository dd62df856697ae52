"""A policy file that turns audit rules off or changes their severity, by id or glob, before reporting and gating."""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

import yaml

from skillscope.audit.custom_rules import read_rule_text
from skillscope.audit.findings import AuditFinding, Severity
from skillscope.core.errors import UsageError
from skillscope.core.textsafe import safe_line

__all__ = ["RulePolicy", "load_policy", "apply_policy"]

_SETTINGS = ("off", "error", "warning", "note")
_MAX_POLICY_FILE = 256 * 1024
_UNTOUCHABLE = ("integrity",)
"""Finding categories no policy changes: a file that failed verification always stops the gate."""


@dataclass(frozen=True)
class RulePolicy:
    """Rule id or glob -> ``off`` or a severity; an exact id wins over globs, a longer glob over a shorter one."""

    settings: tuple[tuple[str, str], ...] = ()
    origin: str = ""

    def setting_for(self, rule_id: str) -> str | None:
        """What the policy says about ``rule_id``, or None when it says nothing."""
        exact = [value for key, value in self.settings if key == rule_id]
        if exact:
            return exact[0]
        globs = [
            (len(key), value)
            for key, value in self.settings
            if any(c in key for c in "*?[") and fnmatch.fnmatchcase(rule_id, key)
        ]
        return max(globs, key=lambda item: item[0])[1] if globs else None


def load_policy(path: str | Path) -> RulePolicy:
    """Read a policy file: ``rules:`` mapping rule ids or globs (``skillscope/secrets/*``) to off|error|warning|note.

    Raises:
        UsageError: the file cannot be read or is invalid; the message names the file and line.
    """
    path = Path(path)
    text = read_rule_text(path, limit=_MAX_POLICY_FILE, what="policy")
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise UsageError(
            f"{path}:{mark.line + 1 if mark else 1}: not valid YAML ({safe_line(getattr(exc, 'problem', None) or str(exc), limit=200)})"
        ) from None
    rules = _rules_node(path, root)
    settings = []
    for key, value in rules.value:
        where = f"{path}:{key.start_mark.line + 1}"
        if not isinstance(key, yaml.ScalarNode) or not key.value:
            raise UsageError(f"{where}: a rule id or glob is a non-empty string")
        # YAML reads a bare off as false: accept it as the word it looks like.
        setting = (
            "off"
            if isinstance(value, yaml.ScalarNode) and value.value.lower() in ("off", "false", "no")
            else getattr(value, "value", None)
        )
        if not isinstance(value, yaml.ScalarNode) or setting not in _SETTINGS:
            raise UsageError(
                f"{where}: {safe_line(str(key.value), limit=80)!r}: the setting is one of {', '.join(_SETTINGS)}"
            )
        settings.append((str(key.value), str(setting)))
    return RulePolicy(tuple(settings), str(path))


def _rules_node(path: Path, root: Any) -> Any:
    if not isinstance(root, yaml.MappingNode):
        raise UsageError(
            f"{path}:{root.start_mark.line + 1 if root is not None else 1}: expected a mapping with a 'rules:' key"
        )
    for key, value in root.value:
        if not isinstance(key, yaml.ScalarNode) or key.value != "rules":
            raise UsageError(
                f"{path}:{key.start_mark.line + 1}: unknown top-level key {safe_line(str(getattr(key, 'value', '?')), limit=60)!r} (expected 'rules')"
            )
        if not isinstance(value, yaml.MappingNode):
            raise UsageError(
                f"{path}:{value.start_mark.line + 1}: 'rules' maps rule ids or globs to off, error, warning or note"
            )
        return value
    raise UsageError(f"{path}:1: the policy has no 'rules:' key")


def apply_policy(findings: Sequence[AuditFinding], policy: RulePolicy) -> list[AuditFinding]:
    """The findings as the policy has them: rules turned off are dropped, others take the severity it sets."""
    out = []
    for found in findings:
        setting = None if found.category in _UNTOUCHABLE else policy.setting_for(found.id)
        if setting == "off":
            continue
        if setting is not None and setting != found.severity:
            found = replace(found, severity=cast(Severity, setting))
        out.append(found)
    return out

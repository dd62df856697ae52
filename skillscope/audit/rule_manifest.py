"""The rule catalogue as data: skillscope/audit/rules.yaml, read and checked once.

Every finding id the audit can emit is an entry of that file (id, family, category, default severity,
title, help, OWASP ids); the code decides only when a rule matches. ``findings.CHECKS`` and
``behavior.rules.BEHAVIOR_RULES`` are built from ``load_manifest()``. A manifest with a bad entry is refused
with a ``ManifestError`` that names the entry and the field, so a broken package fails at import, not in a report.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Final, Literal

import yaml

__all__ = [
    "CATEGORIES",
    "Category",
    "Family",
    "Manifest",
    "ManifestError",
    "OWASP_AST",
    "OWASP_ASI",
    "RuleEntry",
    "SEVERITIES",
    "Severity",
    "load_manifest",
    "parse_manifest",
]

Severity = Literal["error", "warning", "note"]
Category = Literal["conformance", "entry", "integrity", "completeness", "content", "review"]
SEVERITIES: Final = ("error", "warning", "note")
CATEGORIES: Final = ("conformance", "entry", "integrity", "completeness", "content", "review")

OWASP_AST: Final[dict[str, str]] = {
    "AST01": "Malicious Skills",
    "AST02": "Supply Chain Compromise",
    "AST03": "Over-Privileged Skills",
    "AST04": "Insecure Metadata",
    "AST05": "Untrusted External Instructions",
    "AST06": "Weak Isolation",
    "AST07": "Update Drift",
    "AST08": "Poor Scanning",
    "AST09": "No Governance",
    "AST10": "Cross-Platform Reuse",
}
"""The OWASP Agentic Skills Top 10, by id."""

OWASP_ASI: Final[dict[str, str]] = {
    "ASI01": "Agent Goal Hijack",
    "ASI02": "Tool Misuse and Exploitation",
    "ASI03": "Identity and Privilege Abuse",
    "ASI04": "Agentic Supply Chain Vulnerabilities",
    "ASI05": "Unexpected Code Execution",
    "ASI06": "Memory and Context Poisoning",
    "ASI07": "Insecure Inter-Agent Communication",
    "ASI08": "Cascading Failures",
    "ASI09": "Human-Agent Trust Exploitation",
    "ASI10": "Rogue Agents",
}
"""The OWASP Top 10 for Agentic Applications 2026, by id."""

_RULE_KEYS = frozenset({"id", "family", "category", "severity", "title", "help", "owasp-ast", "owasp-asi"})
_REQUIRED = ("id", "category", "severity", "title", "help")
_ID = re.compile(
    r"^(?:skillscope/[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)?|sep-\d+(?:-[a-z0-9]+)+|SS-[A-Z]\d+)$"
)
_FAMILY = re.compile(r"^[a-z]+(?:-[a-z]+)*$")


class ManifestError(ValueError):
    """The rule manifest is malformed; the message names the entry and what is wrong with it."""


@dataclass(frozen=True)
class Family:
    """A behaviour family: the middle segment of ``skillscope/<family>/<rule>`` ids, and what it covers."""

    id: str
    title: str


@dataclass(frozen=True)
class RuleEntry:
    """One rule of the manifest."""

    id: str
    family: str | None
    category: Category
    severity: Severity
    title: str
    help: str
    owasp_ast: tuple[str, ...] = ()
    owasp_asi: tuple[str, ...] = ()

    def tags(self) -> list[str]:
        """The rule's family and OWASP ids as tags (``exfiltration``, ``owasp-ast:AST01``, ``owasp-asi:ASI02``)."""
        return [
            *([self.family] if self.family else []),
            *(f"owasp-ast:{item}" for item in self.owasp_ast),
            *(f"owasp-asi:{item}" for item in self.owasp_asi),
        ]


@dataclass(frozen=True)
class Manifest:
    """The whole catalogue: the behaviour families in order, and every rule in the file's order."""

    families: tuple[Family, ...]
    rules: tuple[RuleEntry, ...]

    def by_id(self) -> dict[str, RuleEntry]:
        """The rules keyed by id."""
        return {rule.id: rule for rule in self.rules}


def _text(value: object, where: str, field: str, *, one_line: bool) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ManifestError(f"{where}: {field} must be a non-empty string")
    if value != value.strip() or (one_line and ("\n" in value or "\r" in value)):
        raise ManifestError(f"{where}: {field} must be one line without leading or trailing spaces")
    return value


def _owasp(value: object, where: str, field: str, known: dict[str, str]) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ManifestError(f"{where}: {field} must be a list of ids")
    unknown = [item for item in value if item not in known]
    if unknown:
        raise ManifestError(
            f"{where}: {field} names unknown id(s) {', '.join(unknown)} (known: {min(known)}-{max(known)})"
        )
    if len(set(value)) != len(value):
        raise ManifestError(f"{where}: {field} repeats an id")
    return tuple(value)


def _family(index: int, raw: object) -> Family:
    where = f"families[{index}]"
    if not isinstance(raw, dict) or set(raw) != {"id", "title"}:
        raise ManifestError(f"{where}: a family is a mapping with exactly id and title")
    family_id = _text(raw["id"], where, "id", one_line=True)
    if not _FAMILY.match(family_id):
        raise ManifestError(f"{where}: id {family_id!r} is not a lowercase word")
    return Family(family_id, _text(raw["title"], f"family {family_id}", "title", one_line=True))


def _rule(index: int, raw: object, families: set[str]) -> RuleEntry:
    where = f"rules[{index}]"
    if not isinstance(raw, dict):
        raise ManifestError(f"{where}: a rule is a mapping")
    if isinstance(raw.get("id"), str):
        where = f"rule {raw['id']} ({where})"
    if unknown := sorted(str(key) for key in raw if key not in _RULE_KEYS):
        raise ManifestError(f"{where}: unknown field(s) {', '.join(unknown)}")
    if missing := [key for key in _REQUIRED if key not in raw]:
        raise ManifestError(f"{where}: missing field(s) {', '.join(missing)}")
    rule_id = _text(raw["id"], where, "id", one_line=True)
    if not _ID.match(rule_id):
        raise ManifestError(
            f"{where}: id is not skillscope/<rule>, skillscope/<family>/<rule>, sep-<n>-<name> or SS-<X><n>"
        )
    parts = rule_id.split("/")
    prefix = parts[1] if len(parts) == 3 else None
    family = raw.get("family")
    if family is not None and not isinstance(family, str):
        raise ManifestError(f"{where}: family must be a string")
    if family != prefix:
        raise ManifestError(
            f"{where}: family {family!r} does not match the id's family segment {prefix!r}"
            if prefix
            else f"{where}: family {family!r} given for an id without a family segment"
        )
    if family is not None and family not in families:
        raise ManifestError(f"{where}: family {family!r} is not one of the families ({', '.join(sorted(families))})")
    severity, category = raw["severity"], raw["category"]
    if severity not in SEVERITIES:
        raise ManifestError(f"{where}: severity {severity!r} is not one of {', '.join(SEVERITIES)}")
    if category not in CATEGORIES:
        raise ManifestError(f"{where}: category {category!r} is not one of {', '.join(CATEGORIES)}")
    return RuleEntry(
        rule_id,
        family,
        category,
        severity,
        _text(raw["title"], where, "title", one_line=True),
        _text(raw["help"], where, "help", one_line=False),
        _owasp(raw.get("owasp-ast"), where, "owasp-ast", OWASP_AST),
        _owasp(raw.get("owasp-asi"), where, "owasp-asi", OWASP_ASI),
    )


def parse_manifest(text: str) -> Manifest:
    """The manifest in ``text`` (YAML), checked entry by entry.

    Raises:
        ManifestError: the YAML does not parse, or an entry is malformed, repeated or inconsistent.
    """
    try:
        # The C parser when PyYAML has it: every audit reads the manifest once, and the pure-Python parser takes
        # about ten times as long (same safe constructors, so the same values).
        data: Any = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        raise ManifestError(f"the rule manifest is not valid YAML: {exc}") from None
    if not isinstance(data, dict) or set(data) != {"families", "rules"}:
        raise ManifestError("the rule manifest is a mapping with exactly two keys: families and rules")
    if not isinstance(data["families"], list) or not isinstance(data["rules"], list) or not data["rules"]:
        raise ManifestError("families and rules must be lists, and rules not empty")
    families = tuple(_family(i, raw) for i, raw in enumerate(data["families"]))
    family_ids = [f.id for f in families]
    if len(set(family_ids)) != len(family_ids):
        raise ManifestError(f"a family is listed twice: {sorted({f for f in family_ids if family_ids.count(f) > 1})}")
    rules: list[RuleEntry] = []
    seen: set[str] = set()
    for i, raw in enumerate(data["rules"]):
        rule = _rule(i, raw, set(family_ids))
        if rule.id in seen:
            raise ManifestError(f"rule {rule.id} (rules[{i}]): the id is listed twice")
        seen.add(rule.id)
        rules.append(rule)
    return Manifest(families, tuple(rules))


@functools.cache
def load_manifest() -> Manifest:
    """The manifest shipped in the package (``skillscope/audit/rules.yaml``), read once.

    Raises:
        ManifestError: the shipped manifest is malformed (a packaging or editing fault).
    """
    text = files("skillscope.audit").joinpath("rules.yaml").read_text(encoding="utf-8")
    try:
        return parse_manifest(text)
    except ManifestError as exc:
        raise ManifestError(f"skillscope/audit/rules.yaml: {exc}") from None

"""The extension's constants live in skillscope/core/spec.py only, and every check id the code names is a known one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import skillscope
from skillscope.audit.findings import CHECKS
from skillscope.core import spec

PACKAGE = Path(skillscope.__file__).parent
SINGLE_HOME = {spec.MODERN, spec.LEGACY, spec.EXTENSION_ID, spec.PROBE_URI, spec.RESERVED_METADATA_PREFIX}
SINGLE_HOME_NUMBERS = {spec.FRONTMATTER_MAX, spec.MAX_TOTAL_BYTES, spec.MAX_SIZE_VALUE}


def _constants(path: Path) -> list[tuple[int, object]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.lineno, node.value) for node in ast.walk(tree) if isinstance(node, ast.Constant)]


def test_spec_values_are_written_nowhere_else():
    """A second copy of a spec value drifts; code takes it from skillscope.core.spec."""
    copies = [
        f"{path.relative_to(PACKAGE)}:{line} {value!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "spec.py" or path.parent != PACKAGE / "core"
        for line, value in _constants(path)
        if (isinstance(value, str) and value in SINGLE_HOME) or (type(value) is int and value in SINGLE_HOME_NUMBERS)
    ]
    assert copies == []


def test_every_check_id_the_code_names_is_in_the_check_table():
    named = {
        match
        for path in PACKAGE.rglob("*.py")
        for match in re.findall(r"[\"'](sep-\d+-[a-z0-9-]+)[\"']", path.read_text(encoding="utf-8"))
    }
    assert named, "the scan finds the check ids"
    assert sorted(named - CHECKS.keys()) == []
    assert set(spec.ENUMERATION_ENTRY_CHECKS + spec.RESOURCE_ARRAY_CHECKS) <= CHECKS.keys()


def test_every_entry_rule_the_code_raises_is_in_the_rule_table():
    """A rule id the table lacks would reach reports with no title; a stray one would name nothing."""
    named = {
        match
        for path in PACKAGE.rglob("*.py")
        for match in re.findall(r"\bSS-[A-Z]\d+\b", path.read_text(encoding="utf-8"))
    }
    assert len(named) > 20, "the scan finds the rule ids"
    table = {rule for rule in CHECKS if rule.startswith("SS-")}  # the rule manifest holds them with the other checks
    assert sorted(named - table) == []
    assert sorted(table - named) == []


def test_a_report_names_an_entry_rule_by_what_it_checks():
    from skillscope.audit.findings import check_info

    assert check_info("SS-E9").title == "Malformed entry: Frontmatter not plain JSON or too large"
    assert check_info("SS-A2").title == "Unavailable entry: More files than the 512 allowed"
    assert check_info("SS-W5").severity == "warning" and "float" in check_info("SS-W5").title


def test_spec_imports_nothing_of_skillscope():
    tree = ast.parse((PACKAGE / "core" / "spec.py").read_text(encoding="utf-8"))
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)] + [
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    ]
    assert not [m for m in imported if m and m.split(".")[0] == "skillscope"]

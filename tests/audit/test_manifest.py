"""The rule manifest (skillscope/audit/rules.yaml) names every id the code can emit, and nothing malformed.

The code scan reads every string constant of skillscope/ with the real Python parser: an id is usually written
straight into ``ctx.add(...)``, ``Hit(...)`` or ``finding(...)``, but also into a constant or a table the call
reads later, so every constant shaped like a finding id is held to the manifest, not only call arguments.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import yaml

import skillscope
from skillscope.audit.behavior.rules import BEHAVIOR_RULES, FAMILIES, family_of
from skillscope.audit.findings import CHECKS, check_info
from skillscope.audit.rule_manifest import (
    CATEGORIES,
    OWASP_ASI,
    OWASP_AST,
    SEVERITIES,
    ManifestError,
    load_manifest,
    parse_manifest,
)

PACKAGE = Path(skillscope.__file__).parent
MANIFEST_FILE = PACKAGE / "audit" / "rules.yaml"
FINDING_ID = re.compile(r"^(?:skillscope/[a-z0-9-]+(?:/[a-z0-9-]+)?|sep-\d+-[a-z0-9-]+|SS-[A-Z]\d+)$")
EMITTERS = {"add", "Hit", "finding", "placed", "_finding", "_hit", "hit", "Raw"}
"""Calls whose first argument is a finding id: the behaviour context, the hit, the audit's finding helpers."""


def _constants(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def _emitted_literals(path: Path) -> list[tuple[int, str]]:
    """The string constants given as the first argument to an emitting call (``ctx.add("skillscope/...", ...)``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        first = node.args[0]
        if name in EMITTERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
            out.append((node.lineno, first.value))
    return out


def _source_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def ids_in_source() -> dict[str, list[str]]:
    """Every finding-id-shaped string constant of skillscope/, with where it is written."""
    found: dict[str, list[str]] = {}
    for path in _source_files():
        for line, value in _constants(path):
            if FINDING_ID.match(value):
                found.setdefault(value, []).append(f"{path.relative_to(PACKAGE)}:{line}")
    return found


def test_every_id_passed_to_an_emitting_call_is_in_the_manifest():
    known = load_manifest().by_id()
    emitted = {
        f"{path.relative_to(PACKAGE)}:{line} {value}"
        for path in _source_files()
        for line, value in _emitted_literals(path)
        if value.startswith(("skillscope/", "sep-", "SS-")) and not value.endswith("/")
    }
    assert len(emitted) > 30, "the scan finds the emitting calls"
    assert sorted(item for item in emitted if item.rsplit(" ", 1)[1] not in known) == []


def test_every_id_the_code_writes_is_in_the_manifest():
    known = load_manifest().by_id()
    found = ids_in_source()
    assert len(found) > 100, "the scan finds the ids"
    assert {rule: places for rule, places in found.items() if rule not in known} == {}


def test_every_rule_of_the_manifest_is_written_somewhere_in_the_code():
    """A rule no code can emit is a stale entry: reports and SARIF would promise a check that never runs."""
    found = ids_in_source()
    # SS-C5 is a host rule the connection applies (directory reads only on ``directoryRead: true``), named in its
    # docstring; it never becomes a finding but stays listed so the entry rules read as one table.
    silent = {"SS-C5"}
    assert sorted(rule.id for rule in load_manifest().rules if rule.id not in found and rule.id not in silent) == []


def test_the_scan_catches_an_id_the_manifest_lacks(tmp_path):
    # The scan itself, on a module a new analyser might be: the unknown id is reported with its place.
    module = tmp_path / "analyser.py"
    module.write_text(
        'CHECK = "skillscope/exfiltration/not-in-manifest"\n\ndef run(ctx):\n    ctx.add(CHECK, "m", 0, 1)\n'
    )
    assert [value for _, value in _constants(module) if FINDING_ID.match(value)] == [
        "skillscope/exfiltration/not-in-manifest"
    ]
    assert "skillscope/exfiltration/not-in-manifest" not in load_manifest().by_id()


# --- the manifest's own shape -------------------------------------------------------------------


def raw_rules() -> list[dict]:
    return yaml.safe_load(MANIFEST_FILE.read_text(encoding="utf-8"))["rules"]


def test_no_id_is_listed_twice():
    ids = [rule["id"] for rule in raw_rules()]
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


def test_every_family_field_matches_the_id():
    families = set(FAMILIES)
    for rule in raw_rules():
        parts = rule["id"].split("/")
        if len(parts) == 3:
            assert rule.get("family") == parts[1] and parts[1] in families, rule["id"]
        else:
            assert rule.get("family") is None, rule["id"]


def test_every_severity_category_and_owasp_id_is_a_known_one():
    for rule in raw_rules():
        assert rule["severity"] in SEVERITIES and rule["category"] in CATEGORIES, rule["id"]
        assert set(rule.get("owasp-ast", [])) <= OWASP_AST.keys(), rule["id"]
        assert set(rule.get("owasp-asi", [])) <= OWASP_ASI.keys(), rule["id"]
        assert rule["title"].strip() and "\n" not in rule["title"] and rule["help"].strip(), rule["id"]


def test_every_behaviour_rule_maps_to_owasp():
    """A behaviour rule is a security judgement, so it names at least one OWASP risk; conformance rules may not."""
    unmapped = [r.id for r in load_manifest().rules if r.family and not (r.owasp_ast or r.owasp_asi)]
    assert unmapped == []


def test_the_public_tables_are_the_manifest():
    manifest = load_manifest()
    assert list(CHECKS) == [rule.id for rule in manifest.rules]
    assert FAMILIES == tuple(f.id for f in manifest.families)
    assert [rule[0] for rule in BEHAVIOR_RULES] == [r.id for r in manifest.rules if r.family]
    flow = check_info("skillscope/exfiltration/data-flow")
    assert (flow.severity, flow.category) == ("error", "content") and family_of(flow.id) == "exfiltration"
    assert check_info("SS-E9").title == "Malformed entry: Frontmatter not plain JSON or too large"
    assert check_info("user/house-rule").title == "User rule house-rule"
    assert load_manifest() is manifest, "loaded once"


def test_the_manifest_ships_in_the_wheel():
    # setuptools takes package data from pyproject.toml: the manifest must be listed there, or an install lacks it.
    pyproject = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    import tomllib

    data = tomllib.loads(pyproject)["tool"]["setuptools"]["package-data"]["skillscope"]
    assert "audit/rules.yaml" in data


# --- a broken manifest is refused, naming the entry ---------------------------------------------

GOOD_RULE = {
    "id": "skillscope/exfiltration/data-flow",
    "family": "exfiltration",
    "category": "content",
    "severity": "error",
    "title": "Credentials sent out",
    "help": "Code sends credentials over the network.",
    "owasp-ast": ["AST01"],
    "owasp-asi": ["ASI02"],
}


def manifest_text(*rules: dict) -> str:
    return yaml.safe_dump({"families": [{"id": "exfiltration", "title": "Data sent away."}], "rules": list(rules)})


def test_a_good_manifest_parses():
    (rule,) = parse_manifest(manifest_text(GOOD_RULE)).rules
    assert rule.tags() == ["exfiltration", "owasp-ast:AST01", "owasp-asi:ASI02"]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"severity": "critical"}, "rule skillscope/exfiltration/data-flow (rules[0]): severity 'critical'"),
        ({"category": "network"}, "category 'network' is not one of"),
        ({"family": "deception"}, "family 'deception' does not match the id's family segment 'exfiltration'"),
        ({"family": None}, "family None does not match"),
        ({"owasp-ast": ["AST11"]}, "owasp-ast names unknown id(s) AST11"),
        ({"owasp-asi": ["ASI01", "ASI01"]}, "owasp-asi repeats an id"),
        ({"title": "two\nlines"}, "title must be one line"),
        ({"help": ""}, "help must be a non-empty string"),
        ({"id": "skillscope/Exfil"}, "id is not"),
        ({"colour": "red"}, "unknown field(s) colour"),
    ],
)
def test_a_bad_entry_is_refused_by_name(change, said):
    with pytest.raises(ManifestError) as caught:
        parse_manifest(manifest_text({**GOOD_RULE, **change}))
    assert said in str(caught.value)


def test_a_repeated_id_or_a_missing_field_is_refused():
    with pytest.raises(
        ManifestError, match=r"rule skillscope/exfiltration/data-flow \(rules\[1\]\): the id is listed twice"
    ):
        parse_manifest(manifest_text(GOOD_RULE, GOOD_RULE))
    missing = {k: v for k, v in GOOD_RULE.items() if k != "severity"}
    with pytest.raises(ManifestError, match=r"missing field\(s\) severity"):
        parse_manifest(manifest_text(missing))
    with pytest.raises(ManifestError, match="not valid YAML"):
        parse_manifest("rules: [")
    with pytest.raises(ManifestError, match="families and rules"):
        parse_manifest("rules: []\n")

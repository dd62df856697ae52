"""docs/rules.md is what scripts/rules_doc.py makes of the rule manifest: a rule added to the manifest reaches the page."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from skillscope.audit.rule_manifest import load_manifest, parse_manifest

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("rules_doc", ROOT / "scripts" / "rules_doc.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_committed_page_is_the_scripts_output():
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert page == _script().render(load_manifest()), "docs/rules.md is out of date: run python scripts/rules_doc.py"


def test_the_page_lists_every_rule_with_its_severity_and_owasp_ids():
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = {line.split("`")[1]: line for line in page.splitlines() if line.startswith("| `")}
    assert set(rows) == {rule.id for rule in load_manifest().rules}
    flow = rows["skillscope/exfiltration/data-flow"]
    assert "| error |" in flow and "AST01" in flow and "ASI02" in flow


def test_a_rule_added_to_the_manifest_changes_the_page():
    render = _script().render
    text = (ROOT / "skillscope" / "audit" / "rules.yaml").read_text(encoding="utf-8")
    extra = (
        "  - id: skillscope/secrets/pasted-key\n    family: secrets\n    category: content\n    severity: warning\n"
        "    title: Key pasted | into <b>text</b>\n    help: A *made-up* rule for this test.\n    owasp-asi: [ASI03]\n"
    )
    grown = parse_manifest(text.rstrip("\n") + "\n" + extra)
    page = render(grown)
    assert page != render(load_manifest())
    (row,) = [line for line in page.splitlines() if "skillscope/secrets/pasted-key" in line]
    # Manifest prose cannot open markup or split the table row.
    assert "Key pasted \\| into \\<b\\>text\\</b\\>" in row and "\\*made-up\\*" in row and row.endswith("| ASI03 |")

"""``skillscope rules`` lists the rule manifest: every rule as text or JSON, one family on request, no server."""

from __future__ import annotations

import subprocess
import sys

from skillscope.audit.rule_manifest import load_manifest
from tests.cli.conftest import run_cli


def test_json_lists_every_rule_with_its_fields():
    run = run_cli("rules", "--format", "json")
    assert run.code == 0, run.err
    data = run.json()
    assert [r["id"] for r in data["rules"]] == [r.id for r in load_manifest().rules]
    (flow,) = [r for r in data["rules"] if r["id"] == "skillscope/exfiltration/data-flow"]
    assert flow["family"] == "exfiltration" and flow["severity"] == "error" and flow["category"] == "content"
    assert "AST01" in flow["owasp-ast"] and "ASI02" in flow["owasp-asi"] and flow["help"]
    assert data["owasp"]["owasp-ast"]["AST01"] == "Malicious Skills"
    assert "exfiltration" in [f["id"] for f in data["families"]]
    # Conformance and entry rules are listed too, with no family.
    assert any(r["id"].startswith("sep-2640-") and r["family"] is None for r in data["rules"])
    assert any(r["id"] == "SS-E9" and r["severity"] == "error" for r in data["rules"])


def test_text_lists_one_family_with_severity_title_and_owasp_ids():
    run = run_cli("rules", "--family", "exfiltration")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    expected = [r for r in load_manifest().rules if r.family == "exfiltration"]
    assert [line.split()[0] for line in lines] == [r.id for r in expected]
    (flow,) = [line for line in lines if line.startswith("skillscope/exfiltration/data-flow ")]
    assert " error " in flow and "Credentials or environment sent out" in flow and "AST01" in flow


def test_an_unknown_family_is_a_usage_error():
    run = run_cli("rules", "--family", "nope")
    assert run.code == 2
    assert "'nope' is not one of instructions" in run.err and not run.out


def test_listing_rules_imports_no_mcp_sdk(tmp_path):
    code = (
        "import sys\nfrom click.testing import CliRunner\nfrom skillscope.cli import cli\n"
        "result = CliRunner().invoke(cli, ['rules', '--format', 'json'])\n"
        "assert result.exit_code == 0, result.output\n"
        "print(sorted(m for m in ('mcp', 'mcp_types', 'textual') if m in sys.modules))\n"
    )
    env = {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "c"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"

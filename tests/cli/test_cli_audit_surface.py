"""audit --surface all (issue 19): hidden content and instructions in items, review state, the gate, rename-and-swap."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import run_cli, stdio
from tests.cli.test_cli_ledger import isolated_env


@pytest.fixture
def env(tmp_path):
    return isolated_env(tmp_path)


def _surface_findings(run):
    (server,) = run.json()["servers"]
    return [
        f
        for f in server["findings"]
        if f.get("skill")
        and ":" in f["skill"]
        and "/" in f["skill"].split(":", 1)[1]
        and f["skill"].split(":", 1)[1].split("/", 1)[0] in ("tool", "prompt", "resource", "template")
    ]


def test_honest_items_yield_no_warning_or_error(env):
    run = run_cli("audit", "--surface", "all", "--format", "json", "--label", "fx", *stdio("surface"), env=env)
    assert run.code == 0, run.err
    found = _surface_findings(run)
    assert found, "every unreviewed item is at least noted"
    assert {f["id"] for f in found if f["severity"] != "note"} == set()
    assert {f["id"] for f in found} == {"skillscope/not-reviewed"}


def test_a_hidden_instruction_in_a_tool_description_is_an_error_shown_escaped(env):
    run = run_cli("audit", "--surface", "all", "--format", "json", "--label", "fx", *stdio("surface-hidden"), env=env)
    assert run.code == 1
    found = [f for f in _surface_findings(run) if f["skill"] == "fx:tool/send_report"]
    ids = {f["id"] for f in found}
    assert {"skillscope/instructions/hidden", "skillscope/hidden-markdown"} <= ids
    assert any(f["message"].startswith("description: ") for f in found if f["id"] == "skillscope/instructions/hidden")
    text = run_cli("audit", "--surface", "all", "--label", "fx", *stdio("surface-hidden"), env=env)
    # The text report groups by server (its label heads the section), so the item is named without it.
    assert text.code == 1 and "tool/send_report" in text.out and "\x1b" not in text.out


def test_without_surface_the_audit_is_unchanged(env):
    run = run_cli("audit", "--format", "json", "--label", "fx", *stdio("surface-hidden"), env=env)
    assert run.code == 0, run.err
    assert _surface_findings(run) == []


def test_require_approved_names_every_unapproved_item_until_all_are_approved(env, http_server):
    url = http_server("surface")
    target = ["--label", "fx", url]
    gate = run_cli("audit", "--surface", "all", "--require-approved", *target, env=env)
    assert gate.code == 1
    assert "not approved at its current fingerprint: fx:tool/read_invoice (not-reviewed)" in gate.err
    assert "fx:template/docs://invoices/{number} (not-reviewed)" in gate.err
    listed = run_cli("list", "--surface", "--json", *target, env=env).json()
    names = [s["name"] for s in listed["skills"]] + [
        i["name"] for array in ("tools", "prompts", "resources", "templates") for i in listed[array]
    ]
    for name in names:
        assert run_cli("approve", "--yes", name, *target, env=env).code == 0
    gate = run_cli("audit", "--surface", "all", "--require-approved", *target, env=env)
    assert gate.code == 0, gate.err
    assert "not approved" not in gate.err


def test_a_rename_and_swap_is_warned_naming_the_approved_item(env):
    assert run_cli("approve", "--yes", "tool/read_invoice", "--label", "fx", *stdio("surface"), env=env).code == 0
    run = run_cli("audit", "--surface", "all", "--format", "json", "--label", "fx", *stdio("surface-swap"), env=env)
    swapped = [f for f in _surface_findings(run) if f["id"] == "skillscope/surface-lookalike"]
    assert len(swapped) == 1 and swapped[0]["skill"] == "fx:tool/read_invoices"
    assert "fx:tool/read_invoice," in swapped[0]["message"] or "fx:tool/read_invoice " in swapped[0]["message"]
    gate = run_cli("audit", "--surface", "all", "--require-approved", "--label", "fx", *stdio("surface-swap"), env=env)
    assert gate.code == 1 and "fx:tool/read_invoices (not-reviewed)" in gate.err


def test_sarif_places_item_findings(env):
    run = run_cli("audit", "--surface", "all", "--format", "sarif", "--label", "fx", *stdio("surface-hidden"), env=env)
    assert run.code == 1
    results = json.loads(run.out)["runs"][0]["results"]
    hidden = [r for r in results if r["ruleId"] == "skillscope/instructions/hidden"]
    assert hidden
    uri = hidden[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "skillscope/fx/tool/send_report"


def test_a_server_without_skills_still_has_its_surface_listed_and_audited(env):
    listed = run_cli("list", "--surface", "--json", "--label", "fx", *stdio("surface-no-skills"), env=env)
    assert listed.code == 0, listed.err
    assert listed.json()["skills"] == [] and len(listed.json()["tools"]) == 13
    run = run_cli(
        "audit", "--surface", "all", "--format", "json", "--label", "fx", *stdio("surface-no-skills"), env=env
    )
    assert run.code == 0, run.err
    assert "auditing its tools, prompts, resources and templates only" in run.err
    assert {f["skill"] for f in _surface_findings(run)} >= {"fx:tool/read_invoice", "fx:prompt/summarise"}
    skills_only = run_cli("audit", "--label", "fx", *stdio("surface-no-skills"), env=env)
    assert skills_only.code == 0, "no skills served is a note, not a failed audit"
    assert "No skills served" in skills_only.err

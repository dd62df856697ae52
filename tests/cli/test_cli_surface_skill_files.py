"""What resources/list says about skill:// files (issue 34): pinned one item per skill, audited, strays reported."""

from __future__ import annotations

import pytest

from tests.cli.conftest import run_cli, stdio
from tests.cli.test_cli_ledger import isolated_env
from tests.fixtures.surface import SKILL_MD, SKILL_RETOLD, STRAY_SKILL_FILE, TAG_SMUGGLED

ITEM = "fx:resource/skill://hello-world/"
"""The item pinning what resources/list says of hello-world's files (the fixture lists only SKILL.md)."""


@pytest.fixture
def env(tmp_path):
    return isolated_env(tmp_path)


def _audit(env, scenario, *options):
    run = run_cli("audit", *options, "--format", "json", "--label", "fx", *stdio(scenario), env=env)
    (server,) = run.json()["servers"]
    return run, server["findings"]


def _at_item(findings):
    return [f for f in findings if f.get("skill") == ITEM and f["severity"] != "note"]


def test_an_order_in_a_skill_files_listed_description_is_an_error_at_that_resource(env):
    run, findings = _audit(env, "surface-skill-order", "--surface", "all")
    assert run.code == 1, run.err
    errors = {f["id"]: f for f in _at_item(findings) if f["severity"] == "error"}
    assert "skillscope/instructions/override" in errors
    found = errors["skillscope/instructions/override"]
    assert found["uri"] == SKILL_MD and found["message"].startswith("description: ")
    assert "ignore previous instructions" in found["message"]
    # SKILL.md's bytes are clean: the order lives only in the listing, which no skill fingerprint covers.
    assert not [f for f in findings if f.get("skill") == "fx:hello-world" and f["id"].startswith("skillscope/instr")]
    text = run_cli("audit", "--surface", "all", "--label", "fx", *stdio("surface-skill-order"), env=env)
    # The text report names where the order is: the listing entry of SKILL.md, at its column.
    assert text.code == 1 and "skill://hello-world/SKILL.md:1:" in text.out


def test_tag_characters_in_a_skill_files_listed_description_are_found_and_never_printed(env):
    run, findings = _audit(env, "surface-skill-hidden", "--surface", "all")
    assert run.code == 1, run.err
    ids = {f["id"] for f in _at_item(findings)}
    assert {"skillscope/tag-characters", "skillscope/invisible-character", "skillscope/instructions/hidden"} <= ids
    text = run_cli("audit", "--surface", "all", "--label", "fx", *stdio("surface-skill-hidden"), env=env)
    listed = run_cli("list", "--surface", "--label", "fx", *stdio("surface-skill-hidden"), env=env)
    for shown in (text.out + text.err, listed.out):
        assert not any(ch in shown for ch in TAG_SMUGGLED[len("Says hello.") :])


def test_plain_skill_file_listings_raise_nothing(env):
    run, findings = _audit(env, "surface", "--surface", "all")
    assert run.code == 0, run.err
    assert _at_item(findings) == []
    assert [f["id"] for f in findings if f.get("skill") == ITEM] == ["skillscope/not-reviewed"]
    assert not [f for f in findings if f["id"] == "skillscope/unclaimed-skill-file"]


def test_a_skill_files_description_changed_after_approval_is_diffed_and_stops_the_gate(env, http_server):
    base = ["--label", "fx", http_server("surface")]
    listed = run_cli("list", "--surface", "--json", *base, env=env).json()
    names = [s["name"] for s in listed["skills"]] + [
        i["name"] for array in ("tools", "prompts", "resources", "templates") for i in listed[array]
    ]
    assert ITEM in names
    for name in names:
        assert run_cli("approve", "--yes", name, *base, env=env).code == 0
    gate = run_cli("audit", "--surface", "all", "--require-approved", *base, env=env)
    assert gate.code == 0, gate.err  # the honest twin: everything approved, nothing changed

    retold = ["--label", "fx", http_server("surface-skill-retold")]
    now = run_cli("list", "--surface", "--json", *retold, env=env).json()
    # The skill's fingerprint binds SKILL.md's bytes, which did not change: only the new item catches this.
    assert now["skills"][0]["review"]["state"] == "approved"
    (item,) = [r for r in now["resources"] if r["name"] == ITEM]
    assert item["review"]["state"] == "changed-since-approval"
    text = run_cli("list", "--surface", *retold, env=env)
    assert f"{ITEM}  changed since approval" in text.out
    diff = run_cli("diff", "--json", "--exit-code", ITEM, *retold, env=env)
    assert diff.code == 1, diff.err
    assert diff.json()["fields"] == [
        {"file": SKILL_MD, "path": "description", "change": "changed", "old": "Says hello.", "new": SKILL_RETOLD}
    ]
    shown = run_cli("diff", ITEM, *retold, env=env)
    assert f"changed description of {SKILL_MD}" in shown.out and f"+ {SKILL_RETOLD}" in shown.out
    gate = run_cli("audit", "--surface", "all", "--require-approved", *retold, env=env)
    assert gate.code == 1
    assert "not approved at its current fingerprint" in gate.err
    assert f"{ITEM} (changed-since-approval)" in gate.err
    assert "fx:tool/" not in gate.err and "fx:hello-world" not in gate.err


def test_a_skill_file_outside_every_listed_skill_is_one_warning(env):
    for options in ((), ("--surface", "all")):
        run, findings = _audit(env, "surface-skill-stray", *options)
        assert run.code == 0, run.err
        (stray,) = [f for f in findings if f["id"] == "skillscope/unclaimed-skill-file"]
        assert stray["severity"] == "warning" and stray["uri"] == STRAY_SKILL_FILE
        assert "outside every listed skill" in stray["message"]
        # It is no listed skill's file, so never also an unlisted file of one.
        assert not [f for f in findings if f["id"] == "skillscope/unlisted-file"]
    listed = run_cli("list", "--surface", "--json", "--label", "fx", *stdio("surface-skill-stray"), env=env).json()
    items = {r["name"]: r for r in listed["resources"]}
    assert items[f"fx:resource/{STRAY_SKILL_FILE}"]["skill_listing"] is None
    assert items[f"fx:resource/{STRAY_SKILL_FILE}"]["definition"]["description"] == "Notes."
    assert items[ITEM]["skill_listing"] == "skill://hello-world"
    assert [entry["uri"] for entry in items[ITEM]["definition"]] == [SKILL_MD]

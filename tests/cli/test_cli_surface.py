"""The surface beside the skills (issue 19): list, approve, reject, revoke and diff tools, prompts, resources, templates."""

from __future__ import annotations

import json

import pytest

from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli, stdio
from tests.cli.test_cli_ledger import isolated_env
from tests.fixtures.surface import FILLER_TOOLS, HIDDEN_ORDER


@pytest.fixture
def env(tmp_path):
    return isolated_env(tmp_path)


def _items(run, array="tools"):
    assert run.code == 0, run.err
    return {item["name"]: item for item in run.json()[array]}


def _approve(env, name, *target):
    run = run_cli("approve", "--yes", name, *target, env=env)
    assert run.code == 0, run.err
    return run


@pytest.mark.parametrize("era", ["modern", "legacy"])
def test_list_surface_json_over_stdio_has_every_item_of_every_page_in_both_eras(env, era):
    run = run_cli("list", "--surface", "--json", "--era", era, "--label", "fx", *stdio("surface"), env=env)
    tools = _items(run)
    assert len(tools) == 2 + FILLER_TOOLS
    tool = tools["fx:tool/read_invoice"]
    assert tool["kind"] == "tool" and tool["fingerprint"].startswith("sha256:")
    assert tool["review"]["state"] == "not-reviewed"
    assert (
        tool["definition"]["inputSchema"]["properties"]["number"]["description"] == "The invoice number, e.g. INV-1042."
    )
    document = run.json()
    assert [p["name"] for p in document["prompts"]] == ["fx:prompt/summarise", "fx:prompt/tldr"]
    # The skill's SKILL.md bytes are the skill's to pin; what resources/list says of its files is one item.
    assert [(r["name"], r["skill_listing"]) for r in document["resources"]] == [
        ("fx:resource/skill://hello-world/", "skill://hello-world"),
        ("fx:resource/docs://guide/intro", None),
        ("fx:resource/docs://guide/faq", None),
    ]
    assert [t["name"] for t in document["templates"]] == ["fx:template/docs://invoices/{number}"]
    assert document["skills"][0]["name"] == "fx:hello-world"


@pytest.mark.parametrize("era", ["modern", "legacy"])
def test_list_surface_over_http_matches_stdio(env, http_server, era):
    over_http = _items(
        run_cli("list", "--surface", "--json", "--era", era, "--label", "fx", http_server("surface"), env=env)
    )
    over_stdio = _items(run_cli("list", "--surface", "--json", "--label", "fx", *stdio("surface"), env=env))
    assert {n: i["fingerprint"] for n, i in over_http.items()} == {n: i["fingerprint"] for n, i in over_stdio.items()}


def test_an_unknown_vendor_field_changes_the_fingerprint_and_is_kept_in_the_definition(env):
    plain = _items(run_cli("list", "--surface", "--json", "--label", "fx", *stdio("surface"), env=env))
    vendor = _items(run_cli("list", "--surface", "--json", "--label", "fx", *stdio("surface-vendor"), env=env))
    assert plain["fx:tool/read_invoice"]["fingerprint"] != vendor["fx:tool/read_invoice"]["fingerprint"]
    assert "x-acme-routing" in vendor["fx:tool/read_invoice"]["definition"]
    assert plain["fx:tool/send_report"]["fingerprint"] == vendor["fx:tool/send_report"]["fingerprint"]


def test_list_surface_text_shows_items_inert(env):
    run = run_cli("list", "--surface", "--label", "fx", *stdio("surface-hidden"), env=env)
    assert run.code == 0, run.err
    assert "TOOLS (13)" in run.out and "fx:tool/read_invoice  not reviewed" in run.out
    assert "\x1b" not in run.out


@pytest.mark.parametrize(
    ("variant", "item", "field", "old", "new"),
    [
        ("description", "fx:tool/read_invoice", "description", "return its lines and total", "every other invoice"),
        ("schema", "fx:tool/read_invoice", "inputSchema.properties.forward_to", None, "Where to send a copy."),
        ("hidden", "fx:tool/send_report", "description", "shared inbox.", HIDDEN_ORDER),
        ("prompt", "fx:prompt/summarise", "description", "three sentences.", "email it"),
    ],
)
def test_a_change_after_approval_is_caught_and_diffed_field_by_field(env, variant, item, field, old, new):
    base = ["--label", "fx", *stdio("surface")]
    approved = _approve(env, item, *base)
    assert f"Approved {item} (sha256:" in approved.out
    assert (
        _items(run_cli("list", "--surface", "--json", *base, env=env), "prompts" if "prompt" in item else "tools")[
            item
        ]["review"]["state"]
        == "approved"
    )
    changed = ["--label", "fx", *stdio(f"surface-{variant}")]
    listed = _items(
        run_cli("list", "--surface", "--json", *changed, env=env), "prompts" if "prompt" in item else "tools"
    )
    assert listed[item]["review"]["state"] == "changed-since-approval"
    diff = run_cli("diff", "--json", "--exit-code", item, *changed, env=env)
    assert diff.code == 1, diff.err
    fields = {f["path"]: f for f in diff.json()["fields"]}
    assert field in fields
    if old is not None:
        assert old in fields[field]["old"]
    assert new in json.dumps(fields[field]["new"])
    text = run_cli("diff", item, *changed, env=env)
    assert text.code == 0 and f"{fields[field]['change']} {field}" in text.out and "changed since approval" in text.out
    assert run_cli("diff", "--exit-code", item, *base, env=env).code == 0


def test_item_verdicts_are_signed_records_that_follow_content_across_labels(env):
    _approve(env, "tool/read_invoice", "--label", "fx", *stdio("surface"))
    (record,) = Ledger(env["SKILLSCOPE_LEDGER"]).records()
    assert record.name == "fx:tool/read_invoice" and record.sig and record.extra["surface"] == "tool"
    other = _items(run_cli("list", "--surface", "--json", "--label", "other", *stdio("surface"), env=env))
    assert other["other:tool/read_invoice"]["review"]["state"] == "approved"
    rejected = run_cli("reject", "fx:tool/send_report", "--label", "fx", *stdio("surface"), env=env)
    assert rejected.code == 0 and "Rejected fx:tool/send_report" in rejected.out
    revoked = run_cli("revoke", "fx:tool/read_invoice", "--label", "fx", *stdio("surface"), env=env)
    assert revoked.code == 0, revoked.err
    states = {
        n: i["review"]["state"]
        for n, i in _items(
            run_cli("list", "--surface", "--json", "--label", "other", *stdio("surface"), env=env)
        ).items()
    }
    assert states["other:tool/send_report"] == "rejected" and states["other:tool/read_invoice"] == "revoked"


def test_approve_refuses_a_fingerprint_other_than_the_one_reviewed(env):
    run = run_cli(
        "approve",
        "--fingerprint",
        "sha256:" + "0" * 64,
        "tool/read_invoice",
        "--label",
        "fx",
        *stdio("surface"),
        env=env,
    )
    assert run.code != 0 and "approval refused" in run.err and not Ledger(env["SKILLSCOPE_LEDGER"]).records()


def test_approve_refuses_a_hidden_instruction_unless_accepted_with_a_note(env):
    target = ["--label", "fx", *stdio("surface-hidden")]
    run = run_cli("approve", "--yes", "tool/send_report", *target, env=env)
    assert run.code != 0 and "skillscope/instructions/hidden" in run.err and "approval refused" in run.err
    assert not Ledger(env["SKILLSCOPE_LEDGER"]).records()


def test_unknown_item_names_are_refused_clearly(env):
    run = run_cli("approve", "--yes", "tool/no_such_tool", "--label", "fx", *stdio("surface"), env=env)
    assert run.code != 0 and "lists no tool 'no_such_tool'" in run.err
    run = run_cli("approve", "--yes", "other:tool/read_invoice", "--label", "fx", *stdio("surface"), env=env)
    assert run.code != 0 and "names server 'other'" in run.err


def test_approved_item_fingerprints_export_like_skills(env, http_server):
    import yaml

    target = ["--label", "fx", http_server("surface")]
    items = _items(run_cli("list", "--surface", "--json", *target, env=env))
    _approve(env, "tool/read_invoice", *target)
    _approve(env, "hello-world", *target)
    assert run_cli("reject", "tool/send_report", *target, env=env).code == 0
    fingerprint = items["fx:tool/read_invoice"]["fingerprint"]
    txt = run_cli("export", env=env)
    assert txt.code == 0 and fingerprint in txt.out.split()
    assert items["fx:tool/send_report"]["fingerprint"] not in txt.out
    rows = {r["name"]: r for r in json.loads(run_cli("export", "--format", "json", env=env).out)["approved"]}
    assert rows["fx:tool/read_invoice"]["fingerprint"] == fingerprint and rows["fx:tool/read_invoice"]["kind"] == "tool"
    assert "kind" not in rows["fx:hello-world"]
    yaml_rows = yaml.safe_load(run_cli("export", "--format", "yaml", env=env).out)["approved"]
    assert {r["name"] for r in yaml_rows} == {"fx:tool/read_invoice", "fx:hello-world"}
    roomkit = run_cli("export", "--format", "roomkit", env=env)
    assert roomkit.code == 0 and fingerprint not in roomkit.out


def test_a_100_mb_tools_page_is_refused_at_the_message_cap(env):
    run = run_cli("list", "--surface", "--label", "fx", *stdio("surface-huge"), env=env)
    assert run.code == 3 and "larger than" in run.err
    assert "Traceback" not in run.err


def test_server_text_in_items_is_never_markup_or_terminal_control(env):
    from tests.fixtures.surface import ESCAPES

    run = run_cli("list", "--surface", "--label", "fx", *stdio("surface-escapes"), env=env)
    assert run.code == 0, run.err
    assert "\x1b" not in run.out and "\u202e" not in run.out and "\u200b" not in run.out
    assert "\\x1b]0;pwned\\x07 [bold red]URGENT[/] \\u202etxt.exe\\u202c now\\u200b" in run.out
    as_json = _items(run_cli("list", "--surface", "--json", "--label", "fx", *stdio("surface-escapes"), env=env))
    assert as_json["fx:tool/send_report"]["definition"]["description"] == ESCAPES  # JSON keeps what was sent


def test_accepting_a_hidden_instruction_needs_a_note_and_is_recorded_with_the_audit(env):
    target = ["--label", "fx", *stdio("surface-hidden")]
    assert run_cli("approve", "--yes", "--accept-findings", "tool/send_report", *target, env=env).code == 2
    run = run_cli(
        "approve",
        "--yes",
        "--accept-findings",
        "--note",
        "the comment is our changelog",
        "tool/send_report",
        *target,
        env=env,
    )
    assert run.code == 0, run.err
    (record,) = Ledger(env["SKILLSCOPE_LEDGER"]).records()
    assert record.extra["accepted_findings"] is True
    assert (
        "skillscope/instructions/hidden" in record.extra["audit"]["ids"]
        and record.extra["audit"]["counts"]["error"] >= 1
    )


def test_a_skill_whose_path_reads_like_an_item_name_is_never_guessed(env, tmp_path):
    skill = tmp_path / "skills" / "tool" / "lint"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: lint\ndescription: Lint the code.\n---\nRun the linter.\n")
    run = run_cli("approve", "--yes", "tool/lint", str(tmp_path / "skills"), env=env)
    assert run.code == 2 and "names both the skill at path 'tool/lint'" in run.err
    assert not Ledger(env["SKILLSCOPE_LEDGER"]).records()

"""``export --format cedar|claude-managed`` end to end: real reviews, then the engines' own checks on what is written."""

from __future__ import annotations

import json
from pathlib import Path

import cedarpy
import jsonschema

from tests.cli.conftest import run_cli
from tests.fixtures.http import REPO_ROOT, stdio_command

SCHEMA = json.loads((REPO_ROOT / "docs" / "schemas" / "claude-managed-allowlist.schema.json").read_text())


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


def _review(action: str, name: str, target: str, env: dict[str, str], *more: str) -> None:
    if target == "demo":  # the demo keeps a ledger of its own unless told which to write
        more = (*more, "--ledger", env["SKILLSCOPE_LEDGER"])
    confirm = ("--yes",) if action == "approve" else ()  # approve asks before recording; reject and revoke do not
    run = run_cli(action, name, target, *confirm, "--note", f"{action} in a test", *more, env=env)
    assert run.code == 0, run.err


def _get_skill(policies: list[str], uri: str) -> bool:
    """ToolHive's check for skills/get (and for each skills/list entry): get_skill on Skill::<uri>, by Cedar."""
    request = {
        "principal": {"type": "Client", "id": "user-1"},
        "action": {"type": "Action", "id": "get_skill"},
        "resource": {"type": "Skill", "id": uri},
        "context": {},
    }
    entities = [{"uid": {"type": "Skill", "id": uri}, "attrs": {"name": uri, "uri": uri}, "parents": []}]
    return cedarpy.is_authorized(request, "\n".join(policies), entities).decision == cedarpy.Decision.Allow


def test_cedar_export_permits_the_approved_skill_and_not_the_revoked_or_rejected_ones(tmp_path):
    env = _env(tmp_path)
    _review("approve", "pdf-processing", "demo", env)
    _review("approve", "acme/billing/invoice-review", "demo", env)
    _review("revoke", "acme/billing/invoice-review", "demo", env)
    _review("reject", "terminal-tricks", "demo", env)
    out = tmp_path / "authz.json"
    run = run_cli("export", "--format", "cedar", "--label", "demo", "-o", str(out), env=env)
    assert run.code == 0, run.err
    config = json.loads(out.read_text())
    assert config["type"] == "cedarv1"
    policies = config["cedar"]["policies"]
    assert _get_skill(policies, "skill://pdf-processing/SKILL.md")
    assert not _get_skill(policies, "skill://acme/billing/invoice-review/SKILL.md")  # revoked
    assert not _get_skill(policies, "skill://terminal-tricks/SKILL.md")  # rejected
    assert not _get_skill(policies, "skill://code-review/SKILL.md")  # never reviewed
    shown = run_cli("show", "pdf-processing", "demo", "--json", env=env).json()
    assert any(f'@fingerprint("{shown["fingerprint"]}")' in p for p in policies)


def test_claude_managed_allows_exactly_the_reviewed_servers_as_the_config_writes_them(tmp_path, http_server):
    env = _env(tmp_path)
    docs, gone, before, after = (http_server("samples") for _ in range(4))
    command = stdio_command("samples")
    config = tmp_path / "skillscope.yaml"

    def write_config(moved: str) -> None:
        config.write_text(
            "servers:\n"
            f"  docs: {{url: '{docs}'}}\n"
            f"  gone: {{url: '{gone}'}}\n"
            f"  moved: {{url: '{moved}'}}\n"
            f"  tools: {{command: {json.dumps(command[0])}, args: {json.dumps(command[1:])}, cwd: '{REPO_ROOT}'}}\n"
            "  idle: {url: 'https://never-reviewed.example.com/mcp'}\n",
            encoding="utf-8",
        )

    write_config(before)
    listed = run_cli("list", "docs", "--config", str(config), "--json", env=env)
    assert listed.code == 0, listed.err
    names = [s["name"].split(":", 1)[1] for s in listed.json()["skills"] if s["status"] == "available"]
    for label in ("docs", "moved", "tools"):
        _review("approve", names[0], label, env, "--config", str(config))
    # A revocation withdraws that content under every label, so the revoked server gets a skill of its own.
    _review("approve", names[1], "gone", env, "--config", str(config))
    _review("revoke", names[1], "gone", env, "--config", str(config))
    _review("approve", "pdf-processing", "demo", env)
    write_config(after)  # the label now names another server than the one reviewed

    out = tmp_path / "managed" / "allowlist.json"
    run = run_cli("export", "--format", "claude-managed", "--config", str(config), "-o", str(out), env=env)
    assert run.code == 0, run.err
    document = json.loads(out.read_text())
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document == {"allowedMcpServers": [{"serverUrl": docs}, {"serverCommand": command}]}, run.err
    assert f"not in the allowlist: moved: the config now says {after}, but its approvals were made against" in run.err
    assert "not in the allowlist: demo: served in-process" in run.err
    assert "gone" not in run.err and "idle" not in run.err  # revoked, never reviewed: nothing to allow or explain

"""Resolving a target once for both front ends: which server, which policy, which ledger."""

from __future__ import annotations

import json

import pytest

from skillscope.config.file import load_config
from skillscope.core.errors import SkillscopeError, UsageError
from skillscope.service.targets import TargetOptions, attach_problem, resolve_target, seed_from_form, server_seeds
from tests.fixtures.http import REPO_ROOT, stdio_command


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user whose Cursor config serves the samples over stdio and allows dynamic skills."""
    home = tmp_path / "home"
    (home / ".cursor").mkdir(parents=True)
    command, *args = stdio_command("samples")
    (home / ".cursor" / "mcp.json").write_text(
        json.dumps(
            {
                "mcpServers": {
                    "cursor-samples": {"command": command, "args": args, "cwd": str(REPO_ROOT), "allowDynamic": True},
                    "off": {"command": "never-run", "disabled": True},
                }
            }
        )
    )
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.delenv("SKILLSCOPE_LEDGER", raising=False)
    monkeypatch.chdir(tmp_path)
    return home


@pytest.fixture
def config(tmp_path, home):
    path = tmp_path / "skillscope.yaml"
    path.write_text(
        "ledger: team-ledger.jsonl\nservers:\n"
        "  docs: {url: 'https://docs.example/mcp', allowDynamic: true}\n"
        "  plain: {url: 'https://plain.example/mcp'}\n"
    )
    return load_config(str(path))


def test_a_url_gets_the_default_policy_and_the_configs_ledger(config, tmp_path):
    # timing: the timeout is only carried into the target here; nothing waits on it
    inv = resolve_target(
        "https://skills.example.com/mcp", None, config=config, options=TargetOptions(era="modern", timeout=5)
    )
    assert (inv.target.kind, inv.target.label, inv.target.url) == (
        "http",
        "skills.example.com",
        "https://skills.example.com/mcp",
    )
    assert not inv.policy.allow_dynamic and (inv.era, inv.timeout) == ("modern", 5)
    assert inv.ledger_path == tmp_path / "team-ledger.jsonl"  # relative to the config file


def test_a_config_label_brings_its_own_policy(config):
    assert resolve_target("docs", None, config=config).policy.allow_dynamic
    assert not resolve_target("plain", None, config=config).policy.allow_dynamic
    assert resolve_target("plain", None, config=config, options=TargetOptions(allow_dynamic=True)).policy.allow_dynamic


def test_a_client_config_label_brings_its_policy_to_the_cli_as_to_the_tui(config):
    # Before one resolver, the CLI looked only at skillscope.yaml and lost the client's allowDynamic.
    inv = resolve_target("cursor-samples", None, config=config)
    assert inv.target.kind == "stdio" and inv.policy.allow_dynamic
    (seed,) = server_seeds(["cursor-samples"], None, config=config)
    assert seed.origin == "client" and seed.policy == inv.policy


def test_the_demo_gets_its_own_ledger(config, tmp_path):
    inv = resolve_target("demo", None, config=config, options=TargetOptions(ledger_file=str(tmp_path / "d.jsonl")))
    assert inv.target.kind == "inprocess" and inv.ledger_path == tmp_path / "d.jsonl"
    assert inv.ledger_path.exists()  # seeded on first use, so every review state shows


def test_a_stdio_command_and_a_target_together_are_refused(config):
    with pytest.raises(UsageError, match="not both"):
        resolve_target("docs", ["python", "-m", "srv"], config=config)
    with pytest.raises(SkillscopeError, match="No server labelled 'nope'"):
        resolve_target("nope", None, config=config)


def test_seeds_get_unique_labels_and_keep_headers_as_typed(config, monkeypatch):
    monkeypatch.setenv("TOKEN", "s3cret")
    seeds = server_seeds(
        ["https://a.example/mcp", "https://a.example/mcp"],
        ["python", "-m", "srv"],
        config=config,
        options=TargetOptions(headers=("Authorization: Bearer ${TOKEN}",), env=("KEY=${TOKEN}",)),
    )
    assert [s.label for s in seeds] == ["a.example", "a.example-2", "srv"]
    assert seeds[0].target.headers["Authorization"] == "Bearer s3cret"
    assert seeds[0].spec.headers["Authorization"] == "Bearer ${TOKEN}"  # what would be saved
    assert seeds[2].spec.env == {"KEY": "${TOKEN}"} and seeds[2].target.env == {"KEY": "s3cret"}
    with pytest.raises(UsageError, match="--label names one server"):
        server_seeds(["docs", "plain"], None, config=config, options=TargetOptions(label="x"))


def test_no_target_means_every_configured_server(config):
    seeds = server_seeds([], None, config=config)
    assert [(s.label, s.origin, s.policy.allow_dynamic) for s in seeds] == [
        ("docs", "config", True),
        ("plain", "config", False),
    ]


def test_a_form_is_checked_field_by_field():
    seed = seed_from_form(
        "url", url=" https://x.example/mcp ", headers="", command="", env="", cwd="", label="", taken={"x.example"}
    )
    assert seed.label == "x.example-2" and seed.origin == "dialog"
    with pytest.raises(UsageError, match="must start with http"):
        seed_from_form("url", url="ftp://x", headers="", command="", env="", cwd="", label="", taken=set())
    with pytest.raises(UsageError, match="already shown"):
        seed_from_form("command", url="", headers="", command="srv", env="", cwd="", label="srv", taken={"srv"})
    with pytest.raises(UsageError, match="NAME=value"):
        seed_from_form("command", url="", headers="", command="srv", env="novalue", cwd="", label="", taken=set())


def test_a_disabled_client_server_says_why(home):
    from skillscope.config.clients.discovery import discover_servers

    problems = {f.spec.label: attach_problem(f.spec) for f in discover_servers().servers}
    assert problems == {"cursor-samples": "", "off": "disabled in its config"}

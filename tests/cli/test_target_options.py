"""The options that say how to reach a server are one ``TargetOptions`` value, built once for every command and the TUI."""

from __future__ import annotations

import click
from click.testing import CliRunner

from skillscope.cli import cli
from skillscope.cli.commands_tui import tui_settings
from skillscope.cli.common import target_options
from skillscope.service.targets import TargetOptions

TARGET_FLAGS = {"--era", "--label", "--header", "--env", "--timeout", "--allow-dynamic", "--config", "--ledger"}


def _commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    found: dict[str, click.Command] = {}
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found.update(_commands(command, f"{prefix}{name} "))
        else:
            found[f"{prefix}{name}"] = command
    return found


def test_the_shared_decorator_hands_the_command_one_value():
    seen: list[TargetOptions] = []

    @click.command()
    @target_options
    def probe(reach: TargetOptions) -> None:
        seen.append(reach)

    given = ["--era", "legacy", "--label", "docs", "--header", "X-A: 1", "--header", "X-B: 2", "--env", "LEVEL=debug"]
    given += ["--timeout", "45", "--allow-dynamic", "--config", "team.yaml", "--ledger", "reviews.jsonl"]
    result = CliRunner().invoke(probe, given)
    assert result.exit_code == 0, result.output
    assert seen == [
        TargetOptions(
            era="legacy",
            label="docs",
            headers=("X-A: 1", "X-B: 2"),
            env=("LEVEL=debug",),
            timeout=45.0,
            allow_dynamic=True,
            config_path="team.yaml",
            ledger_file="reviews.jsonl",
        )
    ]
    CliRunner().invoke(probe, [])
    assert seen[-1] == TargetOptions()  # the defaults a user sees in --help are the value's defaults


def test_every_target_command_offers_the_same_options_with_the_same_defaults():
    offered = {}
    for name, command in _commands(cli).items():
        flags = {opt: param for param in command.params for opt in param.opts if opt in TARGET_FLAGS}
        if flags:
            offered[name] = {opt: (param.default, param.multiple) for opt, param in flags.items()}
    # Every command that reaches a server takes all of them, the TUI included.
    assert {"list", "show", "audit", "approve", "reject", "revoke", "diff", "fetch", "inventory", "tui"} <= set(offered)
    full = {name: options for name, options in offered.items() if set(options) == TARGET_FLAGS}
    assert {"list", "show", "audit", "approve", "reject", "revoke", "diff", "fetch", "inventory", "tui"} <= set(full)
    assert len({repr(sorted(options.items())) for options in full.values()}) == 1


def test_the_tui_keeps_the_value_it_was_started_with(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    reach = TargetOptions(era="modern", timeout=90.0, allow_dynamic=True, ledger_file=str(tmp_path / "l.jsonl"))
    settings = tui_settings(("https://skills.example.com/mcp",), None, reach, reviewer=None)
    assert settings.options == reach
    assert (settings.era, settings.timeout, settings.allow_dynamic) == ("modern", 90.0, True)
    assert settings.ledger_path == tmp_path / "l.jsonl"
    assert settings.servers[0].policy.allow_dynamic

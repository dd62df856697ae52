"""``tui`` (also ``skillscope`` with no command): the reviewer's TUI; ``demo`` opens it on the demo server."""

from __future__ import annotations

import sys
from typing import Any

import click

from skillscope.cli.common import EXIT_CODES, TARGET_HELP, TargetCommand, command_ledger, report_error, target_options
from skillscope.errors import SkillscopeError

__all__ = ["run_tui", "tui_command", "tui_settings"]


def tui_settings(targets: tuple[str, ...], stdio_command: list[str] | None, options: dict[str, Any], *, reviewer: str | None) -> Any:
    """Turn the command line into ``TuiSettings``: the given targets, else every server in the config.

    Raises:
        SkillscopeError: the config cannot be read, or a target cannot be understood.
    """
    from skillscope.catalog.entry import Policy
    import re

    from skillscope.config import ServerSpec, client_server, load_config, target_from_args
    from skillscope.demo import is_demo_target
    from skillscope.errors import UsageError
    from skillscope.tui.settings import ServerSeed, TuiSettings, unique_label

    config = load_config(options.get("config_path"))
    label = options.get("label")
    headers = list(options.get("headers", ()))
    env = list(options.get("env", ()))
    allow_dynamic = bool(options.get("allow_dynamic"))
    if label and len(targets) + (1 if stdio_command else 0) != 1:
        raise UsageError("--label names one server: give exactly one TARGET (or one command after --)")
    seeds: list[ServerSeed] = []
    taken: set[str] = set()

    def add(seed: ServerSeed) -> None:
        if seed.label in taken:
            from dataclasses import replace

            new_label = unique_label(seed.label, taken)
            spec = replace(seed.spec, label=new_label) if seed.spec is not None else None
            seed = replace(seed, target=replace(seed.target, label=new_label), spec=spec)
        taken.add(seed.label)
        seeds.append(seed)

    for target in targets:
        built = target_from_args(target, None, config=config, label=label, headers=headers)
        if is_demo_target(built):
            add(ServerSeed(built, None, "demo", Policy()))
            continue
        spec = config.servers.get(target)
        if spec is None and not re.match(r"^https?://", target, re.IGNORECASE):
            found = client_server(target)  # what config.target attached to
            if found is not None:
                add(ServerSeed(built, found, "client", Policy(allow_dynamic=allow_dynamic or found.allow_dynamic)))
                continue
        if spec is not None and built.kind != "http" or (spec is not None and not headers):
            add(ServerSeed(built, spec, "config", Policy(allow_dynamic=allow_dynamic or spec.allow_dynamic)))
            continue
        raw_headers = {h.partition(":")[0].strip(): h.partition(":")[2].strip() for h in headers}
        if spec is not None:
            raw_headers = {**spec.headers, **raw_headers}
        url = built.url if spec is None else spec.url
        add(ServerSeed(built, ServerSpec(built.label, url=url, headers=raw_headers), "command-line", Policy(allow_dynamic=allow_dynamic)))
    if stdio_command:
        built = target_from_args(None, stdio_command, config=config, label=label, env=env)
        # Saved as typed: ${VAR} stays unexpanded, so a secret never lands in the config file.
        raw_env = dict(item.partition("=")[::2] for item in env)
        spec = ServerSpec(built.label, command=stdio_command[0], args=list(stdio_command[1:]), env=raw_env)
        add(ServerSeed(built, spec, "command-line", Policy(allow_dynamic=allow_dynamic)))
    if not targets and not stdio_command:
        for name, spec in config.servers.items():
            policy = Policy(allow_dynamic=allow_dynamic or spec.allow_dynamic)
            try:
                add(ServerSeed(config.target(name), spec, "config", policy))
            except SkillscopeError as exc:
                add(ServerSeed(_placeholder(name, spec), spec, "config", policy, problem=exc.message))
        if not config.servers:
            for seed in client_seeds(allow_dynamic):
                add(seed)
    path = command_ledger(config, options, demo_only=bool(seeds) and all(s.origin == "demo" for s in seeds))
    return TuiSettings(servers=seeds, ledger_path=path, era=options.get("era", "auto"), timeout=options.get("timeout", 30.0),
                       config_path=config.path, reviewer=reviewer, allow_dynamic=allow_dynamic, signing_key=config.signing_key)


def _placeholder(label: str, spec: Any) -> Any:
    """A target that only names a server which cannot be attached (its seed carries the reason)."""
    from skillscope.protocol.target import Target

    return Target(label=label, kind="http" if spec.url else "stdio", url=spec.url, command=(spec.command,) if spec.command else ())


def client_seeds(allow_dynamic: bool) -> list[Any]:
    """The servers of the user's MCP client configs, offered in the TUI but not attached until asked.

    Nothing is prompted for here: a server whose values need a VS Code input, or an unset
    variable, is offered with that reason; disabled and unsupported ones are left out.
    """
    from skillscope.catalog.entry import Policy
    from skillscope.cli.commands_servers import client_state
    from skillscope.clients import discover_servers
    from skillscope.errors import UsageError
    from skillscope.tui.settings import ServerSeed

    def no_prompt(spec: Any) -> str:
        raise UsageError(f"asks for VS Code input {spec.id!r}: attach it with skillscope tui LABEL --config FILE in a terminal")

    seeds = []
    for found in discover_servers().servers:
        spec = found.spec
        if client_state(spec):
            continue
        policy = Policy(allow_dynamic=allow_dynamic or spec.allow_dynamic)
        try:
            seeds.append(ServerSeed(spec.to_target(prompt=no_prompt), spec, "client", policy, autoconnect=False))
        except SkillscopeError as exc:
            seeds.append(ServerSeed(_placeholder(spec.label, spec), spec, "client", policy, problem=exc.message, autoconnect=False))
    return seeds


def run_tui(settings: Any) -> None:
    """Run the TUI until the reviewer quits (every server is let go of on the way out)."""
    from skillscope.runlog import quiet_terminal
    from skillscope.tui import make_app

    quiet_terminal()
    make_app(settings).run()


@click.command("tui", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("targets", nargs=-1)
@target_options
@click.option("--reviewer", help="Who reviews (default: git user.name <user.email>, else the login name).")
@click.pass_context
def tui_command(ctx: click.Context, targets: tuple[str, ...], reviewer: str | None, **options: Any) -> None:
    """Browse, verify and review skills in the terminal UI.

    Attaches to every TARGET (URLs and config labels; one stdio command after --), or to
    every server in the config file when none is given. With neither, offers the servers
    of your MCP clients' configs (see `skillscope servers`), attached when you press c.
    --header applies to every URL.
    Running skillscope with no command does the same as `skillscope tui`.

    \b
    Examples:
      skillscope tui docs https://skills.example.com/mcp --header 'Authorization: Bearer ${TOKEN}'
      skillscope tui -- python -m my_skill_server
    """
    try:
        settings = tui_settings(targets, ctx.meta.get("stdio_command"), options, reviewer=reviewer)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    run_tui(settings)

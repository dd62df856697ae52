"""Resolving targets for any front end: which server a name or form means, its policy and its ledger."""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from skillscope.catalog.entry import Policy
from skillscope.catalog.names import is_valid_label, label_for_command, label_for_url
from skillscope.config.clients.discovery import discover_servers
from skillscope.config.file import Config, client_server, parse_header, target_from_args
from skillscope.config.servers import ServerSpec
from skillscope.core.errors import SkillscopeError, UsageError
from skillscope.demo import is_demo_target
from skillscope.ledger.core.defaults import ledger_path
from skillscope.protocol.target import Target

if TYPE_CHECKING:
    from skillscope.demo.wellknown import OriginConflict
    from skillscope.protocol.info import Era


__all__ = [
    "Invocation",
    "TargetOptions",
    "Origin",
    "ServerSeed",
    "attach_problem",
    "client_seeds",
    "ledger_for",
    "origin_conflicts",
    "origin_warnings",
    "repository_paths_of",
    "resolve_target",
    "seed_from_form",
    "server_policy",
    "server_seeds",
    "unique_label",
]

Origin = Literal["config", "command-line", "dialog", "demo", "client"]
_URL = re.compile(r"^https?://", re.IGNORECASE)


@dataclass(frozen=True)
class TargetOptions:
    """How to reach the servers a run names: the options every target command shares, and the TUI's settings.

    The CLI builds one from its shared options (``--era``, ``--label``, ``--header``, ``--env``, ``--timeout``,
    ``--allow-dynamic``, ``--config``, ``--ledger``); the TUI keeps the one it was started with.
    """

    era: Era = "auto"
    """Protocol era: ``auto`` tries the modern ``server/discover`` first and falls back to the handshake."""
    label: str | None = None
    """The name of the one server named (a TARGET or a command); None derives it from the URL or command."""
    headers: tuple[str, ...] = ()
    """``NAME: VALUE`` HTTP headers for every URL (``${VAR}`` expands from the environment)."""
    env: tuple[str, ...] = ()
    """``NAME=VALUE`` variables for a stdio server (``${VAR}`` expands from the environment)."""
    timeout: float = 30.0
    """Seconds allowed for connecting and for each request."""
    allow_dynamic: bool = False
    """Treat dynamic skills (no manifest, nothing verifiable) as available."""
    config_path: str | None = None
    """The config file given; None looks for ./skillscope.yaml, then the per-user one."""
    ledger_file: str | None = None
    """The ledger file given; None takes $SKILLSCOPE_LEDGER, the config's, or the per-user one."""


@dataclass(frozen=True)
class Invocation:
    """One command's resolved target, policy, config and ledger path."""

    target: Target
    policy: Policy
    config: Config
    era: Era
    timeout: float
    ledger_path: Path


@dataclass(frozen=True)
class ServerSeed:
    """One server to show: how to reach it and, for saving, how the user wrote it."""

    target: Target
    """The ``Target`` (header and ``${VAR}`` values already expanded)."""
    spec: ServerSpec | None = None
    """The ``ServerSpec`` as written (``${VAR}`` unexpanded); None when it cannot be saved (in-process)."""
    origin: Origin = "command-line"
    policy: Policy = Policy()
    problem: str | None = None
    """Why the server cannot be attached at all (e.g. an unset ``${VAR}``); shown as its failure."""
    autoconnect: bool = True
    """Attach at start; False for servers only offered (found in MCP clients' configs: press c to attach)."""
    named: bool = True
    """The user named this server on this run (a TARGET, a command after --, the add dialog). False for servers
    read from a config on a run that named none: a stdio one runs a local command, started only once confirmed."""

    @property
    def label(self) -> str:
        """The server's label, unique within one front end."""
        return str(self.target.label)


def unique_label(label: str, taken: set[str]) -> str:
    """``label``, or ``label-2``, ``label-3``... when it is already in use."""
    if label not in taken:
        return label
    number = 2
    while f"{label[:60]}-{number}" in taken:
        number += 1
    return f"{label[:60]}-{number}"


def attach_problem(spec: ServerSpec) -> str:
    """What stands between a server found in a client's config and attaching to it ("" when nothing does)."""
    if spec.note:
        return spec.note
    if spec.disabled:
        return "disabled in its config"
    return ""


def _named_spec(name: str | None, config: Config) -> tuple[ServerSpec | None, Origin]:
    """The spec a TARGET names: the config's server of that label, else the one in the user's MCP clients."""
    if not name or _URL.match(name):
        return None, "command-line"
    spec = config.servers.get(name)
    if spec is not None:
        return spec, "config"
    found = client_server(name)
    return (found, "client") if found is not None else (None, "command-line")


def server_policy(spec: ServerSpec | None, allow_dynamic: bool) -> Policy:
    """The host policy for a server: ``--allow-dynamic``, or the server's own ``allowDynamic``."""
    return Policy(allow_dynamic=allow_dynamic or bool(spec is not None and spec.allow_dynamic))


def ledger_for(config: Config, ledger_file: str | None, *, demo_only: bool = False) -> Path:
    """The ledger a command uses; with only the demo as target, the demo's own ledger (seeded when new)."""
    if demo_only:
        from skillscope.demo.ledger import demo_ledger

        return Path(demo_ledger(ledger_file))

    return ledger_path(ledger_file, config.ledger, config.path.parent if config.path else None)


def resolve_target(
    target: str | None,
    command: Sequence[str] | None,
    *,
    config: Config,
    options: TargetOptions = TargetOptions(),
) -> Invocation:
    """What one TARGET (a URL, a label, ``demo``) or stdio command line means, with its policy and ledger.

    Raises:
        SkillscopeError: the target cannot be understood (unknown label, bad header, unset ``${VAR}``).
    """
    built = target_from_args(
        target,
        list(command) if command else None,
        config=config,
        label=options.label,
        headers=list(options.headers),
        env=list(options.env),
        timeout=options.timeout,
    )
    demo = is_demo_target(built)
    spec = None if built.kind == "inprocess" or command else _named_spec(target, config)[0]
    path = ledger_for(config, options.ledger_file, demo_only=demo)
    return Invocation(built, server_policy(spec, options.allow_dynamic), config, options.era, options.timeout, path)


def server_seeds(
    targets: Sequence[str],
    command: Sequence[str] | None,
    *,
    config: Config,
    options: TargetOptions = TargetOptions(),
) -> list[ServerSeed]:
    """The servers to show for TARGETs and a stdio command line; with neither, every configured server.

    Labels are made unique (``docs``, ``docs-2``). With no config servers either, the servers
    of the user's MCP clients are offered (not attached until asked).

    Raises:
        SkillscopeError: the config cannot be read, or a target cannot be understood.
    """
    label, headers, env, allow_dynamic = options.label, options.headers, options.env, options.allow_dynamic
    if label and len(targets) + (1 if command else 0) != 1:
        raise UsageError("--label names one server: give exactly one TARGET (or one command after --)")
    seeds: list[ServerSeed] = []
    taken: set[str] = set()

    def add(seed: ServerSeed) -> None:
        if seed.label in taken:
            new_label = unique_label(seed.label, taken)
            spec = replace(seed.spec, label=new_label) if seed.spec is not None else None
            seed = replace(seed, target=replace(seed.target, label=new_label), spec=spec)
        taken.add(seed.label)
        seeds.append(seed)

    for target in targets:
        built = target_from_args(
            target, None, config=config, label=label, headers=list(headers), timeout=options.timeout
        )
        if is_demo_target(built):
            add(ServerSeed(built, None, "demo", Policy()))
            continue
        if built.kind == "inprocess":  # a local folder or a well-known index: served from this process, nothing to save
            add(ServerSeed(built, None, "command-line", server_policy(None, allow_dynamic)))
            continue
        spec, origin = _named_spec(target, config)
        if origin == "client" or (spec is not None and (built.kind != "http" or not headers)):
            add(ServerSeed(built, spec, origin, server_policy(spec, allow_dynamic)))
            continue
        # Saved as typed: header values keep their ${VAR}, so a secret never lands in the config file.
        raw_headers = {h.partition(":")[0].strip(): h.partition(":")[2].strip() for h in headers}
        if spec is not None:
            raw_headers = {**spec.headers, **raw_headers}
        url = built.url if spec is None else spec.url
        add(
            ServerSeed(
                built,
                ServerSpec(built.label, url=url, headers=raw_headers),
                "command-line",
                server_policy(None, allow_dynamic),
            )
        )
    if command:
        built = target_from_args(None, list(command), config=config, label=label, env=list(env))
        raw_env = dict(item.partition("=")[::2] for item in env)
        spec = ServerSpec(built.label, command=command[0], args=list(command[1:]), env=raw_env)
        add(ServerSeed(built, spec, "command-line", server_policy(None, allow_dynamic)))
    if not targets and not command:
        for name, spec in config.servers.items():
            policy = server_policy(spec, allow_dynamic)
            try:
                add(ServerSeed(config.target(name), spec, "config", policy, named=False))
            except SkillscopeError as exc:
                add(ServerSeed(_placeholder(name, spec), spec, "config", policy, problem=exc.message, named=False))
        if not config.servers:
            for seed in client_seeds(allow_dynamic):
                add(seed)
    return seeds


def _placeholder(label: str, spec: ServerSpec) -> Target:
    """A target that only names a server which cannot be attached (its seed carries the reason)."""
    return Target(
        label=label, kind="http" if spec.url else "stdio", url=spec.url, command=(spec.command,) if spec.command else ()
    )


def client_seeds(allow_dynamic: bool) -> list[ServerSeed]:
    """The servers of the user's MCP client configs, offered but not attached until asked.

    Nothing is prompted for here: a server whose values need a VS Code input, or an unset
    variable, is offered with that reason; disabled and unsupported ones are left out.
    """

    def no_prompt(spec: object) -> str:
        raise UsageError(
            f"asks for VS Code input {getattr(spec, 'id', '?')!r}: attach it with skillscope tui LABEL --config FILE in a terminal"
        )

    seeds = []
    for found in discover_servers().servers:
        spec = found.spec
        if attach_problem(spec):
            continue
        policy = server_policy(spec, allow_dynamic)
        try:
            seeds.append(
                ServerSeed(spec.to_target(prompt=no_prompt), spec, "client", policy, autoconnect=False, named=False)
            )
        except SkillscopeError as exc:
            placeholder = _placeholder(spec.label, spec)
            seeds.append(
                ServerSeed(placeholder, spec, "client", policy, problem=exc.message, autoconnect=False, named=False)
            )
    return seeds


def seed_from_form(
    kind: str,
    *,
    url: str,
    headers: str,
    command: str,
    env: str,
    cwd: str,
    label: str,
    taken: set[str],
    allow_dynamic: bool = False,
) -> ServerSeed:
    """Build a server from a form's fields (``kind`` is ``url`` or ``command``).

    Header and environment values are kept as typed in the spec (``${VAR}`` unexpanded,
    for saving) and expanded only in the target.

    Raises:
        SkillscopeError: a field cannot be used (the message says which).
    """
    label = label.strip()
    if label and not is_valid_label(label):
        raise UsageError(f"{label!r} is not a valid label (1–64 of A-Z a-z 0-9 _ . -)")
    if label and label in taken:
        raise UsageError(f"A server labelled {label!r} is already shown")
    if kind == "url":
        url = url.strip()
        if not url.lower().startswith(("http://", "https://")):
            raise UsageError("The URL must start with http:// or https://")
        raw_headers: dict[str, str] = {}
        for line in headers.splitlines():
            if not line.strip():
                continue
            name, _ = parse_header(line)  # checks the name and that every ${VAR} is set
            raw_headers[name] = line.partition(":")[2].strip()
        spec = ServerSpec(
            label=label or unique_label(label_for_url(url), taken),
            url=url,
            headers=raw_headers,
            allow_dynamic=allow_dynamic,
        )
    else:
        try:
            words = shlex.split(command)
        except ValueError as exc:
            raise UsageError(f"The command line cannot be split into words: {exc}") from None
        if not words:
            raise UsageError("Type the server's command line, e.g. python -m my_skill_server")
        variables: dict[str, str] = {}
        for line in env.splitlines():
            if not line.strip():
                continue
            key, sep, value = line.strip().partition("=")
            if not sep or not key:
                raise UsageError(f"Environment lines take NAME=value (got {key!r})")
            variables[key] = value
        spec = ServerSpec(
            label=label or unique_label(label_for_command(words), taken),
            command=words[0],
            args=words[1:],
            env=variables,
            cwd=cwd.strip() or None,
            allow_dynamic=allow_dynamic,
        )
    return ServerSeed(target=spec.to_target(), spec=spec, origin="dialog", policy=server_policy(None, allow_dynamic))


def origin_conflicts(targets: Sequence[Target]) -> list[OriginConflict]:
    """Each skill name that two attached well-known origins serve with different bytes (the JSON report's ``warnings``)."""
    if sum(1 for target in targets if target.index) < 2:
        return []
    # Deferred: the well-known fetcher brings the HTTP client, which a run without such targets never needs.
    from skillscope.demo.wellknown import origin_conflicts as conflicts

    return conflicts(targets)


def origin_warnings(targets: Sequence[Target]) -> list[str]:
    """A sentence for each skill name that two attached well-known origins serve with different bytes, naming both."""
    return [conflict.sentence() for conflict in origin_conflicts(targets)]


def repository_paths_of(target: Target) -> dict[str, str] | None:
    """For a local folder target, each listed ``skill://`` URI's path in its repository (what SARIF names); else None."""
    if target.folder is None:
        return None
    from skillscope.demo.folder import repository_paths

    return repository_paths(Path(target.folder))

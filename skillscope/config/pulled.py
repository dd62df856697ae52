"""What a config file pulls in beyond its own bytes, and everything it would do, as ``config trust`` shows it."""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path

from skillscope.config.envfile import parse_env_file
from skillscope.config.file import Config
from skillscope.config.servers import ServerSpec
from skillscope.config.trust import ABSENT, read_pulled
from skillscope.config.variables import Expander
from skillscope.core.errors import SkillscopeError
from skillscope.core.redact import redact_url
from skillscope.ledger.core.signers import ALLOWED_SIGNERS_NAME

__all__ = ["Pulled", "pulled_files", "describe_config"]


@dataclass(frozen=True)
class Pulled:
    """One file a config makes skillscope read: what names it, and its absolute path."""

    what: str
    path: Path


class _NoPrompt(Exception):
    """Trusting a file never asks for a VS Code input."""


def _no_prompt(_spec: object) -> str:
    raise _NoPrompt


def _env_file(spec: ServerSpec, base: Path | None) -> Path | None:
    """The envFile's path as ``to_target`` will read it, when it can be known without asking anything."""
    workspace = Path(spec.workspace) if spec.workspace else None
    expander = Expander(
        spec.dialect,  # type: ignore[arg-type]
        workspace=workspace,
        inputs={i.id: i for i in spec.inputs},
        prompt=_no_prompt,
    )
    try:
        return spec.env_file_path(expander, workspace or base, f"server {spec.label!r} envFile")
    except (SkillscopeError, _NoPrompt):
        return None  # read-time check refuses it: it was never part of the trust


def _config_path(value: str, base: Path | None) -> Path:
    path = Path(os.path.expandvars(value)).expanduser()
    return Path(os.path.abspath(path if path.is_absolute() or base is None else base / path))


def pulled_files(config: Config) -> list[Pulled]:
    """Every file the config pulls in: each server's envFile, the signing key, and whose signatures count.

    Without ``allowed_signers``, the file of that name beside the config's ledger is the one in force.
    """
    base = config.path.parent if config.path else None
    found: list[Pulled] = []
    for label, spec in config.servers.items():
        if spec.env_file and not spec.url and (path := _env_file(spec, base)) is not None:
            found.append(Pulled(f"server {label!r} envFile", path))
    if config.signing_key:
        found.append(Pulled("signing_key", _config_path(config.signing_key, None)))  # as the signer reads it
    if config.allowed_signers:
        found.append(Pulled("allowed_signers", _config_path(config.allowed_signers, base)))
    elif config.ledger:
        found.append(
            Pulled("allowed_signers beside the ledger", _config_path(config.ledger, base).parent / ALLOWED_SIGNERS_NAME)
        )
    return found


def _masked(names: list[str]) -> str:
    return ", ".join(f"{name}=***" for name in sorted(names))


def describe_config(config: Config, digests: dict[str, str]) -> list[str]:
    """Lines that say everything the config would do: per server its URL and header names, or its command,
    arguments, cwd, env names and envFile (path and variable names); then ledger, signing key, allowed signers.

    Values of headers, env and envFile variables are never shown. ``digests`` maps pulled-in paths to what was recorded.
    """
    base = config.path.parent if config.path else None
    lines: list[str] = []
    for label, spec in config.servers.items():
        head = f"{label}:" + (" (disabled)" if spec.disabled else "")
        if spec.url:
            lines.append(f"{head} url {redact_url(spec.url)}")
            if spec.headers:
                lines.append(f"    headers {', '.join(sorted(spec.headers))} (values not shown)")
            continue
        lines.append(f"{head} runs {shlex.join([spec.command or '', *spec.args])}")
        lines.append(f"    cwd {spec.cwd}" if spec.cwd else "    cwd: the working directory")
        if spec.env:
            lines.append(f"    env {_masked(list(spec.env))}")
        if spec.env_file:
            path = _env_file(spec, base)
            if path is None:
                lines.append(
                    f"    envFile {spec.env_file} (cannot be resolved now: it will be refused until trusted again)"
                )
                continue
            try:
                data = read_pulled(path)
                names = list(parse_env_file(data, path)) if data is not None else None
            except SkillscopeError as exc:
                lines.append(f"    envFile {path}: {exc.message}")
                continue
            shown = "missing" if names is None else (_masked(names) or "no variables")
            lines.append(f"    envFile {path} ({digests.get(str(path), ABSENT)}): {shown}")
    if config.ledger:
        lines.append(f"ledger: {config.ledger}")
    for pulled in pulled_files(config):
        if not pulled.what.startswith("server "):
            lines.append(f"{pulled.what}: {pulled.path} ({digests.get(str(pulled.path), ABSENT)})")
    return lines

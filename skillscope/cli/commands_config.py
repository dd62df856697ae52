"""``config trust``: trust a project-level config file after reading what it would run and contact."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from skillscope.cli.common import EXIT_CODES, report_error
from skillscope.core.errors import SkillscopeError

__all__ = ["config_group", "trust_command"]


@click.group("config")
def config_group() -> None:
    """Manage trust in config files found in the working directory."""


@config_group.command("trust", epilog=EXIT_CODES)
@click.argument("file", required=False, type=click.Path(dir_okay=False))
def trust_command(file: str | None) -> None:
    """Trust FILE (default: ./skillscope.yaml) with its current content and the files it pulls in.

    A config file in the working directory can run commands and send ${VAR} secrets to
    the URLs it names, so skillscope refuses it until you trust it. Trust is recorded by
    absolute path and SHA-256 in the per-user data dir, with the SHA-256 of every file it
    pulls in (envFile, signing_key, allowed_signers); any later change to any of them asks
    again. A file that is a link, or lies below one in its project, is refused. A file given
    with --config needs no trust. This prints everything the file would run, send and read.
    """
    from skillscope.config.file import load_config
    from skillscope.config.pulled import describe_config, pulled_files
    from skillscope.config.trust import trust_file, trust_store_path
    from skillscope.core.locations import CONFIG_NAME
    from skillscope.core.textsafe import safe_line

    path = Path(file) if file else Path.cwd() / CONFIG_NAME
    try:
        config = load_config(path)
        record = trust_file(path, [pulled.path for pulled in pulled_files(config)])
        lines = describe_config(config, dict(record.pulled))
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    click.echo(f"Trusted {safe_line(record.path, limit=500)} ({record.digest}); recorded in {trust_store_path()}")
    for line in lines:
        click.echo(f"  {safe_line(line, limit=500)}")

"""``config trust``: trust a project-level config file after reading what it would run and contact."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from skillscope.cli.common import EXIT_CODES, report_error
from skillscope.errors import SkillscopeError

__all__ = ["config_group", "trust_command"]


@click.group("config")
def config_group() -> None:
    """Manage trust in config files found in the working directory."""


@config_group.command("trust", epilog=EXIT_CODES)
@click.argument("file", required=False, type=click.Path(dir_okay=False))
def trust_command(file: str | None) -> None:
    """Trust FILE (default: ./skillscope.yaml) with its current content.

    A config file in the working directory can run commands and send ${VAR} secrets to
    the URLs it names, so skillscope refuses it until you trust it. Trust is recorded by
    absolute path and SHA-256 in the per-user data dir; any later change asks again.
    A file given with --config needs no trust. This prints the servers the file defines.
    """
    from skillscope.config import load_config
    from skillscope.config_trust import trust_file, trust_store_path
    from skillscope.locations import CONFIG_NAME
    from skillscope.textsafe import safe_line

    path = Path(file) if file else Path.cwd() / CONFIG_NAME
    try:
        config = load_config(path)
        record = trust_file(path)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    click.echo(f"Trusted {safe_line(record.path, limit=500)} ({record.digest}); recorded in {trust_store_path()}")
    for label, spec in config.servers.items():
        if spec.url:
            from skillscope.redact import redact_url

            what = f"url {redact_url(spec.url)}"
            if spec.headers:
                what += f", headers {', '.join(sorted(spec.headers))}"
        else:
            import shlex

            what = f"runs {shlex.join([spec.command or '', *spec.args])}"
            if spec.cwd:
                what += f" in {spec.cwd}"
        click.echo(f"  {safe_line(label)}: {safe_line(what, limit=500)}")
    if config.ledger:
        click.echo(f"  ledger: {safe_line(config.ledger, limit=500)}")

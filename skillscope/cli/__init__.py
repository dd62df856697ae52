"""The command line (imports stay lazy: ``--help`` loads neither mcp nor textual)."""

from __future__ import annotations

import sys
from typing import Any

import click

from skillscope import __version__
from skillscope.cli.commands_audit import audit_command
from skillscope.cli.commands_catalog import demo_command, list_command, show_command
from skillscope.cli.commands_config import config_group
from skillscope.cli.commands_fetch import fetch_command
from skillscope.cli.commands_inventory import inventory_command
from skillscope.cli.commands_ledger import ledger_group
from skillscope.cli.commands_review import (
    approve_command,
    diff_command,
    export_command,
    reject_command,
    revoke_command,
)
from skillscope.cli.commands_rules import rules_command
from skillscope.cli.commands_servers import servers_command
from skillscope.cli.commands_suppress import suppress_command
from skillscope.cli.commands_tui import tui_command
from skillscope.cli.common import EXIT_CODES, mask_output_streams

__all__ = ["cli", "main"]


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog=EXIT_CODES,
    invoke_without_command=True,
)
@click.version_option(__version__, prog_name="skillscope")
@click.option(
    "--verbose",
    is_flag=True,
    help="Show every message of the MCP and HTTP libraries on stderr (sanitised), not one line per kind.",
)
@click.pass_context
def cli(ctx: click.Context, /, verbose: bool) -> None:
    """Browse and vet Agent Skills served over MCP (the io.modelcontextprotocol/skills extension).

    Listing reads no file. Opening a skill verifies SKILL.md (size, digest, frontmatter)
    before anything is shown, and every other file the same way. Reviews are kept in a
    hash-chained approval ledger whose approved fingerprints export to hosts.

    With no command, opens the TUI on the servers of the config file (see `skillscope tui`).
    """
    from skillscope.core.runlog import configure_logging

    configure_logging(verbose=verbose)
    if ctx.invoked_subcommand is None:
        ctx.invoke(tui_command)


for _command in (
    list_command,
    show_command,
    audit_command,
    approve_command,
    reject_command,
    revoke_command,
    diff_command,
    export_command,
    ledger_group,
    config_group,
    demo_command,
    servers_command,
    tui_command,
    fetch_command,
    inventory_command,
    rules_command,
):
    cli.add_command(_command)
cli.add_command(suppress_command)


def _terminate(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(args: list[str] | None = None) -> None:
    """Console-script entry point; ``args`` replaces ``sys.argv[1:]`` (tests run it in process)."""
    import signal

    # SIGTERM unwinds like Ctrl-C, so stdio servers are stopped and reaped on the way out.
    signal.signal(signal.SIGTERM, _terminate)
    mask_output_streams()
    cli.main(args=args, prog_name="skillscope")
    sys.exit(0)

"""``tui`` (also ``skillscope`` with no command): the reviewer's TUI; ``demo`` opens it on the demo server."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import click

from skillscope.cli.common import (
    EXIT_CODES,
    TARGET_HELP,
    TargetCommand,
    report_error,
    target_options,
    trust_choice,
    trust_options,
)
from skillscope.core.errors import SkillscopeError

if TYPE_CHECKING:
    from skillscope.service.targets import TargetOptions

__all__ = ["run_tui", "tui_command", "tui_settings"]


def tui_settings(
    targets: tuple[str, ...],
    stdio_command: list[str] | None,
    reach: TargetOptions,
    *,
    reviewer: str | None,
    trust: Mapping[str, Any] | None = None,
    refresh_minutes: float | None = None,
) -> Any:
    """Turn the command line into ``TuiSettings``: the given targets, else every server in the config.

    ``refresh_minutes`` (``--refresh-minutes``) wins over the config's ``tui: refresh_minutes``, which wins over the
    TUI's default.

    Raises:
        SkillscopeError: the config cannot be read, or a target cannot be understood.
    """
    from skillscope.config.file import load_config
    from skillscope.service.targets import ledger_for, origin_warnings, server_seeds
    from skillscope.tui.settings import TuiSettings

    config = load_config(reach.config_path)
    seeds = server_seeds(targets, stdio_command, config=config, options=reach)
    path = ledger_for(config, reach.ledger_file, demo_only=bool(seeds) and all(s.origin == "demo" for s in seeds))
    minutes = refresh_minutes if refresh_minutes is not None else config.refresh_minutes
    extra: dict[str, Any] = {} if minutes is None else {"refresh_minutes": minutes}
    return TuiSettings(
        servers=seeds,
        ledger_path=path,
        options=reach,
        config_path=config.path,
        reviewer=reviewer,
        trust=trust_choice(config, dict(trust or {}), path),
        notes=origin_warnings([seed.target for seed in seeds]),
        **extra,
    )


def run_tui(settings: Any) -> None:
    """Run the TUI until the reviewer quits (every server is let go of on the way out)."""
    from skillscope.core.runlog import quiet_terminal
    from skillscope.tui import make_app

    quiet_terminal()
    make_app(settings).run()


@click.command("tui", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("targets", nargs=-1)
@target_options
@trust_options
@click.option(
    "--reviewer",
    help="Who reviews, and the signing principal (default: git config user.email, else user.name, else the login name).",
)
@click.option(
    "--refresh-minutes",
    type=click.FloatRange(min=0),
    metavar="N",
    help="Minutes between listings of a server that gives no cache hint (default 5, or the config's "
    "tui: refresh_minutes); 0 lists only when you press r.",
)
@click.pass_context
def tui_command(
    ctx: click.Context,
    /,
    targets: tuple[str, ...],
    reviewer: str | None,
    refresh_minutes: float | None,
    reach: TargetOptions,
    **options: Any,
) -> None:
    """Browse, verify and review skills in the terminal UI.

    Attaches to every TARGET (URLs and config labels; one stdio command after --), or to
    every server in the config file when none is given: its stdio servers' commands are
    listed first and start only once you confirm them (URLs run nothing here). With neither,
    offers the servers of your MCP clients' configs (see `skillscope servers`), attached
    when you press c.
    --header applies to every URL.
    Running skillscope with no command does the same as `skillscope tui`.

    \b
    Examples:
      skillscope tui docs https://skills.example.com/mcp --header 'Authorization: Bearer ${TOKEN}'
      skillscope tui -- python -m my_skill_server
    """
    try:
        settings = tui_settings(
            targets,
            ctx.meta.get("stdio_command"),
            reach,
            reviewer=reviewer,
            trust=options,
            refresh_minutes=refresh_minutes,
        )
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    run_tui(settings)

"""``fetch``: write one verified skill to a local folder, for other tools to read."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from skillscope.cli.common import (
    EXIT_CODES,
    TARGET_HELP,
    TargetCommand,
    progress,
    report_error,
    run,
    setup,
    target_options,
)

if TYPE_CHECKING:
    from skillscope.service.targets import TargetOptions

__all__ = ["fetch_command"]


@click.command("fetch", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("name")
@click.argument("target", required=False)
@target_options
@click.option(
    "--to",
    "dest",
    required=True,
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="Folder to write the skill to: created when missing, refused when not empty.",
)
@click.pass_context
def fetch_command(
    ctx: click.Context, /, name: str, target: str | None, dest: str, reach: TargetOptions, **options: Any
) -> None:
    """Write a verified skill to DIR, so any local tool (a scanner, an editor) can read it.

    Every file is read and verified first (size, digest, SKILL.md's frontmatter), exactly as
    show --all-files does; nothing is written unless all verified. Files keep their paths as
    the skill's URIs spell them (never percent-decoded); a path that could land outside DIR
    is refused by name. Nothing is ever written as a link.

    \b
    Examples:
      skillscope fetch pdf-processing https://example.com/mcp --to ./pdf-processing
      skill-scanner scan ./pdf-processing     # any scanner, on verified bytes
    """
    from skillscope.core.errors import SkillscopeError
    from skillscope.service.fetch import check_destination

    folder = Path(dest)
    try:
        check_destination(folder)  # before connecting: a wrong folder costs no reads
    except SkillscopeError as exc:
        ctx.exit(report_error(exc))
    inv = setup(ctx, target, reach)

    async def body() -> int:
        from skillscope.core.textsafe import safe_line
        from skillscope.service.catalog import open_named
        from skillscope.service.fetch import write_skill

        with progress(f"Connecting to {inv.target.display}") as say:
            _info, report = await open_named(inv, name, paths=[], all_files=True, say=say)
        if report.failure is not None:
            click.echo(f"skillscope: {safe_line(report.failure.message, limit=600)}; nothing was written", err=True)
            if report.refresh:
                click.echo(f"skillscope: {safe_line(report.refresh, limit=600)}", err=True)
            return 1
        written = write_skill(report, folder)
        click.echo(f"Wrote {len(written)} verified file(s) of {safe_line(report.entry.name)} to {folder}", err=True)
        return 0

    run(body)

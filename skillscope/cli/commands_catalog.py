"""``list``, ``show`` and ``demo``: read a server's catalog and open skills."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from skillscope.cli.common import (
    EXIT_CODES,
    TARGET_HELP,
    TargetCommand,
    print_json,
    progress,
    run,
    setup,
    target_options,
    trust_choice,
    trust_options,
)

if TYPE_CHECKING:
    from skillscope.service.targets import TargetOptions

__all__ = ["list_command", "show_command", "demo_command"]


@click.command("list", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("target", required=False)
@target_options
@trust_options
@click.option("--json", "as_json", is_flag=True, help="Print the catalog as JSON.")
@click.option(
    "--surface",
    is_flag=True,
    help="Also list every tool, prompt, resource and resource template, each with its fingerprint and review state.",
)
@click.pass_context
def list_command(
    ctx: click.Context, /, target: str | None, as_json: bool, surface: bool, reach: TargetOptions, **options: Any
) -> None:
    """List every skill a server serves, with the reason for each that cannot be used.

    Reads no file. Each skill's review state comes from the approval ledger.

    \b
    Examples:
      skillscope list https://example.com/mcp --header 'Authorization: Bearer ${TOKEN}'
      skillscope list --json -- python -m my_skill_server
    """
    inv = setup(ctx, target, reach)

    async def body() -> int:
        from skillscope.service.connect import attach
        from skillscope.service.review_state import load_verdicts, review_states

        verdicts, ledger_warning = load_verdicts(inv.ledger_path, trust_choice(inv.config, options, inv.ledger_path))
        shown = None
        with progress(f"Connecting to {inv.target.display}") as say:
            async with attach(inv) as conn:
                say("Listing skills")
                if surface:
                    from skillscope.service.surface import item_reviews, load_catalog_and_surface

                    listing, shown = await load_catalog_and_surface(conn, inv.policy)
                else:
                    listing = await _skills_or_none(conn, inv.policy)
        reviews = review_states(verdicts, listing.entries)
        if as_json:
            from skillscope.cli.jsonout import listing_json

            document = listing_json(conn.info, listing, reviews, ledger_warning)
            if shown is not None:
                from skillscope.cli.surface_out import surface_json

                document.update(surface_json(shown, item_reviews(verdicts, shown)))
            print_json(document)
        else:
            from skillscope.cli.render import make_console, render_listing

            if ledger_warning:
                click.echo(f"skillscope: warning: {ledger_warning}", err=True)
            console = make_console()
            console.print(render_listing(conn.info, listing, reviews))
            if shown is not None:
                from skillscope.cli.surface_out import render_surface

                console.print(render_surface(shown, item_reviews(verdicts, shown)))
        return 0

    run(body)


async def _skills_or_none(conn: Any, policy: Any) -> Any:
    """The catalog; an empty one for a server that plainly serves no skills (the output then says so, exit 0)."""
    from skillscope.catalog.listing import Listing
    from skillscope.core.errors import ExtensionNotOffered
    from skillscope.service.catalog import load_catalog

    try:
        return await load_catalog(conn, policy)
    except ExtensionNotOffered:
        if not conn.info.serves_no_skills:
            raise  # a malformed declaration, or --era legacy where the era may be why: an error with its hint
        return Listing()


@click.command("show", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("name")
@click.argument("target", required=False)
@target_options
@trust_options
@click.option(
    "--file",
    "files",
    multiple=True,
    metavar="REL",
    help="Also read and verify this file (path relative to the skill; repeatable).",
)
@click.option("--all-files", is_flag=True, help="Read and verify every listed file after SKILL.md.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (contents only when verified).")
@click.option(
    "--render",
    is_flag=True,
    help="Render Markdown (link targets written out, what rendering hides listed after it) instead of the source.",
)
@click.option(
    "--raw",
    is_flag=True,
    help="Write the exact bytes of SKILL.md, or of the one --file, to stdout (only when verified).",
)
@click.pass_context
def show_command(
    ctx: click.Context,
    /,
    name: str,
    target: str | None,
    files: tuple[str, ...],
    all_files: bool,
    as_json: bool,
    render: bool,
    raw: bool,
    reach: TargetOptions,
    **options: Any,
) -> None:
    """Open one skill: verify SKILL.md, then the requested files, and show them.

    NAME is LABEL:PATH, a PATH (pdf-processing, acme/billing/review), or a bare skill name
    when it is unique. A skill the listing lacks is fetched with skills/get. Nothing that
    failed verification is shown; the report says what differed.

    By default each file is shown as its exact source, the text the agent reads, with line
    numbers and every hidden or control character as a highlighted escape; binaries as hex
    and their printable strings. Long files are cut with a note; --raw and --json give
    everything.

    \b
    Examples:
      skillscope show pdf-processing https://example.com/mcp --file references/FORMS.md
      skillscope show srv:acme/billing/invoice-review --all-files --json -- ./server
    """
    if raw and (all_files or len(files) > 1 or as_json or render):
        raise click.UsageError(
            "--raw writes one file: SKILL.md, or a single --file, without --all-files, --json or --render"
        )
    inv = setup(ctx, target, reach)

    async def body() -> int:
        from skillscope.service.catalog import open_named
        from skillscope.service.review_state import entry_review, load_verdicts

        verdicts, ledger_warning = load_verdicts(inv.ledger_path, trust_choice(inv.config, options, inv.ledger_path))
        with progress(f"Connecting to {inv.target.display}") as say:
            info, report = await open_named(inv, name, paths=list(files), all_files=all_files, say=say)
        review = entry_review(verdicts, report.entry)
        if raw:
            return _write_raw(report, files[0] if files else None)
        if as_json:
            from skillscope.cli.jsonout import report_json

            print_json(report_json(info, report, review))
        else:
            from skillscope.cli.render import make_console, render_report

            if ledger_warning:
                click.echo(f"skillscope: warning: {ledger_warning}", err=True)
            console = make_console()
            console.print(render_report(report, review, render=render))
            if report.verified:
                from skillscope.cli.render import render_capabilities
                from skillscope.service.audits import capabilities_of

                read = sum(1 for f in report.files if f.served is not None)
                partial = read < len(report.entry.files or ()) and not all_files
                console.print(render_capabilities(capabilities_of(report), partial=partial))
        return _exit_code(report)

    run(body)


def _exit_code(report: Any) -> int:
    """0 when everything read verified; 3 when a file could not be read (a connection fault); 1 when bytes differed."""
    from skillscope.core.errors import EXIT_CONNECTION, EXIT_OK, EXIT_VERIFY

    if report.failure is None:
        return EXIT_OK
    return EXIT_CONNECTION if report.unreadable else EXIT_VERIFY


def _write_raw(report: Any, path: str | None) -> int:
    """The verified bytes, exactly, on stdout; on failure only the reason, on stderr."""
    import sys

    from skillscope.core.textsafe import safe_line

    if report.failure is not None:
        click.echo(f"skillscope: {safe_line(report.failure.message, limit=600)}; nothing is written", err=True)
        return _exit_code(report)
    result = (
        report.files[0]
        if path is None
        else next(f for f in report.files if f.path == path or f.uri.endswith("/" + path))
    )
    assert result.served is not None
    sys.stdout.buffer.write(result.served.data)
    sys.stdout.buffer.flush()
    return 0


@click.command("demo")
@click.option(
    "--list",
    "as_list",
    is_flag=True,
    help="Print the demo catalog with the demo ledger's reviews instead of opening the TUI (for scripts).",
)
@click.option(
    "--ledger",
    "ledger_file",
    type=click.Path(dir_okay=False),
    help="Ledger for the demo's reviews (default: demo-ledger.jsonl in the per-user data dir, seeded on first use).",
)
@click.option(
    "--reviewer",
    help="Who reviews, and the signing principal (default: git config user.email, else user.name, else the login name).",
)
@click.option(
    "--fresh",
    is_flag=True,
    help="Start the demo's reviews afresh: the demo ledger moves aside to a timestamped backup "
    "(demo-ledger.backup-TIME.jsonl, nothing is deleted) and a newly seeded one takes its place.",
)
def demo_command(as_list: bool, ledger_file: str | None, reviewer: str | None, fresh: bool) -> None:
    """Open the TUI on the embedded demo server, which shows every state a reviewer meets.

    The demo runs in this process and needs nothing installed. Its reviews go to a separate
    demo ledger, seeded with an approval, a stale approval and a rejection so every review
    state shows at once. `--fresh` starts those reviews over; the old ledger is kept as a backup.

    `demo` is also a TARGET for every command: `skillscope list demo`, `show hello-world demo`,
    `audit demo`, `approve NAME demo` (recorded in the demo ledger).
    """
    if fresh:
        from skillscope.demo.ledger import fresh_demo_ledger

        path, backup = fresh_demo_ledger(ledger_file)
        if backup is None:
            click.echo(f"skillscope: no demo ledger at {path} yet: the demo starts with a newly seeded one", err=True)
        else:
            click.echo(
                f"skillscope: the demo starts afresh; its earlier reviews were moved to {backup} (nothing was deleted)",
                err=True,
            )
    if as_list:

        async def body() -> int:
            from skillscope.catalog.entry import Policy
            from skillscope.cli.render import make_console, render_listing
            from skillscope.demo import demo_target
            from skillscope.demo.ledger import demo_ledger
            from skillscope.service.catalog import load_catalog
            from skillscope.service.connect import attach_target
            from skillscope.service.review_state import load_verdicts, review_states

            verdicts, ledger_warning = load_verdicts(demo_ledger(ledger_file))
            async with attach_target(demo_target(), timeout=30) as conn:
                listing = await load_catalog(conn, Policy())
            if ledger_warning:
                click.echo(f"skillscope: warning: {ledger_warning}", err=True)
            make_console().print(render_listing(conn.info, listing, review_states(verdicts, listing.entries)))
            return 0

        run(body)
        return
    from pathlib import Path

    from skillscope.cli.commands_tui import run_tui
    from skillscope.tui.demo_ledger import demo_settings

    run_tui(demo_settings(Path(ledger_file).expanduser() if ledger_file else None, reviewer=reviewer))

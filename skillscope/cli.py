"""The command line: list, show and demo, with documented exit codes (imports stay lazy)."""

from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import click

from skillscope import __version__
from skillscope.errors import SkillscopeError

__all__ = ["main", "cli"]

T = TypeVar("T")

EXIT_CODES = """\b
Exit codes:
  0  success
  1  verification failed (content did not match the skill's entry)
  2  usage or config error
  3  connection or protocol error
  4  skill not found (or cannot be opened)"""

TARGET_HELP = """\b
TARGET is one of:
  https://host/mcp      a Streamable HTTP server (--header 'Name: value' adds headers)
  LABEL                 a server from the config file (skillscope.yaml)
  -- COMMAND [ARGS...]  a stdio server: everything after -- is the command line"""


class _TargetCommand(click.Command):
    """A command whose arguments after ``--`` are a stdio server's command line."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--" in args:
            cut = args.index("--")
            ctx.meta["stdio_command"] = args[cut + 1 :]
            args = args[:cut]
        return super().parse_args(ctx, args)


def _common(fn: Callable[..., Any]) -> Callable[..., Any]:
    options = [
        click.option("--era", type=click.Choice(["auto", "modern", "legacy"]), default="auto", show_default=True,
                     help="Protocol era: auto tries 2026-07-28 (server/discover) and falls back to the 2025-11-25 handshake."),
        click.option("--label", help="Name for the server in skill names (default: config key, URL host or command name)."),
        click.option("--header", "headers", multiple=True, metavar="'NAME: VALUE'",
                     help="HTTP header (repeatable); ${VAR} expands from the environment. Values are never printed."),
        click.option("--env", "env", multiple=True, metavar="NAME=VALUE", help="Environment variable for a stdio server (repeatable)."),
        click.option("--timeout", type=click.FloatRange(min=0.1), default=30.0, show_default=True,
                     help="Seconds allowed for connecting and for each request."),
        click.option("--config", "config_path", type=click.Path(dir_okay=False), help="Config file (default: ./skillscope.yaml, then the per-user one)."),
        click.option("--allow-dynamic", is_flag=True, help="Treat dynamic skills (no manifest, nothing verifiable) as available."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
             epilog=EXIT_CODES)
@click.version_option(__version__, prog_name="skillscope")
def cli() -> None:
    """Browse and vet Agent Skills served over MCP (the io.modelcontextprotocol/skills extension).

    Listing reads no file. Opening a skill verifies SKILL.md (size, digest, frontmatter)
    before anything is shown, and every other file the same way.
    """


@cli.command("list", cls=_TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("target", required=False)
@_common
@click.option("--json", "as_json", is_flag=True, help="Print the catalog as JSON.")
@click.pass_context
def list_command(ctx: click.Context, target: str | None, as_json: bool, **options: Any) -> None:
    """List every skill a server serves, with the reason for each that cannot be used.

    \b
    Examples:
      skillscope list https://example.com/mcp --header 'Authorization: Bearer ${TOKEN}'
      skillscope list --json -- python -m my_skill_server
    """
    tgt, policy, config = _setup(ctx, target, options)

    async def run() -> int:
        from skillscope.protocol import connect
        from skillscope.workflow import load_catalog

        with _progress(f"Connecting to {tgt.display}") as progress:
            async with connect(tgt, era=options["era"], timeout=options["timeout"]) as conn:
                progress("Listing skills")
                listing = await load_catalog(conn, policy)
        if as_json:
            _print_json(_listing_json(conn.info, listing))
        else:
            from skillscope.cli_render import make_console, render_listing

            make_console().print(render_listing(conn.info, listing))
        return 0

    _exit(_run(run))


@cli.command("show", cls=_TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("name")
@click.argument("target", required=False)
@_common
@click.option("--file", "files", multiple=True, metavar="REL", help="Also read and verify this file (path relative to the skill; repeatable).")
@click.option("--all-files", is_flag=True, help="Read and verify every listed file after SKILL.md.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (the body only when verified).")
@click.pass_context
def show_command(ctx: click.Context, name: str, target: str | None, files: tuple[str, ...], all_files: bool, as_json: bool, **options: Any) -> None:
    """Open one skill: verify SKILL.md, then the requested files, and show them.

    NAME is LABEL:PATH, a PATH (pdf-processing, acme/billing/review), or a bare skill name
    when it is unique. A skill the listing lacks is fetched with skills/get. Nothing that
    failed verification is shown; the report says what differed.

    \b
    Examples:
      skillscope show pdf-processing https://example.com/mcp --file references/FORMS.md
      skillscope show srv:acme/billing/invoice-review --all-files --json -- ./server
    """
    tgt, policy, config = _setup(ctx, target, options)

    async def run() -> int:
        from skillscope.protocol import connect
        from skillscope.verify import open_skill
        from skillscope.workflow import load_catalog, resolve_name

        with _progress(f"Connecting to {tgt.display}") as progress:
            async with connect(tgt, era=options["era"], timeout=options["timeout"]) as conn:
                progress("Listing skills")
                listing = await load_catalog(conn, policy)
                progress(f"Resolving {name}")
                entry = await resolve_name(conn, listing, name, policy)
                progress(f"Reading and verifying {entry.name}")
                report = await open_skill(conn, entry, paths=list(files), all_files=all_files, policy=policy)
        if as_json:
            _print_json(_report_json(conn.info, report))
        else:
            from skillscope.cli_render import make_console, render_report

            make_console().print(render_report(report))
        return 0 if report.failure is None else 1

    _exit(_run(run))


@cli.command("demo")
@click.option("--list", "list_only", is_flag=True, help="Print the demo catalog instead of opening the interface.")
def demo_command(list_only: bool) -> None:
    """Open the embedded demo server, which shows every state a reviewer meets."""

    async def run() -> int:
        from skillscope.catalog.entry import Policy
        from skillscope.cli_render import make_console, render_listing
        from skillscope.demo import demo_target
        from skillscope.protocol import connect
        from skillscope.workflow import load_catalog

        async with connect(demo_target(), timeout=30) as conn:
            listing = await load_catalog(conn, Policy())
        make_console().print(render_listing(conn.info, listing))
        return 0

    _exit(_run(run))


# ---------------------------------------------------------------------------------------------


def _setup(ctx: click.Context, target: str | None, options: dict[str, Any]) -> tuple[Any, Any, Any]:
    from skillscope.catalog.entry import Policy
    from skillscope.config import load_config, target_from_args

    try:
        config = load_config(options["config_path"])
        command = ctx.meta.get("stdio_command")
        tgt = target_from_args(target, command, config=config, label=options["label"],
                               headers=list(options["headers"]), env=list(options["env"]))
    except SkillscopeError as exc:
        _exit(_report_error(exc))
    allow_dynamic = options["allow_dynamic"]
    spec = config.servers.get(target or "") if target else None
    if spec is not None and spec.allow_dynamic:
        allow_dynamic = True
    return tgt, Policy(allow_dynamic=allow_dynamic), config


def _run(fn: Callable[[], Awaitable[int]]) -> int:
    import anyio

    try:
        return anyio.run(fn)
    except SkillscopeError as exc:
        return _report_error(exc)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        return 130


def _report_error(exc: SkillscopeError) -> int:
    from skillscope.textsafe import safe_line, safe_text

    click.echo(f"skillscope: {exc.title.lower()}: {safe_line(exc.message, limit=2000)}", err=True)
    if exc.detail:
        click.echo("--- server stderr (last lines) ---", err=True)
        click.echo(safe_text(exc.detail), err=True)
    return exc.exit_code


def _exit(code: int) -> None:
    sys.exit(code)


class _progress:
    """Progress messages on stderr, replacing each other, only when stderr is a terminal."""

    def __init__(self, first: str) -> None:
        self._first = first
        self._status: Any = None

    def __enter__(self) -> Callable[[str], None]:
        if sys.stderr.isatty():
            from rich.console import Console

            self._status = Console(stderr=True, markup=False, emoji=False, highlight=False).status(self._first)
            self._status.__enter__()
        return self.update

    def update(self, message: str) -> None:
        if self._status is not None:
            from skillscope.textsafe import safe_line

            self._status.update(safe_line(message, limit=200))

    def __exit__(self, *exc: object) -> None:
        if self._status is not None:
            self._status.__exit__(None, None, None)


def _print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=True))


def _entry_json(entry: Any) -> dict[str, Any]:
    return {
        "name": entry.name,
        "skill_name": entry.skill_name,
        "path": entry.path if entry.status != "malformed" else None,
        "uri": entry.uri,
        "status": entry.status,
        "rule": entry.rule,
        "reason": entry.reason,
        "dynamic": entry.dynamic,
        "fingerprint": entry.fingerprint,
        "file_count": entry.file_count,
        "total_bytes": entry.total_bytes,
        "description": entry.description,
        "files": [{"uri": f.uri, "path": f.path, "digest": f.digest, "size": f.size} for f in entry.files or ()],
        "warnings": [{"rule": w.rule, "message": w.message} for w in entry.warnings],
    }


def _listing_json(info: Any, listing: Any) -> dict[str, Any]:
    return {
        "server": info.as_json(),
        "skills": [_entry_json(e) for e in listing.entries],
        "warnings": [{"rule": w.rule, "message": w.message} for w in listing.warnings],
        "complete": listing.complete,
        "pages": listing.pages,
    }


def _report_json(info: Any, report: Any) -> dict[str, Any]:
    entry = report.entry
    out: dict[str, Any] = {
        "server": info.as_json(),
        "name": entry.name,
        "uri": entry.uri,
        "verified": report.verified,
        "fingerprint": entry.fingerprint,
        "frontmatter": entry.frontmatter,
        "files": [f.as_json() for f in report.files],
        "failure": report.failure.as_json() if report.failure else None,
        "refresh": report.refresh,
    }
    if report.verified:
        out["body"] = report.body
    return out


def _terminate(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main() -> None:
    """Console-script entry point."""
    import signal

    # SIGTERM unwinds like Ctrl-C, so stdio servers are stopped and reaped on the way out.
    signal.signal(signal.SIGTERM, _terminate)
    try:
        cli.main(prog_name="skillscope", standalone_mode=True)
    except SkillscopeError as exc:  # pragma: no cover - commands report their own errors
        sys.exit(_report_error(exc))



"""What every command shares: target options, async running, errors to stderr, JSON out."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import click

from skillscope.core.errors import EXIT_INTERRUPTED, SkillscopeError

if TYPE_CHECKING:
    from skillscope.service.targets import Invocation, TargetOptions

__all__ = [
    "deliver",
    "EXIT_CODES",
    "TARGET_HELP",
    "TargetCommand",
    "target_options",
    "ledger_option",
    "config_option",
    "trust_options",
    "trust_choice",
    "setup",
    "run",
    "report_error",
    "progress",
    "print_json",
    "mask_output_streams",
]

EXIT_CODES = """\b
Exit codes:
  0  success
  1  verification failed (content did not match the skill's entry)
  2  usage or config error
  3  connection or protocol error
  4  skill not found (or cannot be opened)
  5  a local file could not be read or written (ledger, -o FILE, config, trust store),
     or the ledger is damaged
  130  interrupted (Ctrl-C or SIGTERM)"""

TARGET_HELP = """\b
TARGET is one of:
  https://host/mcp      a Streamable HTTP server (--header 'Name: value' adds headers)
  LABEL                 a server from the config file (skillscope.yaml), else from your
                        MCP clients' configs (see skillscope servers)
  demo                  the embedded demo server (its reviews go to the demo ledger)
  ./DIR, /abs/DIR       a local folder of skills (or one skill's folder), served in-process;
                        a bare NAME is a folder only when no config label NAME exists (nor demo)
  -- COMMAND [ARGS...]  a stdio server: everything after -- is the command line"""


class TargetCommand(click.Command):
    """A command whose arguments after ``--`` are a stdio server's command line."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--" in args:
            cut = args.index("--")
            ctx.meta["stdio_command"] = args[cut + 1 :]
            args = args[:cut]
        return super().parse_args(ctx, args)


def ledger_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``--ledger FILE``."""
    return click.option(
        "--ledger",
        "ledger_file",
        type=click.Path(dir_okay=False),
        help="Ledger file (default: $SKILLSCOPE_LEDGER, the config's 'ledger', or the per-user data dir).",
    )(fn)


def config_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``--config FILE``."""
    return click.option(
        "--config",
        "config_path",
        type=click.Path(dir_okay=False),
        help="Config file: skillscope.yaml, or an MCP client's JSON config (.mcp.json, .vscode/mcp.json, ~/.cursor/mcp.json...). "
        "Default: ./skillscope.yaml, then the per-user one.",
    )(fn)


def trust_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``--allowed-signers FILE`` and ``--include-unsigned``: whose approvals count, as for ``export``."""
    fn = click.option(
        "--include-unsigned",
        is_flag=True,
        help="Count approvals recorded before reviews were signed (unsigned) as approvals.",
    )(fn)
    return click.option(
        "--allowed-signers",
        type=click.Path(dir_okay=False),
        help="Whose signatures count (ssh-keygen allowed_signers format; default: the config's, "
        "else allowed_signers beside the ledger, else this machine's key).",
    )(fn)


def trust_choice(config: Any, options: dict[str, Any], ledger: Any = None) -> Any:
    """The ``TrustChoice`` of a loaded config and the command's ``trust_options``.

    The demo's own ledger is signed by this machine's key for the demo's reviewer, so a team's
    ``allowed_signers`` in the config does not apply to it (an explicit ``--allowed-signers`` does).
    """
    from skillscope.service.review_state import TrustChoice

    if ledger is not None:
        from skillscope.core.locations import user_data_dir
        from skillscope.demo.ledger import DEMO_LEDGER_NAME

        if ledger == user_data_dir() / DEMO_LEDGER_NAME:
            config = None
    return TrustChoice.from_config(
        config, allowed_signers=options.get("allowed_signers"), include_unsigned=bool(options.get("include_unsigned"))
    )


_TARGET_KEYS = ("era", "label", "headers", "env", "timeout", "allow_dynamic", "config_path", "ledger_file")
"""The parameters ``target_options`` adds, gathered into one ``TargetOptions`` before the command runs."""


def target_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The options that say how to reach a server, plus ``--config`` and ``--ledger``, handed to the command as one
    ``TargetOptions`` in its ``reach`` parameter."""
    options: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
        click.option(
            "--era",
            type=click.Choice(["auto", "modern", "legacy"]),
            default="auto",
            show_default=True,
            help="Protocol era: auto tries 2026-07-28 (server/discover) and falls back to the 2025-11-25 handshake.",
        ),
        click.option(
            "--label", help="Name for the server in skill names (default: config key, URL host or command name)."
        ),
        click.option(
            "--header",
            "headers",
            multiple=True,
            metavar="'NAME: VALUE'",
            help="HTTP header (repeatable); ${VAR} expands from the environment. Values are never printed.",
        ),
        click.option(
            "--env",
            "env",
            multiple=True,
            metavar="NAME=VALUE",
            help="Environment variable for a stdio server (repeatable); ${VAR} expands from the environment.",
        ),
        click.option(
            "--timeout",
            type=click.FloatRange(min=0.1),
            default=30.0,
            show_default=True,
            help="Seconds allowed for connecting and for each request.",
        ),
        config_option,
        ledger_option,
        click.option(
            "--allow-dynamic", is_flag=True, help="Treat dynamic skills (no manifest, nothing verifiable) as available."
        ),
    ]

    @functools.wraps(fn)
    def gathered(*args: Any, **kwargs: Any) -> Any:
        from skillscope.service.targets import TargetOptions

        given = {key: kwargs.pop(key) for key in _TARGET_KEYS}
        reach = TargetOptions(
            era=given["era"],
            label=given["label"],
            headers=tuple(given["headers"]),
            env=tuple(given["env"]),
            timeout=float(given["timeout"]),
            allow_dynamic=bool(given["allow_dynamic"]),
            config_path=given["config_path"],
            ledger_file=given["ledger_file"],
        )
        return fn(*args, reach=reach, **kwargs)

    command: Callable[..., Any] = gathered
    for option in reversed(options):
        command = option(command)
    return command


_FROM_CONTEXT: Any = object()


def setup(
    ctx: click.Context, /, target: str | None, reach: TargetOptions, *, command: Any = _FROM_CONTEXT
) -> Invocation:
    """Resolve the target, policy and ledger path, or exit 2 with the reason.

    ``command`` is the stdio command line; by default the one after ``--``.
    """
    if command is _FROM_CONTEXT:
        command = ctx.meta.get("stdio_command")
    from skillscope.config.file import load_config
    from skillscope.service.targets import resolve_target

    try:
        return resolve_target(target, command, config=load_config(reach.config_path), options=reach)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))


def run(fn: Callable[[], Awaitable[int]]) -> None:
    """Run an async command body and exit with its code; skillscope errors go to stderr."""
    import anyio

    try:
        code = anyio.run(fn)
    except SkillscopeError as exc:
        code = report_error(exc)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        code = EXIT_INTERRUPTED
    sys.exit(code)


def report_error(exc: SkillscopeError) -> int:
    """Print an error (and any server stderr tail) to stderr; return its exit code."""
    from skillscope.core.textsafe import safe_line, safe_text

    click.echo(f"skillscope: {exc.title.lower()}: {safe_line(exc.message, limit=2000)}", err=True)
    if exc.detail:
        click.echo("--- server stderr (last lines) ---", err=True)
        click.echo(safe_text(exc.detail), err=True)
    return exc.exit_code


class progress:
    """Progress messages on stderr, each replacing the last, only when stderr is a terminal."""

    def __init__(self, first: str) -> None:
        self._first = first
        self._status: Any = None

    def __enter__(self) -> Callable[[str], None]:
        if sys.stderr.isatty():
            from rich.console import Console

            from skillscope.core.textsafe import safe_line

            console = Console(stderr=True, markup=False, emoji=False, highlight=False)
            self._status = console.status(safe_line(self._first, limit=200))
            self._status.__enter__()
        return self.update

    def update(self, message: str) -> None:
        """Replace the shown message."""
        if self._status is not None:
            from skillscope.core.textsafe import safe_line

            self._status.update(safe_line(message, limit=200))

    def __exit__(self, *exc: object) -> None:
        if self._status is not None:
            self._status.__exit__(None, None, None)


def deliver(text: str, output: str | None) -> None:
    """Write a command's whole output to ``-o FILE`` (naming the file on stderr), else to stdout.

    Raises:
        SkillscopeError: the file cannot be written.
    """
    if output:
        from pathlib import Path

        from skillscope.core.files import write_file

        write_file(Path(output), text)
        click.echo(f"Wrote {output}", err=True)
    else:
        click.echo(text, nl=False)


def print_json(data: Any) -> None:
    """Print JSON with every non-ASCII and control character escaped (safe in a terminal)."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=True))


class _MaskingStream:
    """A text stream that masks the run's secret values in everything written, a line at a time."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self._pending = ""

    def write(self, text: str) -> int:
        from skillscope.core.redact import SECRETS

        self._pending += text
        cut = self._pending.rfind("\n") + 1
        if cut:
            ready, self._pending = self._pending[:cut], self._pending[cut:]
            self._inner.write(SECRETS.mask(ready))
        return len(text)

    def flush(self) -> None:
        from skillscope.core.redact import SECRETS

        if self._pending:
            ready, self._pending = self._pending, ""
            self._inner.write(SECRETS.mask(ready))
        self._inner.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def mask_output_streams() -> None:
    """Mask user-supplied secrets in everything this process prints (a server may echo them back)."""
    import atexit

    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if not isinstance(stream, _MaskingStream):
            wrapped = _MaskingStream(stream)
            setattr(sys, name, wrapped)
            atexit.register(wrapped.flush)

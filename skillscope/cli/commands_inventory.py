"""``inventory``: every served skill on this machine's servers, as a table or a CycloneDX SBOM."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from skillscope.cli.common import (
    TARGET_HELP,
    TargetCommand,
    deliver,
    progress,
    report_error,
    run,
    target_options,
    trust_choice,
    trust_options,
)
from skillscope.core.errors import EXIT_CONNECTION, EXIT_USAGE, SkillscopeError

if TYPE_CHECKING:
    from skillscope.service.targets import TargetOptions

__all__ = ["inventory_command"]

INVENTORY_EXIT = """\b
Inventory exit codes:
  0  the inventory was written (servers that could not be attached are listed with their error)
  2  usage or config error
  3  no server could be attached to or listed (at least one was tried)
  5  -o FILE, the ledger or the config could not be read or written
  130  interrupted"""


@click.command("inventory", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + INVENTORY_EXIT)
@click.argument("targets", nargs=-1)
@target_options
@trust_options
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "cyclonedx"]),
    default="table",
    show_default=True,
    help="A table for people, or a CycloneDX JSON SBOM.",
)
@click.option(
    "--spec-version",
    type=click.Choice(["1.7", "1.6"]),
    default="1.7",
    show_default=True,
    help="The CycloneDX version --format cyclonedx writes (1.6 for consumers that do not read 1.7 yet).",
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (atomically) instead of stdout."
)
@click.option(
    "--yes",
    "-y",
    is_flag=True,
    help="Start the local commands of servers no TARGET named (read from configs) without asking.",
)
@click.pass_context
def inventory_command(
    ctx: click.Context,
    /,
    targets: tuple[str, ...],
    fmt: str,
    spec_version: str,
    output: str | None,
    yes: bool,
    reach: TargetOptions,
    **options: Any,
) -> None:
    """List what every server serves: each server's identity, each skill's fingerprint, files and review state.

    With no TARGET: every server of the config file plus every server of your MCP clients'
    configs that attaches without a prompt (see `skillscope servers`; disabled servers and
    untrusted project files are skipped with a note on stderr). Listing reads no file: each
    entry carries its files' SHA-256 digests and sizes. A server that cannot be attached is
    listed with its error and the others continue.

    Before anything starts, the local commands it will run are printed on stderr as their
    configs write them (a ${VAR} is shown as written, never its value). A command no TARGET
    named starts only once confirmed: asked once on a terminal (default no; declined ones
    are listed as not started), refused with exit 2 elsewhere unless --yes is given.
    Connecting to a URL runs nothing on this machine and is not asked about.

    \b
    Examples:
      skillscope inventory
      skillscope inventory --yes --format cyclonedx -o skills.cdx.json
      skillscope inventory docs --format cyclonedx --spec-version 1.6
      skillscope inventory docs https://skills.example.com/mcp
    """
    from skillscope.config.file import load_config
    from skillscope.service.inventory import inventory_seeds
    from skillscope.service.targets import ledger_for

    try:
        config = load_config(reach.config_path)
        seeds, notes = inventory_seeds(targets, ctx.meta.get("stdio_command"), config=config, options=reach)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    seeds = _confirmed(seeds, yes=yes)
    ledger = ledger_for(config, reach.ledger_file, demo_only=bool(seeds) and all(s.origin == "demo" for s in seeds))

    async def body() -> int:
        from skillscope.core.textsafe import safe_line
        from skillscope.service.inventory import take_inventory
        from skillscope.service.review_state import load_verdicts

        for note in notes:
            click.echo(f"skillscope: note: {safe_line(note, limit=400)}", err=True)
        verdicts, ledger_warning = load_verdicts(ledger, trust_choice(config, options, ledger))
        if ledger_warning:
            click.echo(f"skillscope: warning: {ledger_warning}", err=True)
        with progress("Taking the inventory") as say:
            servers = await take_inventory(seeds, verdicts, era=reach.era, timeout=reach.timeout, say=say)
        for server in servers:
            if server.error:
                click.echo(
                    f"skillscope: {safe_line(server.label)}: not listed: {safe_line(server.error, limit=600)}", err=True
                )
        _emit(servers, fmt, output, spec_version)
        return EXIT_CONNECTION if servers and all(s.error for s in servers) else 0

    run(body)


NOT_CONFIRMED = "not started: its command was not confirmed (name it as a TARGET, or pass --yes)"
UNNAMED = "not named on the command line"


def _confirmed(seeds: list[Any], *, yes: bool) -> list[Any]:
    """Say which local commands will run; have the ones no TARGET named confirmed, or refuse (exit 2).

    Returns the seeds, with those whose command was declined marked as not started.
    """
    from dataclasses import replace

    from skillscope.service.launches import launch_of, needs_confirmation

    local = [seed for seed in seeds if seed.target.kind == "stdio" and seed.problem is None]
    if not local:
        return seeds
    click.echo("skillscope: inventory starts these local commands:", err=True)
    for seed in local:
        click.echo(_launch_line(launch_of(seed)), err=True)
    unasked = sum(1 for seed in local if needs_confirmation(seed))
    if not unasked or yes:
        return seeds
    which = f"{unasked} command{'s' if unasked > 1 else ''} above {'were' if unasked > 1 else 'was'} {UNNAMED}"
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        click.echo(
            f"skillscope: usage error: nothing was started: {which} (read from a config), and there is no terminal "
            "to confirm on; pass --yes to start them, or name the servers to inventory as TARGETs",
            err=True,
        )
        sys.exit(EXIT_USAGE)
    if click.confirm(f"{which}. Start {'them' if unasked > 1 else 'it'}?", default=False, err=True):
        return seeds
    click.echo(f"skillscope: declined: {'they are' if unasked > 1 else 'it is'} listed as not started", err=True)
    return [replace(seed, problem=NOT_CONFIRMED) if needs_confirmation(seed) else seed for seed in seeds]


def _launch_line(launch: Any) -> str:
    """One command as its config writes it, as one inert line, then whether it was named and where it comes from."""
    from skillscope.core.textsafe import safe_line

    facts = [] if launch.named else [UNNAMED]
    if launch.written_in:
        facts.append(f"written in {safe_line(launch.written_in, limit=300)}")
    if launch.cwd:
        facts.append(f"run in {safe_line(launch.cwd, limit=300)}")
    if launch.env_names:
        facts.append("env " + ", ".join(safe_line(name, limit=80) for name in launch.env_names))
    tail = f"  ({'; '.join(facts)})" if facts else ""
    return f"  {safe_line(launch.label, limit=80)}: {safe_line(launch.command, limit=2000)}{tail}"


def _emit(servers: list[Any], fmt: str, output: str | None, spec_version: str) -> None:
    import json

    from skillscope.core.redact import SECRETS

    if fmt == "cyclonedx":
        from skillscope.service.cyclonedx import SPEC_VERSIONS, cyclonedx_bom

        version = next(v for v in SPEC_VERSIONS if v == spec_version)  # click's Choice holds it to these
        text = json.dumps(cyclonedx_bom(servers, spec_version=version), indent=2, ensure_ascii=True) + "\n"
    else:
        text = _table(servers)
    text = SECRETS.mask(text)
    try:
        deliver(text, output)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))


def _table(servers: list[Any]) -> str:
    """Plain lines, one block per server and per skill; every string a server sent is made inert."""
    from skillscope.core.textsafe import safe_line
    from skillscope.service.cyclonedx import review_words, signer_words

    lines: list[str] = []
    if not servers:
        return "No servers to inventory (none given, none in the config file or your MCP clients' configs).\n"
    for server in servers:
        info = server.info
        head = f"SERVER {safe_line(server.label)}  {safe_line(server.target, limit=300)}  ({server.origin})"
        lines.append(head)
        if info is None:
            lines += [f"  error: {safe_line(server.error or 'not attached', limit=600)}", ""]
            continue
        name = " ".join(safe_line(v, limit=120) for v in (info.name, info.version) if v) or "(no name given)"
        lines.append(
            f"  server: {name}; protocol {info.era_label}; {len(server.items)} skill(s)"
            + ("" if server.complete else "; listing incomplete")
        )
        for item in server.items:
            entry = item.entry
            lines.append(
                f"  SKILL {safe_line(entry.name, limit=300)}  {entry.status}"
                + (f" ({entry.rule}: {safe_line(entry.reason or '', limit=300)})" if entry.rule else "")
            )
            if entry.uri:
                lines.append(f"    uri:         {safe_line(entry.uri, limit=600)}")
            if entry.fingerprint:
                lines.append(f"    fingerprint: {entry.fingerprint}")
            lines.append(f"    review:      {review_words(item)}")
            signer = signer_words(item)
            if signer:
                lines.append(f"    signer:      {safe_line(signer, limit=300)}")
            for f in entry.files or ():
                lines.append(f"    {f.digest}  {f.size:>10}  {safe_line(f.path, limit=300)}")
        lines.append("")
    return "\n".join(lines)

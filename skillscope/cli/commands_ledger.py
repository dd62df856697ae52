"""``approve``, ``reject``, ``revoke``, ``diff``, ``export`` and ``ledger``: the review record."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from skillscope.cli.common import (
    EXIT_CODES,
    TARGET_HELP,
    TargetCommand,
    config_option,
    ledger_option,
    print_json,
    progress,
    report_error,
    run,
    setup,
    target_options,
)
from skillscope.errors import EXIT_VERIFY, SkillscopeError, UsageError

__all__ = ["approve_command", "reject_command", "revoke_command", "diff_command", "export_command", "ledger_group"]

_REVIEW_OPTIONS = [
    click.option("--reviewer", help="Who reviewed (default: git user.name <user.email>, else the login name)."),
    click.option("--note", default="", help="Why: kept with the record."),
]


def _review_options(fn: Any) -> Any:
    for option in reversed(_REVIEW_OPTIONS):
        fn = option(fn)
    return fn


def _now() -> str:
    from skillscope.ledger.recording import utc_now

    return utc_now()


def _tool() -> str:
    from skillscope.ledger.recording import tool_id

    return tool_id()


def _record(action: str, info: Any, entry: Any, reviewer: str | None, note: str) -> Any:
    from skillscope.ledger.recording import review_record

    return review_record(action, info, entry, reviewer=reviewer, note=note)  # type: ignore[arg-type]


def _append(path: Path, record: Any) -> Any:
    from skillscope.ledger import Ledger

    return Ledger(path).append(record)


def _say_recorded(verb: str, saved: Any, path: Path) -> None:
    from skillscope.textsafe import safe_line

    fingerprint = saved.fingerprint or "no fingerprint"
    click.echo(f"{verb} {safe_line(saved.name)} ({fingerprint}); record #{saved.seq} in {path}")


@click.command("approve", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("name")
@click.argument("target", required=False)
@target_options
@_review_options
@click.pass_context
def approve_command(ctx: click.Context, name: str, target: str | None, reviewer: str | None, note: str, **options: Any) -> None:
    """Verify a whole skill (SKILL.md and every file) and record its fingerprint as approved.

    Refused, with the reason, when anything fails verification or the skill is dynamic
    (no fingerprint binds a dynamic skill). The fingerprint is the entry's, as hosts compute it.
    """
    inv = setup(ctx, target, options)

    async def body() -> int:
        from skillscope.cli.render import make_console, render_report
        from skillscope.workflow import open_named

        with progress(f"Connecting to {inv.target.display}") as say:
            info, report = await open_named(inv, name, paths=[], all_files=True, say=say)
        entry = report.entry
        if entry.dynamic:
            raise UsageError(f"{entry.name} is a dynamic skill: no fingerprint binds its content, so it cannot be approved")
        if not report.verified:
            make_console().print(render_report(report, None))
            click.echo(f"skillscope: approval refused: {entry.name} did not verify ({report.failure.check} check)", err=True)
            return EXIT_VERIFY
        saved = _append(inv.ledger_path, _record("approve", info, entry, reviewer, note))
        _say_recorded("Approved", saved, inv.ledger_path)
        return 0

    run(body)


def _verdict_command(action: str, verb: str, doc: str) -> click.Command:
    @click.command(action, cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES, help=doc)
    @click.argument("name")
    @click.argument("target", required=False)
    @target_options
    @_review_options
    @click.pass_context
    def command(ctx: click.Context, name: str, target: str | None, reviewer: str | None, note: str, **options: Any) -> None:
        offline = action == "revoke" and target is None and not ctx.meta.get("stdio_command")
        if offline:
            _revoke_offline(name, reviewer, note, options)
            return
        inv = setup(ctx, target, options)

        async def body() -> int:
            from skillscope.workflow import find_entry

            with progress(f"Connecting to {inv.target.display}") as say:
                info, entry = await find_entry(inv, name, say)
            saved = _append(inv.ledger_path, _record(action, info, entry, reviewer, note))
            _say_recorded(verb, saved, inv.ledger_path)
            return 0

        run(body)

    return command


reject_command = _verdict_command(
    "reject", "Rejected",
    "Record the skill's current fingerprint as rejected (reads no file).",
)
revoke_command = _verdict_command(
    "revoke", "Revoked",
    "Withdraw every approval of the skill. With TARGET, the current entry is recorded too; "
    "without one, NAME must be LABEL:PATH and the revocation is recorded from the ledger alone.",
)


def _revoke_offline(name: str, reviewer: str | None, note: str, options: dict[str, Any]) -> None:
    from skillscope.config import load_config
    from skillscope.ledger import Ledger, Record, default_reviewer, ledger_path, read_verdicts

    try:
        config = load_config(options.get("config_path"))
        path = ledger_path(options.get("ledger_file"), config.ledger, config.path.parent if config.path else None)
        verdicts = read_verdicts(path)
        verdict = verdicts.by_name.get(name)
        if verdict is None:
            raise UsageError(f"The ledger has no review of {name!r}; give LABEL:PATH exactly as listed, or a TARGET")
        last = verdict.record
        record = Record(action="revoke", time=_now(), reviewer=reviewer or default_reviewer(), note=note,
                        label=last.label, server=last.server, protocol=last.protocol, name=name, uri=last.uri,
                        fingerprint=None, tool=_tool())
        saved = Ledger(path).append(record)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    _say_recorded("Revoked", saved, path)


@click.command("diff", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("name")
@click.argument("target", required=False)
@target_options
@click.option("--json", "as_json", is_flag=True, help="Print the review state and file changes as JSON.")
@click.pass_context
def diff_command(ctx: click.Context, name: str, target: str | None, as_json: bool, **options: Any) -> None:
    """Show how a skill changed since its last approval (files added, removed, changed); reads no file."""
    inv = setup(ctx, target, options)

    async def body() -> int:
        from skillscope.ledger import read_verdicts
        from skillscope.workflow import find_entry, review_states

        verdicts = read_verdicts(inv.ledger_path)
        with progress(f"Connecting to {inv.target.display}") as say:
            info, entry = await find_entry(inv, name, say)
        state = review_states(verdicts, [entry])[entry.name]
        if as_json:
            from skillscope.cli.jsonout import review_json

            print_json({"name": entry.name, "fingerprint": entry.fingerprint, **(review_json(state) or {})})
        else:
            from skillscope.cli.render import make_console, render_review

            make_console().print(render_review(entry, state))
        return 0

    run(body)


@click.command("export")
@click.option("--format", "fmt", type=click.Choice(["txt", "json", "yaml", "roomkit"]), default="txt", show_default=True,
              help="txt: one sha256:… per line for a host's reviewed set; json/yaml add name, URI, label, reviewer, time; "
                   "roomkit: a Python module with approve_execution(request) for RoomKit's add_mcp_server.")
@click.option("--label", help="Only approvals of skills from the server with this label.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (atomically) instead of stdout.")
@config_option
@ledger_option
def export_command(fmt: str, label: str | None, output: str | None, config_path: str | None, ledger_file: str | None) -> None:
    """Export the fingerprints approved and not since revoked or rejected.

    \b
    Examples:
      skillscope export > reviewed.txt
      skillscope export --format roomkit -o reviewed_skills.py   # for RoomKit's approve_execution
    """
    from skillscope.config import load_config
    from skillscope.ledger import export_approved, ledger_path, read_verdicts

    try:
        config = load_config(config_path)
        path = ledger_path(ledger_file, config.ledger, config.path.parent if config.path else None)
        verdicts = read_verdicts(path)
        text = export_approved(verdicts, fmt, label=label)  # type: ignore[arg-type]
        if label is not None and not verdicts.approved_fingerprints(label):
            _warn_unmatched_label(label, verdicts)
        if output:
            from skillscope.files import write_file

            write_file(Path(output), text)
            click.echo(f"Wrote {output}", err=True)
        else:
            click.echo(text, nl=False)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))


def _warn_unmatched_label(label: str, verdicts: Any) -> None:
    """Say on stderr that ``--label`` matched no approval, and which labels do."""
    from skillscope.textsafe import safe_line

    labels = sorted({r.label for r in verdicts.approved_fingerprints()})
    known = ", ".join(safe_line(x, limit=64) for x in labels) or "none"
    click.echo(f"skillscope: warning: no approval in force has label {safe_line(label, limit=64)!r}; "
               f"labels with approvals: {known}", err=True)


@click.group("ledger")
def ledger_group() -> None:
    """Check, repair and list the approval ledger."""


@ledger_group.command("verify", epilog=EXIT_CODES)
@config_option
@ledger_option
def ledger_verify(config_path: str | None, ledger_file: str | None) -> None:
    """Check every record's hash and its link to the one before; name the first broken line."""
    from skillscope.errors import EXIT_LEDGER
    from skillscope.ledger import Ledger

    try:
        path = _ledger_path(config_path, ledger_file)
        result = Ledger(path).verify()
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    if result.ok:
        click.echo(f"{path}: {result.records} records, chain intact")
        return
    for problem in result.problems:
        click.echo(f"{path}: {problem.kind}: {problem.message}", err=True)
    if result.only_torn_tail:
        click.echo("The last line is unfinished; `skillscope ledger repair` cuts it and records the repair.", err=True)
    else:
        click.echo("The ledger was altered; restore it from a copy or version control (it is never repaired silently).", err=True)
    sys.exit(EXIT_LEDGER)


@ledger_group.command("repair", epilog=EXIT_CODES)
@config_option
@ledger_option
@click.option("--reviewer", help="Who repaired (default: git user, else the login name).")
def ledger_repair(config_path: str | None, ledger_file: str | None, reviewer: str | None) -> None:
    """Cut an unfinished last line (only that) and record the repair in the ledger."""
    from skillscope.ledger import Ledger, default_reviewer

    try:
        path = _ledger_path(config_path, ledger_file)
        removed, record = Ledger(path).repair(reviewer=reviewer or default_reviewer(), time=_now(), tool=_tool())
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    click.echo(f"{path}: cut {removed} bytes of an unfinished last line; recorded as #{record.seq}")


@ledger_group.command("list", epilog=EXIT_CODES)
@config_option
@ledger_option
@click.option("--label", help="Only skills from the server with this label.")
@click.option("--json", "as_json", is_flag=True, help="Print the verdicts as JSON.")
def ledger_list(config_path: str | None, ledger_file: str | None, label: str | None, as_json: bool) -> None:
    """Show the current verdict on every reviewed skill, replayed from the records."""
    from skillscope.ledger import read_verdicts

    try:
        path = _ledger_path(config_path, ledger_file)
        verdicts = read_verdicts(path)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    rows = [v for v in verdicts.by_name.values() if label is None or v.record.label == label]
    if as_json:
        from skillscope.cli.jsonout import record_json

        print_json({
            "ledger": str(path),
            "records": verdicts.records,
            "skills": [
                {
                    "name": v.name,
                    "verdict": v.word,
                    "last": record_json(v.record),
                    "approved": sorted(fp for fp in v.approved if fp),
                    "rejected": sorted(fp for fp in v.rejected if fp),
                }
                for v in rows
            ],
        })
        return
    from skillscope.cli.render import make_console, render_verdicts

    make_console().print(render_verdicts(path, verdicts.records, rows))


def _ledger_path(config_path: str | None, ledger_file: str | None) -> Path:
    from skillscope.config import load_config
    from skillscope.ledger import ledger_path

    config = load_config(config_path)
    return ledger_path(ledger_file, config.ledger, config.path.parent if config.path else None)

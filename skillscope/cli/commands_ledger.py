"""``ledger verify|repair|list|merge``: check, mend, show and merge the approval ledger file."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from skillscope.cli.commands_review import _book, _ledger_config, report_check
from skillscope.cli.common import (
    EXIT_CODES,
    config_option,
    ledger_option,
    print_json,
    report_error,
    trust_choice,
    trust_options,
)
from skillscope.core.errors import EXIT_LEDGER, SkillscopeError

__all__ = ["ledger_group", "ledger_list", "ledger_merge", "ledger_repair", "ledger_verify"]


@click.group("ledger")
def ledger_group() -> None:
    """Check, repair, list and merge the approval ledger."""


@ledger_group.command("verify", epilog=EXIT_CODES)
@config_option
@ledger_option
@click.option(
    "--allowed-signers",
    type=click.Path(dir_okay=False),
    help="Whose signatures count (ssh-keygen allowed_signers format).",
)
@click.option(
    "--since",
    "since",
    metavar="REV",
    help="Also check that every review the ledger held at git revision REV is still there.",
)
@click.option(
    "--accept",
    is_flag=True,
    help="Accept the ledger as it is now although reviews seen before are gone (needs --note).",
)
@click.option("--note", default="", help="Why the new state is accepted (kept in the local log).")
def ledger_verify(
    config_path: str | None,
    ledger_file: str | None,
    allowed_signers: str | None,
    since: str | None,
    accept: bool,
    note: str,
) -> None:
    """Check every record: its hash and link, a strict parse of its line, its signature, and that no
    review this machine saw in the ledger (on this git branch) is gone.

    Unsigned records (written before reviews were signed) are reported; an unsigned record after a
    signed one is damage. Exits 5 on damage or a missing review; 1 when records are signed by keys
    not allowed for their reviewer.
    """
    from skillscope.core.textsafe import safe_line
    from skillscope.service.ledgers import accept_ledger

    if accept and not note.strip():
        click.echo("skillscope: usage error: --accept needs a --note saying why the reviews may be gone", err=True)
        sys.exit(2)
    try:
        path, config = _ledger_config(config_path, ledger_file)
        book = _book(path, config)
        check = book.check(allowed_signers=allowed_signers, since=since)
        if accept and check.result.ok and check.missing:
            accept_ledger(book, check, note)
            click.echo(f"{path}: accepted the ledger without {len(check.missing)} review(s) seen before", err=True)
            check.missing = {}
            check = book.check(allowed_signers=allowed_signers, since=since)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    result = check.result
    if not check.ok:
        report_check(path, check)
        if result.only_torn_tail and not check.missing:
            click.echo(
                "The last line is unfinished; `skillscope ledger repair` cuts it and records the repair.", err=True
            )
        elif not result.ok:
            click.echo(
                "The ledger was altered; restore it from a copy or version control (it is never repaired silently).",
                err=True,
            )
        sys.exit(EXIT_LEDGER)
    trusted, untrusted, unsigned = check.signers()
    click.echo(
        f"{path}: {result.records} records, chain intact; {trusted} signed by allowed keys, "
        f"{len(untrusted)} by keys not allowed, {len(unsigned)} unsigned (trust: {check.trust.source})"
    )
    for line, reviewer in untrusted:
        click.echo(
            f"{path}: untrusted: line {line}: signed as {safe_line(reviewer)} by a key not allowed for that reviewer",
            err=True,
        )
    if unsigned:
        click.echo(
            f"{path}: {len(unsigned)} unsigned record(s) (lines {', '.join(str(n) for n, _ in unsigned[:10])}"
            f"{', …' if len(unsigned) > 10 else ''}); they are exported only with --include-unsigned",
            err=True,
        )
    if untrusted:
        sys.exit(1)


@ledger_group.command("repair", epilog=EXIT_CODES)
@config_option
@ledger_option
@click.option("--reviewer", help="Who repaired (default: git config user.email, else user.name, else the login name).")
def ledger_repair(config_path: str | None, ledger_file: str | None, reviewer: str | None) -> None:
    """Cut an unfinished last line (only that) and record the repair in the ledger."""
    from skillscope.service.ledgers import repair_ledger

    try:
        path, config = _ledger_config(config_path, ledger_file)
        removed, record = repair_ledger(_book(path, config), reviewer)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    click.echo(f"{path}: cut {removed} bytes of an unfinished last line; recorded as #{record.seq}")


@ledger_group.command("list", epilog=EXIT_CODES)
@config_option
@ledger_option
@trust_options
@click.option("--label", help="Only skills from the server with this label.")
@click.option("--json", "as_json", is_flag=True, help="Print the verdicts as JSON.")
def ledger_list(
    config_path: str | None, ledger_file: str | None, label: str | None, as_json: bool, **options: Any
) -> None:
    """Show the current verdict on every reviewed skill, replayed from the records.

    A skill's verdict is the one rule's verdict on the content it last reviewed (as list, show
    and the gate give it for that content); an approval of an earlier version still in force is
    listed under it as "approved (superseded)". Approvals count only when signed by a key allowed
    for their reviewer (as for export); others show as "approved, signature not trusted".
    """
    try:
        path, config = _ledger_config(config_path, ledger_file)
        verdicts = trust_choice(config, options).verdicts(path)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    rows = [v for v in verdicts.by_name.values() if label is None or v.record.label == label]
    states = {v.name: verdicts.name_state(v.name) for v in rows}
    superseded = {v.name: verdicts.superseded(v.name) for v in rows}
    if as_json:
        from skillscope.ledger.core.values import SUPERSEDED

        print_json(
            {
                "ledger": str(path),
                "records": verdicts.records,
                "skills": [
                    {
                        "name": v.name,
                        "verdict": states[v.name].label,
                        "state": states[v.name].state,
                        "fingerprint": v.record.fingerprint,
                        "last": v.record.summary_json(),
                        "approved": sorted(verdicts.in_force(v.name)),
                        "superseded": [
                            {"fingerprint": r.fingerprint, "verdict": SUPERSEDED, "record": r.summary_json()}
                            for r in superseded[v.name]
                        ],
                        "untrusted": sorted(fp for fp in v.untrusted if fp),
                        "rejected": sorted(fp for fp in v.rejected if fp),
                    }
                    for v in rows
                ],
            }
        )
        return
    from skillscope.cli.render import make_console, render_verdicts

    make_console().print(render_verdicts(path, verdicts.records, rows, states, superseded))


@ledger_group.command("merge", epilog=EXIT_CODES)
@click.argument("base", type=click.Path(dir_okay=False))
@click.argument("ours", type=click.Path(dir_okay=False))
@click.argument("theirs", type=click.Path(dir_okay=False))
def ledger_merge(base: str, ours: str, theirs: str) -> None:
    """Merge two branches' ledgers (a git merge driver: %O %A %B).

    Writes into OURS every review of both sides once: the records both share at their start
    unchanged, then the rest of both interleaved by review time (each side keeping its own
    order), re-chained; signatures stay valid. The result, and so every verdict, is the same
    whichever side is OURS. Warns when an approval in force after the merge was revoked or
    rejected on the other side. BASE is not needed. Exits 5, writing nothing, when either
    side is damaged.
    """
    from skillscope.service.ledgers import merge_branches

    del base
    try:
        outcome = merge_branches(Path(ours), Path(theirs))
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    for warning in outcome.warnings:
        click.echo(f"skillscope: warning: {warning}", err=True)
    click.echo(f"merged: {outcome.added} review(s) added from the other branch", err=True)

"""``suppress``: record a reviewed, signed suppression of one audit finding, or list them."""

from __future__ import annotations

import sys
from typing import Any

import click

from skillscope.cli.common import (
    EXIT_CODES,
    config_option,
    ledger_option,
    print_json,
    report_error,
    trust_choice,
    trust_options,
)
from skillscope.core.errors import SkillscopeError

__all__ = ["suppress_command"]


@click.command("suppress", epilog=EXIT_CODES)
@click.argument("key", required=False)
@click.option("--reason", help="Why the finding is accepted (required; kept and shown with every audit).")
@click.option(
    "--expires", metavar="YYYY-MM-DD", help="The last day the suppression holds (UTC); after it the finding is back."
)
@click.option(
    "--reviewer",
    help="Who accepted it, and the signing principal (default: git config user.email, else user.name, else the login name).",
)
@click.option(
    "--list", "list_all", is_flag=True, help="List the suppressions beside the ledger, and whether each counts."
)
@click.option("--json", "as_json", is_flag=True, help="With --list: print JSON.")
@config_option
@ledger_option
@trust_options
def suppress_command(
    key: str | None,
    reason: str | None,
    expires: str | None,
    reviewer: str | None,
    list_all: bool,
    as_json: bool,
    config_path: str | None,
    ledger_file: str | None,
    **options: Any,
) -> None:
    """Leave one audit finding out of audit reports and the gate, for a reason, until a date.

    KEY is the finding's 'key' in `audit --format json` (also its SARIF skillscopeFinding/v2).
    The key covers every fact the finding states (check, server label, skill, file, message with
    its destination and lines, the whole text of those lines) and the skill's fingerprint, so any
    change to the skill or to the finding brings it back. The suppression is signed with the
    key reviews are signed with and appended to <ledger>.suppressions.jsonl (one JSON line
    each, so git merges keep both sides' lines). It counts only when signed by a key allowed
    for its reviewer, as approvals do; nothing a server or a skill ships is ever read.

    \b
    Examples:
      skillscope suppress 3f0c…e1 --reason "curl to our own CDN" --expires 2027-03-31
      skillscope suppress --list
    """
    from skillscope.cli.commands_review import _ledger_config
    from skillscope.core.textsafe import safe_line
    from skillscope.service.suppressions import load_suppressions, record_suppression, today_utc

    try:
        path, config = _ledger_config(config_path, ledger_file)
        choice = trust_choice(config, options, path)
        if list_all:
            if key:
                raise click.UsageError("--list takes no KEY")
            found = load_suppressions(path, choice)
            _show(found, today_utc(), as_json)
            return
        if not key:
            raise click.UsageError("Missing KEY (a finding's 'key' in audit --format json), or give --list")
        if not reason:
            raise click.UsageError("--reason is required: say why the finding is accepted")
        file, fields = record_suppression(path, choice, key, reason, reviewer=reviewer, expires=expires)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    until = f" until {fields['expires']}" if fields["expires"] else ""
    click.echo(
        f"Suppressed {key}{until} as {safe_line(fields['reviewer'], limit=200)}; recorded in {file}, "
        f"signed by {fields['signer'].split()[0]}"
    )
    if fields["expires"] and fields["expires"] < today_utc().isoformat():
        click.echo(f"skillscope: warning: {fields['expires']} has passed: this suppression hides nothing", err=True)


def _show(found: Any, today: Any, as_json: bool) -> None:
    from skillscope.core.textsafe import safe_line
    from skillscope.ledger.core.values import STALE

    def status(record: Any) -> str:
        if record.distrust:
            return f"ignored: {record.distrust}"
        if record.stale:
            return "stale"
        return "expired" if record.expired(today) else "in force"

    if as_json:
        print_json(
            {
                "file": str(found.path),
                "suppressions": [{**r.as_json(), "status": status(r)} for r in found.records],
                "problems": found.problems,
            }
        )
        return
    if not found.records:
        click.echo(f"No suppressions in {found.path}")
    for record in found.records:
        click.echo(
            f"{record.key}  {status(record)}  until {record.expires or 'removed'}  "
            f"{safe_line(record.reviewer, limit=100)}  {record.time}\n    {safe_line(record.reason, limit=400)}"
        )
    for warning in found.problems:
        click.echo(f"skillscope: warning: {found.path}: {warning}: ignored", err=True)
    if any(record.stale and not record.distrust for record in found.records):
        click.echo(f"skillscope: warning: a stale suppression is {STALE}", err=True)

"""``approve``, ``reject``, ``revoke``, ``diff`` and ``export``: recording reviews and reading them back."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import click

from skillscope.cli.common import (
    EXIT_CODES,
    TARGET_HELP,
    TargetCommand,
    config_option,
    deliver,
    ledger_option,
    print_json,
    progress,
    report_error,
    run,
    setup,
    target_options,
    trust_choice,
    trust_options,
)
from skillscope.core.errors import EXIT_VERIFY, SkillscopeError

if TYPE_CHECKING:
    from skillscope.service.targets import TargetOptions

__all__ = ["approve_command", "reject_command", "revoke_command", "diff_command", "export_command", "report_check"]

_REVIEW_OPTIONS = [
    click.option(
        "--reviewer",
        help="Who reviewed, and the signing principal (default: git config user.email, else user.name, else the login name).",
    ),
    click.option(
        "--note",
        default="",
        help="Why: kept with the record. Needed to approve a skill that changed since its approval or has warnings.",
    ),
]


def _review_options(fn: Any) -> Any:
    for option in reversed(_REVIEW_OPTIONS):
        fn = option(fn)
    return fn


def _book(path: Path, config: Any) -> Any:
    from skillscope.service.ledgers import open_book

    return open_book(path, config)


def _say_recorded(verb: str, saved: Any, path: Path) -> None:
    from skillscope.core.textsafe import safe_line

    fingerprint = saved.fingerprint or "no fingerprint"
    click.echo(
        f"{verb} {safe_line(saved.name)} ({fingerprint}); record #{saved.seq} in {path}, signed by {saved.key.split()[0]}"
    )


@click.command("approve", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("name")
@click.argument("target", required=False)
@target_options
@_review_options
@click.option(
    "--fingerprint",
    "pinned",
    metavar="FP",
    help="Approve only if what verifies now has this fingerprint (what you saw).",
)
@click.option("--yes", "-y", is_flag=True, help="Approve what verifies now without asking.")
@click.option(
    "--accept-findings",
    is_flag=True,
    help="Approve despite errors the skill audit found, or files served under the skill that its file list omits "
    "(needs --note saying why).",
)
@click.pass_context
def approve_command(
    ctx: click.Context,
    /,
    name: str,
    target: str | None,
    reviewer: str | None,
    note: str,
    pinned: str | None,
    yes: bool,
    accept_findings: bool,
    reach: TargetOptions,
    **options: Any,
) -> None:
    """Verify and audit a whole skill (SKILL.md and every file), then record its fingerprint as approved.

    The audit runs on the very bytes that verified (each file read once); those bytes
    are kept beside the ledger for `diff`. On a terminal you are shown the name,
    fingerprint, files and audit summary and asked; otherwise --fingerprint (what you
    reviewed) or --yes is required. Refused when anything fails verification, the
    skill is dynamic, the fingerprint differs from --fingerprint, or the audit found an
    error in the skill's content or a file the server serves under the skill (resources/list,
    directory reads) that its file list omits, each named (unless --accept-findings with --note).
    """
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if not (interactive or yes or pinned):
        click.echo(
            "skillscope: usage error: not on a terminal: give --fingerprint FP (the fingerprint you reviewed) or --yes",
            err=True,
        )
        sys.exit(2)
    if accept_findings and not note.strip():
        click.echo(
            "skillscope: usage error: --accept-findings needs a --note saying why the findings are acceptable", err=True
        )
        sys.exit(2)
    inv = setup(ctx, target, reach)
    from skillscope.catalog.surface import is_item_name

    if is_item_name(name):
        from skillscope.cli.commands_surface import approve_item

        approve_item(
            inv,
            _book(inv.ledger_path, inv.config),
            name,
            reviewer=reviewer,
            note=note,
            pinned=pinned,
            yes=yes,
            accept_findings=accept_findings,
            interactive=interactive,
        )
        return

    async def body() -> int:
        from skillscope.cli.render import make_console, render_report
        from skillscope.core.errors import UsageError
        from skillscope.core.textsafe import safe_line
        from skillscope.service.catalog import load_catalog, resolve_name
        from skillscope.service.connect import attach
        from skillscope.service.review import (
            LedgerPlace,
            Verdict,
            approval_to_record,
            audit_for_review,
            nothing_to_record,
            record_review,
        )
        from skillscope.service.review_state import TrustChoice, entry_review, load_verdicts

        place = LedgerPlace(inv.ledger_path, TrustChoice.from_config(inv.config))
        with progress(f"Connecting to {inv.target.display}") as say:
            async with attach(inv) as conn:
                say("Listing skills")
                listing = await load_catalog(conn, inv.policy)
                entry = await resolve_name(conn, listing, name, inv.policy)
                # Approving what is already approved changes nothing: said before any file is read.
                pointless = nothing_to_record(load_verdicts(place.path, place.trust)[0], "approve", entry)
                if pointless is not None:
                    raise UsageError(f"{pointless}; nothing was recorded")
                say(f"Reading, verifying and auditing {entry.name}")
                audited = await audit_for_review(conn, inv.target.label, entry, inv.policy, place)
            info = conn.info
        if audited.warning is not None:
            click.echo(f"skillscope: warning: {safe_line(audited.warning, limit=400)}", err=True)
        review = entry_review(load_verdicts(place.path, place.trust)[0], entry)
        verdict = Verdict(reviewer, note, accept_findings, pinned)
        plan, refusal = approval_to_record(audited.audit, review, verdict)
        if plan.refused == "unverified" and plan.report is not None:
            make_console().print(render_report(plan.report, None))
        if plan.refused != "unverified" and plan.refused != "fingerprint":
            for finding in plan.audit.findings:
                if finding.severity != "note":
                    click.echo(f"{finding.severity}: {finding.id}: {safe_line(finding.message, limit=400)}", err=True)
        if plan.refused in ("findings", "unlisted"):
            click.echo(
                f"skillscope: approval refused: {plan.reason}; "
                "review them, then approve with --accept-findings --note WHY if they are acceptable",
                err=True,
            )
            return EXIT_VERIFY
        if plan.refused is not None:
            click.echo(f"skillscope: approval refused: {plan.reason}", err=True)
            return EXIT_VERIFY
        if refusal is not None:
            # A note the approval needs (a changed skill): a usage error, as --accept-findings without one is.
            click.echo(f"skillscope: usage error: approving {safe_line(entry.name)}: {refusal} (--note WHY)", err=True)
            return 2
        if interactive and not yes:
            click.echo(f"About to approve {safe_line(entry.name)}")
            click.echo(f"  fingerprint  {entry.fingerprint}")
            for result in plan.report.files if plan.report is not None else []:
                click.echo(
                    f"  file         {safe_line(result.path)} ({len(result.served.data) if result.served else 0:,} bytes)"
                )
            for uri in plan.unlisted:
                click.echo(f"  not covered  {safe_line(uri)} (served, not in the file list)")
            counts = plan.audit.counts
            click.echo(
                f"  audit        {counts['error']} error(s), {counts['warning']} warning(s), {counts['note']} note(s)"
            )
            if not click.confirm("Record this approval?", default=False):
                click.echo("Nothing was recorded.", err=True)
                return EXIT_VERIFY
        saved = record_review(place.book(), "approve", info, audited.audit, verdict, review)
        _say_recorded("Approved", saved, inv.ledger_path)
        return 0

    run(body)


def _verdict_command(action: Literal["reject", "revoke"], verb: str, doc: str) -> click.Command:
    @click.command(action, cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES, help=doc)
    @click.argument("name")
    @click.argument("target", required=False)
    @target_options
    @_review_options
    @click.pass_context
    def command(
        ctx: click.Context,
        /,
        name: str,
        target: str | None,
        reviewer: str | None,
        note: str,
        reach: TargetOptions,
        **options: Any,
    ) -> None:
        offline = action == "revoke" and target is None and not ctx.meta.get("stdio_command")
        if offline:
            _revoke_offline(name, reviewer, note, reach)
            return
        inv = setup(ctx, target, reach)
        from skillscope.catalog.surface import is_item_name

        if is_item_name(name):
            from skillscope.cli.commands_surface import verdict_item

            verdict_item(inv, _book(inv.ledger_path, inv.config), name, action, verb, reviewer=reviewer, note=note)
            return

        async def body() -> int:
            from skillscope.service.catalog import find_entry
            from skillscope.service.review import Verdict, record_review

            with progress(f"Connecting to {inv.target.display}") as say:
                info, entry = await find_entry(inv, name, say)
            book = _book(inv.ledger_path, inv.config)
            saved = record_review(book, action, info, entry, Verdict(reviewer, note))
            _say_recorded(verb, saved, inv.ledger_path)
            return 0

        run(body)

    return command


reject_command = _verdict_command(
    "reject",
    "Rejected",
    "Record the skill's current fingerprint as rejected (reads no file). The rejection holds for that content "
    "under every label: it is never exported while the rejection stands.",
)
revoke_command = _verdict_command(
    "revoke",
    "Revoked",
    "Withdraw every approval of the skill. With TARGET, the current entry is recorded too; "
    "without one, NAME must be LABEL:PATH and the revocation is recorded from the ledger alone.",
)


def _revoke_offline(name: str, reviewer: str | None, note: str, reach: TargetOptions) -> None:
    from skillscope.service.review import offline_revocation

    try:
        path, config = _ledger_config(reach.config_path, reach.ledger_file)
        book = _book(path, config)
        saved = book.record(offline_revocation(book.verdicts(), name, reviewer=reviewer, note=note))
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    _say_recorded("Revoked", saved, path)


@click.command("diff", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + EXIT_CODES)
@click.argument("name")
@click.argument("target", required=False)
@target_options
@trust_options
@click.option("--json", "as_json", is_flag=True, help="Print the review state, file changes and diffs as JSON.")
@click.option("--exit-code", is_flag=True, help="Exit 1 when the skill changed since its approval.")
@click.pass_context
def diff_command(
    ctx: click.Context,
    /,
    name: str,
    target: str | None,
    as_json: bool,
    exit_code: bool,
    reach: TargetOptions,
    **options: Any,
) -> None:
    """Show how a skill changed since its last approval: a unified diff of each changed text file
    against the approved bytes kept beside the ledger; size and digest for binaries.

    The current files are read and verified first; nothing that fails verification is shown.
    """
    inv = setup(ctx, target, reach)
    from skillscope.catalog.surface import is_item_name

    if is_item_name(name):
        from skillscope.cli.commands_surface import diff_item

        diff_item(inv, trust_choice(inv.config, options, inv.ledger_path), name, as_json=as_json, exit_code=exit_code)
        return

    async def body() -> int:
        from skillscope.service.catalog import open_named
        from skillscope.service.review_state import entry_review

        choice = trust_choice(inv.config, options, inv.ledger_path)
        book = choice.book(inv.ledger_path)
        verdicts = choice.verdicts(inv.ledger_path)
        with progress(f"Connecting to {inv.target.display}") as say:
            info, report = await open_named(inv, name, paths=[], all_files=True, say=say)
        entry = report.entry
        state = entry_review(verdicts, entry)
        assert state is not None  # an entry that opened is not malformed, and the book's verdicts are known
        if not report.verified:
            from skillscope.cli.render import make_console, render_report

            make_console().print(render_report(report, None))
            check = report.failure.check if report.failure is not None else "read"
            click.echo(f"skillscope: {entry.name} did not verify ({check} check): no diff is shown", err=True)
            return EXIT_VERIFY
        from skillscope.service.audit_change import audit_change, lead_lines
        from skillscope.service.capability_change import report_change
        from skillscope.service.ledgers import changed_files

        current = {r.uri: r.served.data for r in report.files if r.served is not None}
        diffs = changed_files(book.objects, entry, state.changes, current)
        # What the change brings comes first: new errors and warnings (the approved bytes audited alike), then
        # what the skill can do now against what the approval pinned. A new host outweighs any text.
        change = report_change(state, report)
        findings = audit_change(state, report, book.objects)
        if as_json:
            from skillscope.cli.jsonout import review_json

            print_json(
                {
                    "name": entry.name,
                    "fingerprint": entry.fingerprint,
                    **(review_json(state) or {}),
                    "audit_change": None if findings is None else findings.as_json(),
                    "capabilities": None if change is None else change.as_json(),
                    "diffs": [
                        {"path": d.path, "change": d.change, "lines": list(d.lines), "note": d.note} for d in diffs
                    ],
                }
            )
        else:
            from rich.text import Text

            from skillscope.cli.render import make_console, render_diffs, render_review

            console = make_console()
            if state.changes and (findings is not None or change is not None):
                styles = {"error": "bold red", "warning": "yellow", "added": "bold yellow", "plain": ""}
                console.print(Text("What changed, first (against its approval):", style="bold"))
                for style, line in lead_lines(findings, change):
                    console.print(Text(f"  {line}", style=styles[style]))
            elif change is not None:
                console.print(Text("What it can do, against its approval:", style="bold"))
                for line in change.lines:
                    console.print(Text(f"  {line}", style="bold yellow" if change.added else ""))
            console.print(render_review(entry, state))
            console.print(render_diffs(diffs))
        refused = [d for d in diffs if d.refused]
        if refused:
            from skillscope.core.errors import EXIT_LEDGER

            for diff in refused:
                click.echo(f"skillscope: {diff.path}: {diff.note}", err=True)
            return EXIT_LEDGER
        return 1 if exit_code and state.changes else 0

    run(body)


@click.command("export", epilog=EXIT_CODES)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["txt", "json", "yaml", "roomkit", "in-toto", "cedar", "claude-managed"]),
    default="txt",
    show_default=True,
    help="txt: one sha256:… per line for a host's reviewed set; json/yaml add name, URI, label, reviewer, time; "
    "roomkit: a Python module with approve_execution(request) for RoomKit's add_mcp_server; "
    "in-toto: one DSSE-signed in-toto Statement per approved skill (JSON Lines), signed with your ledger key; "
    "cedar: ToolHive's authorisation config permitting skills/get and resources/read of the approved skills; "
    "claude-managed: Claude Code's allowedMcpServers entries for the servers whose skills were approved.",
)
@click.option("--label", help="Only approvals of skills from the server with this label.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (atomically) instead of stdout."
)
@click.option(
    "--allowed-signers",
    type=click.Path(dir_okay=False),
    help="Whose signatures count (ssh-keygen allowed_signers format).",
)
@click.option("--include-unsigned", is_flag=True, help="Also export approvals recorded before reviews were signed.")
@config_option
@ledger_option
def export_command(
    fmt: str,
    label: str | None,
    output: str | None,
    allowed_signers: str | None,
    include_unsigned: bool,
    config_path: str | None,
    ledger_file: str | None,
) -> None:
    """Export the fingerprints approved, not since revoked, and not rejected under any label.

    Only approvals signed by a key allowed for their reviewer are exported (see
    --allowed-signers); how many were held back, and why, goes to stderr. A damaged
    ledger, or one that lost a review this machine saw, exports nothing (exit 5).

    \b
    Examples:
      skillscope export > reviewed.txt
      skillscope export --format roomkit -o reviewed_skills.py   # for RoomKit's approve_execution
      skillscope export --format in-toto -o reviews.intoto.jsonl  # signed attestations for auditors
      skillscope export --format cedar --label docs -o authz.json   # thv run --authz-config authz.json
      skillscope export --format claude-managed   # allowedMcpServers for managed-settings.json
    """
    from skillscope.cli.export_engines import ENGINE_FORMATS, engine_export
    from skillscope.core.errors import EXIT_LEDGER
    from skillscope.service.ledgers import approved_text

    try:
        path, config = _ledger_config(config_path, ledger_file)
        book = _book(path, config)
        check = book.check(allowed_signers=allowed_signers)
        if not check.ok:
            report_check(path, check)
            sys.exit(EXIT_LEDGER)
        exportable = book.exportable(check, include_unsigned=include_unsigned, label=label)
        if fmt == "in-toto":
            text = _attestations(path, config, allowed_signers, include_unsigned, check, exportable)
        elif fmt in ENGINE_FORMATS:
            text = engine_export(fmt, exportable, config)
        else:
            text = approved_text(exportable, fmt)  # type: ignore[arg-type]
        if label is not None and not exportable.approvals and not exportable.skipped:
            _warn_unmatched_label(label, book.exportable(check, include_unsigned=include_unsigned))
        deliver(text, output)
        if exportable.skipped:
            click.echo(f"skillscope: {exportable.skipped_summary()} (trust: {check.trust.source})", err=True)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))


def _attestations(
    path: Path, config: Any, allowed_signers: str | None, include_unsigned: bool, check: Any, exportable: Any
) -> str:
    """The in-toto export's JSON Lines; what it could not attest joins the held-back count on stderr."""
    from skillscope.service.attestations import export_attestations
    from skillscope.service.review_state import TrustChoice

    choice = TrustChoice.from_config(config, allowed_signers=allowed_signers, include_unsigned=include_unsigned)
    made = export_attestations(path, choice, check.trust, exportable)
    exportable.skipped.update(made.skipped)
    return str(made.text)


def _warn_unmatched_label(label: str, exportable: Any) -> None:
    """Say on stderr that ``--label`` matched no approval, and which labels do."""
    from skillscope.core.textsafe import safe_line

    labels = sorted({r.label for r in exportable.approvals})
    known = ", ".join(safe_line(x, limit=64) for x in labels) or "none"
    click.echo(
        f"skillscope: warning: no approval in force has label {safe_line(label, limit=64)!r}; "
        f"labels with approvals: {known}",
        err=True,
    )


def report_check(path: Path, check: Any) -> None:
    """Print a failed check's problems and missing reviews to stderr."""
    from skillscope.core.textsafe import safe_line

    for problem in check.result.problems:
        click.echo(f"{path}: {problem.kind}: {problem.message}", err=True)
    for review, what in sorted(check.missing.items(), key=lambda item: item[1]):
        if review.startswith("first:"):
            click.echo(
                f"{path}: rollback: the first record changed; it was {safe_line(what)} [{review[6:29]}]", err=True
            )
        else:
            click.echo(
                f"{path}: rollback: a review seen before is missing: {safe_line(what)} [{review[:16]}]", err=True
            )
    if not check.result.ok:
        click.echo(f"skillscope: ledger damaged: {path} has {len(check.result.problems)} problem(s)", err=True)
    if check.missing:
        click.echo(
            "A review this machine saw in the ledger is gone (a dropped line or an older copy). If that is intended, "
            "accept the new state with `skillscope ledger verify --accept --note WHY`.",
            err=True,
        )


def _ledger_config(config_path: str | None, ledger_file: str | None) -> tuple[Path, Any]:
    from skillscope.config.file import load_config
    from skillscope.service.targets import ledger_for

    config = load_config(config_path)
    return ledger_for(config, ledger_file), config

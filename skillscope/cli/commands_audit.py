"""``audit``: read and check whole servers, and write a report people and tools read."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from skillscope.cli.common import (
    TARGET_HELP,
    TargetCommand,
    deliver,
    progress,
    report_error,
    run,
    setup,
    target_options,
    trust_choice,
    trust_options,
)
from skillscope.core.errors import EXIT_CONNECTION, ExtensionNotOffered, SkillscopeError
from skillscope.core.textsafe import safe_line

if TYPE_CHECKING:
    from skillscope.service.targets import TargetOptions

__all__ = ["audit_command"]

AUDIT_EXIT = """\b
Audit exit codes:
  0  no finding at or above --fail-on (and, with --require-approved, every available skill approved)
  1  a finding at or above --fail-on, or (with --require-approved) a skill not approved as served
     or a listing not read to its end (skills/list, tools/list, ...)
  2  usage or config error
  3  a server could not be attached to or listed (the report says which)
  5  the report (-o FILE), the ledger or the config could not be read or written
  130  interrupted"""


@click.command("audit", cls=TargetCommand, epilog=TARGET_HELP + "\n\n" + AUDIT_EXIT)
@click.argument("targets", nargs=-1)
@target_options
@trust_options
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "sarif", "markdown"]),
    default="text",
    show_default=True,
    help="Report format: terminal text, JSON (stable schema), SARIF 2.1.0 for code scanning, or Markdown.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="Write the report to this file (atomically) instead of stdout.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "never"]),
    default="error",
    show_default=True,
    help="Exit 1 when a finding of this severity or worse exists.",
)
@click.option(
    "--concurrency", type=click.IntRange(1, 64), default=8, show_default=True, help="Skills read at once per server."
)
@click.option(
    "--thorough",
    is_flag=True,
    help="Also send skills/get for every entry and walk every skill's directory (directoryRead servers); "
    "by default both cover the first entry, as the conformance suite does, and the report says so.",
)
@click.option(
    "--require-approved",
    is_flag=True,
    help="Exit 1 when any available skill lacks an approval in force at its current fingerprint (named on stderr), "
    "or when a listing was not read to its end (what was not read is named on stderr).",
)
@click.option(
    "--surface",
    type=click.Choice(["none", "all"]),
    default="none",
    show_default=True,
    help="all: also audit every tool, prompt, resource and template (hidden content, instructions, review "
    "state, look-alikes of approved items); --require-approved then covers them too.",
)
@click.option(
    "--min-severity",
    type=click.Choice(["note", "warning", "error"]),
    default="note",
    show_default=True,
    help="Text format: list only findings of this severity or worse (the counts still include all, and the "
    "report says how many it left out).",
)
@click.option(
    "--notes",
    type=click.Choice(["summary", "all"]),
    default="summary",
    show_default=True,
    help="summary: list errors and warnings in full and sum up notes by rule, host and folder "
    "('44 links to 9 hosts'), saying how many were left out; all: list every note too (text, Markdown) and "
    "carry note-level results in SARIF. JSON always holds every finding, plus a notes_summary.",
)
@click.option(
    "--sarif-category",
    metavar="NAME",
    help="SARIF: runs[].automationDetails.id, so several servers' reports can be uploaded side by side.",
)
@click.option(
    "--rules",
    "rule_files",
    multiple=True,
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Add your own rules (repeatable): YARA in .yar/.yara files, pattern rules in .yml/.yaml; "
    "their findings are named user/<rule id>.",
)
@click.option(
    "--policy",
    "policy_file",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="YAML that turns rules off or changes their severity by id or glob (rules: {'skillscope/url': off}), "
    "applied before reporting and --fail-on; verification failures are never changed.",
)
@click.option(
    "--scanner",
    "scanner_commands",
    multiple=True,
    metavar="'CMD {dir}'",
    help="Also run this scanner (repeatable) on each verified skill, written to a fresh temporary folder "
    "{dir}; it prints SARIF 2.1.0 (or writes it to {sarif}), merged as scanner/<tool>/<rule> findings. "
    "Run without a shell, for at most --timeout x 10 seconds.",
)
@click.pass_context
def audit_command(
    ctx: click.Context,
    /,
    targets: tuple[str, ...],
    fmt: str,
    output: str | None,
    fail_on: str,
    concurrency: int,
    thorough: bool,
    require_approved: bool,
    surface: str,
    min_severity: str,
    notes: str,
    sarif_category: str | None,
    rule_files: tuple[str, ...],
    policy_file: str | None,
    scanner_commands: tuple[str, ...],
    reach: TargetOptions,
    **options: Any,
) -> None:
    """Audit whole servers: read and verify every file of every skill, and report every problem.

    Checks the extension's conformance (the official suite's SEP-2640 server checks, over
    every entry), every entry rule, file integrity (size, digest, frontmatter), files served
    but missing from a manifest, hidden or risky content (control sequences, bidi and
    invisible characters, tag characters, hidden Markdown, executables, risky shell, URLs,
    requested tools), and each skill's review state from the ledger.

    Findings suppressed with `skillscope suppress` (signed, unexpired, beside the ledger) are
    left out of every report and the gate; the JSON lists them under "suppressed".

    This is an explicit request to read: unlike list, it fetches every listed file.

    \b
    Examples:
      skillscope audit https://skills.example.com/mcp --format sarif -o skills.sarif
      skillscope audit docs local --format markdown --fail-on warning
      skillscope audit https://untrusted.example/mcp --thorough    # every skills/get and directory
      skillscope audit docs --rules house.yar --rules house.yaml --policy policy.yaml
      skillscope audit docs --scanner 'skill-scanner scan {dir} --format sarif'
    """
    stdio_command = ctx.meta.get("stdio_command")
    names: list[str | None] = list(targets) + ([None] if stdio_command else [])
    if not names:
        ctx.fail("Missing TARGET: give one or more URLs or config labels, and/or a command after --")
    if len(names) > 1 and reach.label:
        ctx.fail("--label names a single server; with several targets, name them in the config file")
    invocations = [setup(ctx, name, reach, command=None if name is not None else stdio_command) for name in names]
    from skillscope.service.targets import origin_conflicts, repository_paths_of

    conflicts = origin_conflicts([inv.target for inv in invocations])
    for conflict in conflicts:
        click.echo(f"skillscope: warning: {conflict.sentence()}", err=True)
    rules, policy = _user_rules(rule_files, policy_file)
    scanners = _scanners(scanner_commands)

    async def body() -> int:
        from skillscope.service.audits import audit_attached, not_audited
        from skillscope.service.connect import attach
        from skillscope.service.review_state import load_verdicts

        verdicts, ledger_warning = load_verdicts(
            invocations[0].ledger_path, trust_choice(invocations[0].config, options, invocations[0].ledger_path)
        )
        if ledger_warning:
            click.echo(f"skillscope: warning: {ledger_warning}", err=True)
        audits: list[Any] = []
        items_unapproved: list[tuple[str, str]] = []
        failed = False
        for inv in invocations:
            with progress(f"Connecting to {inv.target.display}") as say:
                try:
                    async with attach(inv) as conn:
                        try:
                            audits.append(
                                await audit_attached(
                                    conn,
                                    inv.policy,
                                    verdicts,
                                    concurrency=concurrency,
                                    thorough=thorough,
                                    progress=_labelled(say, inv.target.label),
                                    rules=rules,
                                )
                            )
                        except ExtensionNotOffered as exc:
                            if surface != "all":
                                raise
                            # No skills to audit, but the surface was asked for: audit that alone, and say so.
                            click.echo(
                                f"skillscope: {inv.target.label}: {exc.message}; auditing its tools, prompts, "
                                "resources and templates only",
                                err=True,
                            )
                            audits.append(not_audited(inv.target.label, inv.target.display, info=conn.info))
                        else:
                            if conn.info.serves_no_skills:
                                # Not an error (the report holds it as a note, exit 0), but said where a person looks.
                                only = "; auditing its tools, prompts, resources and templates only"
                                click.echo(
                                    f"skillscope: {inv.target.label}: {conn.info.no_skills_words()}"
                                    + (only if surface == "all" else ""),
                                    err=True,
                                )
                        if surface == "all":
                            from skillscope.service.surface import audit_surface

                            say(f"{inv.target.label}: auditing tools, prompts, resources and templates")
                            items_unapproved += await audit_surface(conn, audits[-1], verdicts)
                except SkillscopeError as exc:
                    failed = True
                    report_error(exc)
                    audits.append(not_audited(inv.target.label, inv.target.display, error=exc.message))
            if (paths := repository_paths_of(inv.target)) is not None:  # SARIF names the repository's own files
                audits[-1].artifact_paths = paths
        if scanners:
            from skillscope.service.scanners import run_scanners

            with progress("Running scanners") as say:
                await run_scanners(audits, scanners, timeout=invocations[0].timeout, progress=say)
        if policy is not None:
            _apply(audits, policy)
        if code := _suppress(
            audits, invocations[0].ledger_path, trust_choice(invocations[0].config, options, invocations[0].ledger_path)
        ):
            return code
        _emit(
            audits,
            fmt,
            output,
            min_severity=min_severity,
            category=sarif_category,
            notes=notes,
            warnings=[conflict.as_json() for conflict in conflicts],
        )
        if failed:
            return EXIT_CONNECTION
        threshold = {"error": 2, "warning": 1, "never": 99}[fail_on]
        unapproved = _unapproved(audits) + items_unapproved if require_approved else []
        for name, state in unapproved:
            click.echo(f"skillscope: not approved at its current fingerprint: {name} ({state})", err=True)
        # A listing cut short hides what lies beyond it: the gate cannot call the server all approved.
        unread = [(a.label, gap) for a in audits for gap in a.unread] if require_approved else []
        for label, gap in unread:
            click.echo(
                f"skillscope: {safe_line(label)}: not everything was read, so not all is approved: {gap}", err=True
            )
        return 1 if unapproved or unread or any(a.worst() >= threshold for a in audits) else 0

    run(body)


def _user_rules(rule_files: tuple[str, ...], policy_file: str | None) -> tuple[Any, Any]:
    """The rules and the policy the user's files give, compiled once; a bad file ends the command (exit 2)."""
    rules = policy = None
    try:
        if rule_files:
            from skillscope.service.audits import user_rules

            rules = user_rules(rule_files)
        if policy_file:
            from skillscope.service.audits import user_policy

            policy = user_policy(policy_file)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))
    return rules, policy


def _scanners(commands: tuple[str, ...]) -> list[Any]:
    """The --scanner templates, split once; a template without {dir} ends the command (exit 2)."""
    if not commands:
        return []
    from skillscope.service.scanners import parse_scanner

    try:
        return [parse_scanner(command) for command in commands]
    except SkillscopeError as exc:
        sys.exit(report_error(exc))


def _apply(audits: list[Any], policy: Any) -> None:
    """The policy over every finding, the server's list and each skill's (the report counts both)."""
    from skillscope.service.audits import apply_user_policy

    apply_user_policy(audits, policy)


def _suppress(audits: list[Any], ledger: Path, choice: Any) -> int:
    """Leave out the findings the trusted suppressions beside the ledger name (see ``skillscope suppress``).

    Returns 0, or the exit code when the suppressions file or the allowed signers cannot be read.
    """
    from skillscope.service.suppressions import apply_suppressions, load_suppressions, today_utc

    try:
        found = load_suppressions(ledger, choice)
    except SkillscopeError as exc:
        return report_error(exc)
    for warning in found.warnings():
        click.echo(f"skillscope: warning: {warning}", err=True)
    apply_suppressions(audits, found, today_utc())
    return 0


def _labelled(say: Callable[[str], None], label: str) -> Callable[[str], None]:
    """Progress messages prefixed with the server's label: one audit may cover several servers."""
    return lambda message: say(f"{label}: {message}")


def _unapproved(audits: list[Any]) -> list[tuple[str, str]]:
    """Every available skill without an approval in force at its current fingerprint: (name, review state)."""
    from skillscope.core.textsafe import safe_line

    out = []
    for audit in audits:
        for skill in audit.skills:
            if skill.entry.status != "available":
                continue
            state = skill.review.state if skill.review is not None else "review state unknown"
            if skill.review is not None and skill.review.untrusted:
                state += f": {skill.review.untrusted}"
            if state != "approved":
                out.append((safe_line(skill.entry.name, limit=300), state))
    return out


def _emit(
    audits: list[Any],
    fmt: str,
    output: str | None,
    *,
    min_severity: str = "note",
    category: str | None = None,
    notes: Any = "summary",
    warnings: list[dict[str, Any]] | None = None,
) -> None:
    import json
    import os

    from skillscope.audit.reports import audit_json, audit_markdown, audit_sarif
    from skillscope.cli.audit_text import audit_text

    if fmt == "text" and not output:
        from skillscope.cli.render import make_console

        make_console().print(audit_text(audits, min_severity=min_severity, notes=notes))
        return
    if fmt == "json":
        text = json.dumps(audit_json(audits, warnings=warnings or []), indent=2, ensure_ascii=True) + "\n"
    elif fmt == "sarif":
        # Where the README is published, for the rules' help links (the GitHub Action sets it); no link otherwise.
        log = audit_sarif(audits, category=category, docs_url=os.environ.get("SKILLSCOPE_DOCS_URL"), notes=notes)
        text = json.dumps(log, indent=2, ensure_ascii=True) + "\n"
    elif fmt == "markdown":
        text = audit_markdown(audits, notes=notes)
    else:
        from skillscope.cli.render import make_console

        console = make_console(width=160)
        with console.capture() as capture:
            console.print(audit_text(audits, min_severity=min_severity, notes=notes))
        text = capture.get()
    from skillscope.core.redact import SECRETS

    text = SECRETS.mask(text)
    try:
        deliver(text, output)
    except SkillscopeError as exc:
        sys.exit(report_error(exc))

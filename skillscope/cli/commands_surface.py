"""``approve``, ``reject``, ``revoke`` and ``diff`` for surface items (tools, prompts, resources, templates)."""

from __future__ import annotations

from typing import Any, Literal

import click

from skillscope.cli.common import print_json, progress, run
from skillscope.core.errors import EXIT_VERIFY

__all__ = ["approve_item", "diff_item", "verdict_item"]


async def _load(inv: Any, name: str, say: Any) -> tuple[Any, Any, Any]:
    """Connect, list skills and surface, and find the item NAME means: (server info, surface, item)."""
    from skillscope.service.connect import attach
    from skillscope.service.surface import load_catalog_and_surface, resolve_item

    async with attach(inv) as conn:
        say("Listing the server's tools, prompts, resources and templates")
        listing, surface = await load_catalog_and_surface(conn, inv.policy)
        _refuse_skill_twin(listing, name)
        item = resolve_item(surface, name)
        return conn.info, surface, item


def _refuse_skill_twin(listing: Any, name: str) -> None:
    """A skill whose path reads like an item name (a folder named tool/) makes NAME ambiguous: refuse, never guess."""
    from skillscope.catalog.surface import split_item_name
    from skillscope.core.errors import UsageError
    from skillscope.core.textsafe import safe_line

    parsed = split_item_name(name)
    path = f"{parsed[1]}/{parsed[2]}" if parsed is not None else ""
    if any(entry.status != "malformed" and entry.path == path for entry in listing.entries):
        raise UsageError(
            f"{safe_line(name)!r} names both the skill at path {safe_line(path)!r} and a {parsed[1] if parsed else ''}; "
            "skillscope cannot tell which you mean"
        )


def _say_recorded(verb: str, saved: Any, path: Any) -> None:
    from skillscope.core.textsafe import safe_line

    click.echo(
        f"{verb} {safe_line(saved.name)} ({saved.fingerprint or 'no fingerprint'}); record #{saved.seq} in {path}, "
        f"signed by {saved.key.split()[0]}"
    )


def approve_item(
    inv: Any,
    book: Any,
    name: str,
    *,
    reviewer: str | None,
    note: str,
    pinned: str | None,
    yes: bool,
    accept_findings: bool,
    interactive: bool,
) -> None:
    """Audit the item's texts, then record its fingerprint as approved and keep its definition in the content store."""

    async def body() -> int:
        from skillscope.core.textsafe import safe_line, safe_text
        from skillscope.service.audits import item_audit
        from skillscope.service.review import Verdict, record_item_review

        with progress(f"Connecting to {inv.target.display}") as say:
            info, _, item = await _load(inv, name, say)
        if pinned and pinned != item.fingerprint:
            click.echo(
                f"skillscope: approval refused: {safe_line(item.name)} now has fingerprint {item.fingerprint}, "
                f"not {safe_line(pinned)} (the definition changed since you saw it); nothing was recorded",
                err=True,
            )
            return EXIT_VERIFY
        findings = item_audit(item)
        for finding in findings:
            click.echo(f"{finding.severity}: {finding.id}: {safe_line(finding.message, limit=400)}", err=True)
        errors = sum(1 for f in findings if f.severity == "error")
        if errors and not accept_findings:
            click.echo(
                f"skillscope: approval refused: the audit found {errors} error(s) in {safe_line(item.name)}; review "
                "them, then approve with --accept-findings --note WHY if they are acceptable",
                err=True,
            )
            return EXIT_VERIFY
        if interactive and not yes:
            import json

            click.echo(f"About to approve {safe_line(item.name)}")
            click.echo(f"  fingerprint  {item.fingerprint}")
            click.echo(safe_text(json.dumps(item.definition, indent=2, sort_keys=True, ensure_ascii=False)))
            if not click.confirm("Record this approval?", default=False):
                click.echo("Nothing was recorded.", err=True)
                return EXIT_VERIFY
        verdict = Verdict(reviewer, note, accept_findings, pinned)
        saved = record_item_review(book, "approve", info, item, verdict, findings)
        _say_recorded("Approved", saved, inv.ledger_path)
        return 0

    run(body)


def verdict_item(
    inv: Any, book: Any, name: str, action: Literal["reject", "revoke"], verb: str, *, reviewer: str | None, note: str
) -> None:
    """Record a rejection or revocation of the item as served now."""

    async def body() -> int:
        from skillscope.service.review import Verdict, record_item_review

        with progress(f"Connecting to {inv.target.display}") as say:
            info, _, item = await _load(inv, name, say)
        saved = record_item_review(book, action, info, item, Verdict(reviewer, note))
        _say_recorded(verb, saved, inv.ledger_path)
        return 0

    run(body)


def diff_item(inv: Any, choice: Any, name: str, *, as_json: bool, exit_code: bool) -> None:
    """The item's review state and, when it changed since approval, each changed field against the approved definition."""

    async def body() -> int:
        from skillscope.cli.surface_out import render_field_changes
        from skillscope.service.review_state import item_review
        from skillscope.service.surface import approved_definition, definition_changes

        book = choice.book(inv.ledger_path)
        verdicts = choice.verdicts(inv.ledger_path)
        with progress(f"Connecting to {inv.target.display}") as say:
            _, _, item = await _load(inv, name, say)
        state = item_review(verdicts, item)
        changes: list[Any] = []
        note = None
        if state.state == "changed-since-approval":
            approved = approved_definition(book.objects, state)
            if approved is None:
                note = "the approved definition is not in the content store: no field diff can be shown"
            else:
                changes = definition_changes(approved, item.definition)
        if as_json:
            print_json(
                {
                    "name": item.name,
                    "fingerprint": item.fingerprint,
                    **state.as_json(),
                    "fields": [c.as_json() for c in changes],
                    "note": note,
                }
            )
        else:
            from skillscope.cli.render import make_console

            make_console().print(render_field_changes(item.name, state, changes, note))
        if note is not None:
            click.echo(f"skillscope: {note}", err=True)
        return 1 if exit_code and state.state == "changed-since-approval" else 0

    run(body)

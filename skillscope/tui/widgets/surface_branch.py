"""The labels of a server's "surface" branch (tools, prompts, resources, templates) and an item's detail view."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from skillscope.tui.inert import STATE_LOOK, inert, inert_line

__all__ = ["item_detail", "item_label", "kind_label", "surface_label"]

_LOOK = {
    "approved": "approved",
    "approved-untrusted": "untrusted",
    "rejected": "rejected",
    "changed-since-approval": "changed",
    "revoked": "revoked",
    "not-reviewed": "not-reviewed",
}


def _look(item: Any, review: Any) -> tuple[str, str, str]:
    if not item.usable:
        return ("✗", "cannot be reviewed", "bold red")
    if review is None:
        return ("?", "review state unknown", "dim")
    glyph, _, style = STATE_LOOK[_LOOK.get(review.state, "not-reviewed")]
    return glyph, review.label, style


def _counts(items: Sequence[Any], reviews: dict[str, Any]) -> Text:
    counts: dict[str, int] = {}
    for item in items:
        glyph, _, style = _look(item, reviews.get(item.name))
        counts[f"{glyph}\0{style}"] = counts.get(f"{glyph}\0{style}", 0) + 1
    text = Text()
    for key, count in sorted(counts.items()):
        glyph, style = key.split("\0")
        text.append(" ")
        text.append(f"{glyph}{count}", style=style)
    return text


def surface_label(surface: Any, reviews: dict[str, Any]) -> Text:
    """``surface  Δ1 ○17``: the branch with what its items need."""
    text = Text("surface", style="bold")
    text.append(f" ({len(surface.all_items())})", style="dim")
    text.append_text(_counts(surface.all_items(), reviews))
    return text


def item_label(item: Any, review: Any) -> Text:
    """An item's row: its state glyph, its key as sent (escaped), its state in words."""
    glyph, words, style = _look(item, review)
    text = Text(glyph, style=style)
    text.append(" ")
    text.append_text(inert_line(item.key if item.key is not None else f"#{item.index}", limit=200))
    text.append(f"  {words}", style=style if style != "cyan" else "dim")
    return text


def kind_label(title: str, items: Sequence[Any], reviews: dict[str, Any]) -> Text:
    """A kind's row under the branch: its title, how many items the filter shows, and what they need."""
    text = Text(title, style="bold")
    text.append(f" ({len(items)})", style="dim")
    text.append_text(_counts(items, reviews))
    return text


def _field_changes(changes: list[Any]) -> list[RenderableType]:
    out: list[RenderableType] = []
    for change in changes:
        out.append(Text.assemble((f"{change.change} ", "bold"), inert_line(change.place, "bold", limit=300)))
        for sign, value, style, skip in (("- ", change.old, "red", "added"), ("+ ", change.new, "green", "removed")):
            if change.change == skip:
                continue
            for line in change.text(value).split("\n"):
                out.append(Text(sign, style=style).append_text(inert(line, style)))
    return out


def item_detail(
    item: Any, review: Any, changes: list[Any] | None, note: str | None = None, findings: list[Any] | None = None
) -> RenderableType:
    """An item: name, state, fingerprint, what the audit found, each changed field against the approval, its definition."""
    from skillscope.views import source_view

    glyph, words, style = _look(item, review)
    parts: list[RenderableType] = [
        Text.assemble((f"{item.kind.capitalize()} ", "bold"), inert_line(item.name, "bold", limit=300)),
        Text.assemble((f"{glyph} {words}", style)),
        Text(
            item.fingerprint or "no fingerprint",
            style="" if item.fingerprint else "red",
            no_wrap=True,
            overflow="ellipsis",
        ),
    ]
    if item.problem:
        parts.append(inert_line(item.problem, "red", limit=400))
    listing = item.skill_listing is not None
    if listing:
        count = len(item.definition) if isinstance(item.definition, list) else 0
        parts.append(
            Text.assemble(
                f"What resources/list says of the {count} file{'' if count == 1 else 's'} of skill ",
                inert_line(item.skill_listing, limit=200),
                ": their bytes are the skill's to pin, their listed name, title and description this item's.",
                style="dim",
            )
        )
    if note:
        parts.append(Text(note, style="yellow"))
    for finding in findings or []:
        look = "bold red" if finding.severity == "error" else "yellow"
        parts.append(
            Text.assemble(
                (f"{finding.severity} ", look), (f"{finding.id} ", "bold"), inert_line(finding.message, limit=300)
            )
        )
    if changes:
        parts.extend([Text(""), Text("Changed fields (approved → now)", style="bold yellow"), *_field_changes(changes)])
    heading = "Files' entries as pinned (by URI, size left out)" if listing else "Definition as sent"
    parts.extend([Text(""), Text(heading, style="bold")])
    try:
        shown = json.dumps(item.definition, indent=2, sort_keys=True, ensure_ascii=False)
    except ValueError:
        shown = repr(item.definition)
    parts.append(source_view(shown + "\n", lexer="json"))
    parts.extend([Text(""), Text("a approve · x reject · u revoke", style="dim")])
    return Group(*parts)

"""The surface in the CLI's outputs: JSON arrays per kind, a table per kind, a per-field diff; all inert."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from skillscope.core.textsafe import safe_line, safe_text

__all__ = ["ARRAYS", "item_json", "render_field_changes", "render_surface", "surface_json"]

ARRAYS = {"tool": "tools", "prompt": "prompts", "resource": "resources", "template": "templates"}
"""The JSON array each kind goes into."""
_STATE_STYLE = {
    "approved": "green",
    "rejected": "red",
    "changed-since-approval": "yellow bold",
    "approved-untrusted": "yellow",
    "revoked": "yellow",
    "not-reviewed": "dim",
}


def item_json(item: Any, review: Any) -> dict[str, Any]:
    """One item: name, kind, fingerprint, review (state and the record it rests on), definition as pinned.

    ``skill_listing`` is the skill directory of the item pinning what resources/list says of that skill's
    files (its definition: their entries less ``size``, sorted by URI); null for every other item.
    """
    return {
        "name": item.name,
        "kind": item.kind,
        "fingerprint": item.fingerprint,
        "review": review.as_json() if review is not None else None,
        "problem": item.problem,
        "skill_listing": item.skill_listing,
        "definition": item.definition,
    }


def surface_json(surface: Any, reviews: dict[str, Any]) -> dict[str, Any]:
    """``tools``, ``prompts``, ``resources`` and ``templates`` arrays, plus the walk's warnings."""
    out: dict[str, Any] = {
        array: [item_json(i, reviews.get(i.name)) for i in surface.items[kind]] for kind, array in ARRAYS.items()
    }
    out["surface_warnings"] = list(surface.warnings)
    out["surface_complete"] = surface.complete
    return out


def _state(review: Any, item: Any) -> Text:
    if not item.usable:
        return Text("cannot be reviewed", style="red")
    if review is None:
        return Text("unknown", style="dim")
    return Text(review.label, style=_STATE_STYLE.get(review.state, ""))


def _summary(item: Any) -> Text:
    if item.problem:
        return Text(safe_line(item.problem, limit=300), style="red")
    definition = item.definition if isinstance(item.definition, dict) else {}
    described = definition.get("description")
    return Text(safe_line(described, limit=300) if isinstance(described, str) else "", style="" if described else "dim")


def render_surface(surface: Any, reviews: dict[str, Any]) -> RenderableType:
    """A table per kind: name, review state, fingerprint and description, every server string escaped."""
    parts: list[RenderableType] = []
    for kind, array in ARRAYS.items():
        items = surface.items[kind]
        offered = surface.offered.get(kind, True)
        heading = Text(f"{array.upper()} ({len(items)})", style="bold")
        if not offered:
            heading.append("  not offered by this server", style="dim")
        parts.append(heading)
        if not items:
            continue
        for item in items:
            # One block per item: a fingerprint is never folded, whatever the width.
            line = Text("  ")
            line.append(safe_line(item.name, limit=300))
            line.append("  ")
            line.append_text(_state(reviews.get(item.name), item))
            if item.skill_listing is not None:
                count = len(item.definition) if isinstance(item.definition, list) else 0
                files = f"{count} file" if count == 1 else f"{count} files"
                line.append(f"  (what resources/list says of this skill's {files})", style="dim")
            parts.append(line)
            parts.append(
                Text(
                    "    " + (item.fingerprint or "no fingerprint"),
                    style="" if item.fingerprint else "red",
                    no_wrap=True,
                    overflow="ignore",
                )
            )
            summary = _summary(item)
            if summary.plain:
                parts.append(Text("    ").append_text(summary))
    for warning in surface.warnings:
        line = Text("warning ", style="yellow")
        line.append(safe_line(warning, limit=400))
        parts.append(line)
    return Group(*parts)


def render_field_changes(name: str, state: Any, changes: list[Any], note: str | None = None) -> RenderableType:
    """The review state, then each changed field: its path, old text and new text (escaped, line by line)."""
    parts: list[RenderableType] = [
        Text(
            f"{safe_line(name, limit=300)}: {state.label if state else 'unknown'}",
            style=_STATE_STYLE.get(getattr(state, "state", ""), ""),
        )
    ]
    if note:
        parts.append(Text(note, style="dim"))
    for change in changes:
        parts.append(Text(f"{change.change} {safe_line(change.place, limit=400)}", style="bold"))
        if change.change != "added":
            for line in safe_text(change.text(change.old)).splitlines() or [""]:
                parts.append(Text("- " + line, style="red"))
        if change.change != "removed":
            for line in safe_text(change.text(change.new)).splitlines() or [""]:
                parts.append(Text("+ " + line, style="green"))
    return Group(*parts)

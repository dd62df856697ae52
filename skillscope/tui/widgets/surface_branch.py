"""The "surface" branch of a server in the catalog (tools, prompts, resources, templates) and an item's detail view."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual.widgets.tree import TreeNode

from skillscope.tui.inert import STATE_LOOK, inert, inert_line
from skillscope.tui.view_model import item_rollup, item_tags
from skillscope.tui.widgets.catalog_places import CatalogPlaces, NodeRef

__all__ = [
    "KIND_TITLES",
    "SurfacePlaces",
    "add_surface_node",
    "item_detail",
    "item_label",
    "populate_surface",
    "refresh_surface",
    "surface_label",
]

KIND_TITLES = {"tool": "tools", "prompt": "prompts", "resource": "resources", "template": "templates"}
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


def _counts(items: list[Any], reviews: dict[str, Any]) -> Text:
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


Keep = Callable[[Any], bool]
"""Which items the filter shows."""


def _everything(item: Any) -> bool:
    return True


def add_surface_node(
    parent: TreeNode[NodeRef], label: str, surface: Any, reviews: dict[str, Any], keep: Keep = _everything
) -> None:
    """Add the server's surface branch (populated when opened); none when nothing beside the skills is shown."""
    if any(keep(item) for item in surface.all_items()):
        parent.add(surface_label(surface, reviews), NodeRef("surface", label))


def populate_surface(
    node: TreeNode[NodeRef], ref: NodeRef, surface: Any, reviews: dict[str, Any], keep: Keep = _everything
) -> None:
    """The branch's kinds, or a kind's items (those the filter keeps), added when opened."""
    if not ref.key:
        for kind, title in KIND_TITLES.items():
            items = [item for item in surface.items[kind] if keep(item)]
            node.add(_kind_label(title, items, reviews), NodeRef("surface", ref.server, kind), allow_expand=bool(items))
        return
    for item in surface.items.get(ref.key, []):
        if keep(item):
            node.add_leaf(item_label(item, reviews.get(item.name)), NodeRef("item", ref.server, item.name))


def _kind_label(title: str, items: list[Any], reviews: dict[str, Any]) -> Text:
    text = Text(title, style="bold")
    text.append(f" ({len(items)})", style="dim")
    text.append_text(_counts(items, reviews))
    return text


def refresh_surface(
    server: TreeNode[NodeRef],
    label: str,
    surface: Any,
    reviews: dict[str, Any],
    populated: set[int],
    keep: Keep = _everything,
) -> None:
    """Bring a shown branch up to date: labels in place when the same items are listed, else its kinds rebuilt."""
    branch = next((c for c in server.children if c.data is not None and c.data.kind == "surface"), None)
    if branch is None:
        add_surface_node(server, label, surface, reviews, keep)
        return
    if not any(keep(item) for item in surface.all_items()):
        branch.remove()
        return
    branch.set_label(surface_label(surface, reviews))
    for kind_node in branch.children:
        kind = kind_node.data.key if kind_node.data is not None else ""
        items = [item for item in surface.items.get(kind, []) if keep(item)]
        kind_node.set_label(_kind_label(KIND_TITLES.get(kind, kind), items, reviews))
        if kind_node.id not in populated:
            continue
        shown = [c.data.key for c in kind_node.children if c.data is not None]
        if shown == [item.name for item in items]:
            for child, item in zip(kind_node.children, items, strict=True):
                child.set_label(item_label(item, reviews.get(item.name)))
        else:
            kind_node.remove_children()
            for item in items:
                kind_node.add_leaf(item_label(item, reviews.get(item.name)), NodeRef("item", label, item.name))


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


class SurfacePlaces(CatalogPlaces):
    """The catalog tree's surface branches: kept per server, updated in place, an item revealed by name.

    Items count like skills: the filter (text and ``state:``) selects them, the jump key stops at those
    waiting for a verdict, and the status line counts them.
    """

    _surface: dict[str, tuple[Any, dict[str, Any]]]
    _populated: set[int]
    _text: str
    _states: list[str]

    def _post_counts(self) -> None:
        raise NotImplementedError

    def show_surface(self, label: str, surface: Any, reviews: dict[str, Any]) -> None:
        """Show (or update in place) a server's "surface" branch."""
        self._surface[label] = (surface, reviews)
        self._order = None
        node = self._server_nodes.get(label)
        if node is not None and node.id in self._populated:
            refresh_surface(node, label, surface, reviews, self._populated, self._keep(label))
        self._post_counts()

    def _keep(self, label: str) -> Keep:
        """Which of the server's items the filter shows."""
        if not self._text and not self._states:
            return _everything
        reviews = self._surface.get(label, (None, {}))[1]
        return lambda item: self._item_matches(item, reviews.get(item.name))

    def _item_matches(self, item: Any, review: Any) -> bool:
        if self._states and not set(self._states) <= item_tags(item, review):
            return False
        if not self._text:
            return True
        definition = item.definition if isinstance(item.definition, dict) else {}
        described = definition.get("description")
        haystack = f"{item.name}\n{described if isinstance(described, str) else ''}".casefold()
        return self._text in haystack

    def _item_counts(self) -> dict[str, int]:
        """Every server's surface items per roll-up state (the status line adds them to the skills')."""
        counts: dict[str, int] = {}
        for surface, reviews in self._surface.values():
            for item in surface.all_items():
                key = item_rollup(item, reviews.get(item.name))
                if key is not None:
                    counts[key] = counts.get(key, 0) + 1
        return counts

    def _shown_items(self, label: str) -> list[str]:
        if label not in self._surface:
            return []
        surface, _ = self._surface[label]
        keep = self._keep(label)
        return [item.name for kind in KIND_TITLES for item in surface.items[kind] if keep(item)]

    def _item_needs_review(self, server: str, name: str) -> bool:
        surface, reviews = self._surface.get(server, (None, {}))
        item = surface.by_name(name) if surface is not None else None
        return item is not None and "needs-review" in item_tags(item, reviews.get(name))

    def reveal_item(self, server: str, name: str) -> bool:
        """Open the surface branch down to an item and put the cursor on it; False when it is not shown."""
        node = self._server_nodes.get(server)
        kind = name.split(":", 1)[-1].split("/", 1)[0]
        for ref in (NodeRef("surface", server), NodeRef("surface", server, kind), NodeRef("item", server, name)):
            if node is None:
                return False
            self._populate(node)
            node.expand()
            node = next((c for c in node.children if c.data == ref), None)
        if node is None:
            return False
        self._tree_lines  # noqa: B018 - the property rebuilds the lines
        self.move_cursor(node)
        return True

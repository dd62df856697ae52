"""The catalog tree's places: its nodes' meaning, finding a skill, keeping the cursor and open folders, jumping."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from rich.text import Text
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from skillscope.service.session import ServerSession
from skillscope.service.workspace import SkillView
from skillscope.tui.view_model import ATTENTION, Folder, needs_review, state_tags

__all__ = ["ATTENTION_LIMIT", "CatalogPlaces", "NodeRef", "Place", "skill_order", "start_index", "write_label"]

ATTENTION_LIMIT = 20
"""At most this many changed or failed skills have their folders opened when a catalog first shows."""


@dataclass(frozen=True)
class NodeRef:
    """What a tree node stands for."""

    kind: Literal["server", "folder", "skill", "file", "malformed", "more", "note", "surface", "item"]
    server: str
    key: str = ""
    """The skill's registry name (skill, file, malformed), the folder's path (folder, more), the item kind
    (surface; empty for the branch itself) or the item's name (item)."""
    path: str = ""
    """A file's relative path."""
    offset: int = 0
    """For a "more" node: where the next page starts."""


Place = tuple[set[tuple[str, str, str]], "TreeNode[NodeRef] | None", "NodeRef | None"]
"""What a redraw keeps: every open node as (server, kind, key), the cursor's node and what it stood for."""


def write_label(node: TreeNode[Any], label: Text) -> None:
    """``node.set_label(label)`` only when the label differs, with one repaint for a burst of them.

    ``set_label`` queues a callback per node (a skill's 200 file rows are 200 of them) and marks the
    lines below it as changed even when it writes the same text: a server's label repaints every
    row of its catalog. Lines whose nodes did not change are drawn from the tree's line cache.
    """
    tree = node.tree
    text = tree.process_label(label)
    if text == node._label and text.style == node._label.style:  # Text's == leaves out its own style
        return
    node._label = text
    node._updates += 1  # part of the line cache's key: this node's lines are drawn again
    tree.refresh()


class CatalogPlaces(Tree[NodeRef]):
    """The half of ``CatalogTree`` that finds places in it; the other half builds the nodes."""

    _sessions: dict[str, ServerSession]
    _views: dict[str, dict[str, SkillView]]
    _folders: dict[str, dict[str, Folder]]
    _malformed: dict[str, list[str]]
    _server_nodes: dict[str, TreeNode[NodeRef]]
    _skill_nodes: dict[tuple[str, str], TreeNode[NodeRef]]
    _order: list[tuple[str, str, bool]] | None = None
    """Every shown skill and surface item in tree order, for the jump keys; None until needed after a change."""

    def _populate(self, node: TreeNode[NodeRef]) -> None:
        raise NotImplementedError

    def _load_more(self, node: TreeNode[NodeRef]) -> None:
        raise NotImplementedError

    def open_attention(self, server: str) -> None:
        """Open the folders down to the skills that changed since approval or failed (the first few)."""
        views = self._views.get(server, {})
        names = [name for name, view in views.items() if state_tags(view) & ATTENTION]
        for name in sorted(names)[:ATTENTION_LIMIT]:
            self._expand_to(server, name)

    def next_needing_review(self, step: int = 1) -> bool:
        """Move the cursor to the next (``step`` -1: previous) skill or surface item waiting for a verdict.

        False when none is shown.
        """
        order = self._order
        if order is None:
            # Built once per index (a listing, a filter, a state change), not on every press of the key.
            order = self._order = skill_order(
                self._sessions, self._views, self._folders, self._malformed, self._server_nodes, self._shown_items
            )
        if not order:
            return False
        ref = self.cursor_node.data if self.cursor_node is not None else None
        begin = start_index(order, ref, step)
        here = (ref.server, ref.key, ref.kind == "item") if ref is not None else None
        for offset in range(len(order)):
            server, name, item = order[(begin + offset * step) % len(order)]
            if here == (server, name, item):
                continue
            if item and self._item_needs_review(server, name):
                return self.reveal_item(server, name)
            if not item and needs_review(self._views[server][name]):
                self.reveal(server, name)
                return True
        return False

    def _shown_items(self, label: str) -> list[str]:
        """The names of the server's surface items the tree shows, in tree order (none here: see ``SurfacePlaces``)."""
        return []

    def _item_needs_review(self, server: str, name: str) -> bool:
        return False

    def reveal_item(self, server: str, name: str) -> bool:
        raise NotImplementedError

    def reveal(self, server: str, name: str, path: str | None = None) -> None:
        """Open the folders down to a skill (and its file ``path``) and put the cursor on it."""
        target = self._expand_to(server, name, path)
        if target is not None:
            # Nodes added just now get their line number when the tree lines are rebuilt.
            self._tree_lines  # noqa: B018 - the property rebuilds the lines
            self.move_cursor(target)

    def _expand_to(self, server: str, name: str, path: str | None = None) -> TreeNode[NodeRef] | None:
        """Open the folders down to a skill (and its file ``path``); returns its node."""
        view = self._views.get(server, {}).get(name)
        node = self._server_nodes.get(server)
        if view is None or node is None:
            return None
        skill_path = view.entry.path or ""
        while True:
            self._populate(node)
            node.expand()
            target = self._skill_nodes.get((server, name))
            if target is not None and path is not None:
                self._populate(target)
                target.expand()
                target = next((c for c in target.children if c.data and c.data.path == path), target)
            if target is not None:
                return target
            if view.entry.status != "malformed":
                folder = next(
                    (
                        c
                        for c in node.children
                        if c.data and c.data.kind == "folder" and skill_path.startswith(c.data.key + "/")
                    ),
                    None,
                )
                if folder is not None:
                    node = folder
                    continue
            # The skill sits past a "more" node: bring the next page.
            more = next((c for c in node.children if c.data and c.data.kind == "more"), None)
            if more is None:
                return None
            self._load_more(more)

    def _place(self) -> Place:
        """What a redraw must keep: every open node, and the cursor's node and what it stands for."""
        opened: set[tuple[str, str, str]] = set()
        stack = list(self.root.children)
        while stack:
            node = stack.pop()
            if node.is_expanded and node.data is not None:
                opened.add((node.data.server, node.data.kind, node.data.key))
                stack.extend(node.children)
        cursor = self.cursor_node
        return opened, cursor, cursor.data if cursor is not None else None

    def _restore(self, server_node: TreeNode[NodeRef], place: Place) -> None:
        opened, cursor, ref = place
        stack = [server_node]
        found: TreeNode[NodeRef] | None = None
        while stack:
            node = stack.pop()
            for child in node.children:
                data = child.data
                if data is None:
                    continue
                if (
                    ref is not None
                    and data.kind == ref.kind
                    and data.kind in ("folder", "surface", "item")
                    and data.key == ref.key
                    and data.server == ref.server
                ):
                    found = child
                if (data.server, data.kind, data.key) in opened and data.kind in ("folder", "skill", "surface"):
                    self._populate(child)
                    child.expand()
                    stack.append(child)
        if ref is None:
            return
        label = server_node.data.server if server_node.data else ""
        if ref.server != label and cursor is not None:
            found = cursor  # on another server: that node still stands, only its line moved
        elif ref.kind in ("skill", "file", "malformed"):
            found = self._expand_to(label, ref.key, ref.path or None) or server_node
        elif found is None:
            found = server_node
        self._tree_lines  # noqa: B018 - the property rebuilds the lines
        self.move_cursor(found)


def skill_order(
    sessions: dict[str, Any],
    views: dict[str, dict[str, SkillView]],
    folders: dict[str, dict[str, Folder]],
    malformed: dict[str, list[str]],
    server_nodes: dict[str, Any],
    items: Callable[[str], list[str]] = lambda label: [],
) -> list[tuple[str, str, bool]]:
    """Every shown skill and surface item as ``(server, name, is_item)``, in tree order: servers as listed, each
    server's skills as its tree sorts them, then its malformed entries, then its surface items (``items(label)``).

    Works on the index, not on tree nodes: folders that were never opened have no nodes yet.
    """
    order: list[tuple[str, str, bool]] = []
    for label in server_nodes:
        if label not in sessions:
            continue
        index = folders.get(label)
        if index is not None:
            shown = views.get(label, {})
            stack: list[tuple[str, Any]] = list(reversed(index[""].children(shown)))
            while stack:
                kind, value = stack.pop()
                if kind == "folder":
                    stack.extend(reversed(value.children(shown)))
                else:
                    order.append((label, value, False))
            order.extend((label, name, False) for name in malformed.get(label, []))
        order.extend((label, name, True) for name in items(label))
    return order


def start_index(order: list[tuple[str, str, bool]], ref: Any, step: int) -> int:
    """Where a search from the cursor's node begins: at its skill or item, or at the first one below a folder,
    a server or a surface branch."""
    if ref is None:
        return 0 if step > 0 else len(order) - 1
    if ref.kind in ("skill", "file", "malformed", "item"):
        try:
            return order.index((ref.server, ref.key, ref.kind == "item"))
        except ValueError:
            return 0
    for number, (server, name, item) in enumerate(order):
        if server != ref.server:
            continue
        if ref.kind == "surface":
            if item and (not ref.key or name.split(":", 1)[-1].startswith(ref.key + "/")):
                return number if step > 0 else number - 1
            continue
        if ref.kind != "folder":
            return number if step > 0 else number - 1
        path = name.split(":", 1)[1] if ":" in name else name
        if not item and path.startswith(ref.key + "/"):
            return number if step > 0 else number - 1
    return 0

"""The catalog: server → path segments → skill → files, drawn from ``CatalogModel`` as nodes are opened."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar, Self

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from skillscope.catalog.surface import Surface
from skillscope.service.session import ServerSession
from skillscope.service.workspace import SkillView
from skillscope.tui.catalog.filter import CatalogFilter
from skillscope.tui.catalog.folding import Folded, Index, fold
from skillscope.tui.catalog.model import KIND_TITLES, PAGE, CatalogModel
from skillscope.tui.catalog.refs import NodeRef
from skillscope.tui.catalog.rows import Row
from skillscope.tui.widgets.surface_branch import item_label, kind_label, surface_label
from skillscope.tui.widgets.tree_labels import (
    file_label,
    folder_label,
    more_label,
    note_label,
    server_label,
    skill_label,
    words_label,
    write_label,
)

__all__ = ["CatalogTree", "Place"]

Place = tuple[set[tuple[str, str, str]], "TreeNode[NodeRef] | None", "NodeRef | None"]
"""What a redraw keeps: every open node as (server, kind, key), the cursor's node and what it stood for."""


class CatalogTree(Tree[NodeRef]):
    """Every server's skills by path, each with its state; files under each skill; then the server's surface.

    What it shows is ``model`` (a ``CatalogModel``): this widget turns its rows into nodes, built when a node is
    first opened and written over in place when a server is drawn again, and posts what the cursor reaches.

    | Key | Action |
    | :- | :- |
    | enter | Open the skill (verify SKILL.md) or the file |
    | right / left | Expand / collapse (or go to the parent) |
    | space | Expand or collapse |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "expand_node", "Expand", show=False, id="expand", tooltip="Open the node, or step into it"),
        Binding(
            "left",
            "collapse_node",
            "Collapse",
            show=False,
            id="collapse",
            tooltip="Close the node, or go to its parent",
        ),
    ]

    class ServerHighlighted(Message):
        """The cursor moved to a server node (or a note under it)."""

        def __init__(self, server: str) -> None:
            super().__init__()
            self.server = server

    class SkillHighlighted(Message):
        """The cursor moved to a skill, one of its files, or a malformed entry."""

        def __init__(self, server: str, name: str, path: str | None = None) -> None:
            super().__init__()
            self.server = server
            self.name = name
            self.path = path

    class ItemHighlighted(Message):
        """The cursor moved to a tool, prompt, resource or template of a server's surface."""

        def __init__(self, server: str, name: str) -> None:
            super().__init__()
            self.server = server
            self.name = name

    class Counted(Message):
        """The catalog's roll-up changed: skills and surface items per state over every server, and how many are stale."""

        def __init__(self, counts: dict[str, int], stale: int, items: dict[str, int] | None = None) -> None:
            super().__init__()
            self.counts = counts
            """Skills per roll-up state."""
            self.stale = stale
            self.items = items or {}
            """Tools, prompts, resources and templates per roll-up state (counted apart: they are not skills)."""

    class OpenRequested(Message):
        """The reviewer asked to open a skill (``path`` None) or one of its files."""

        def __init__(self, server: str, name: str, path: str | None = None) -> None:
            super().__init__()
            self.server = server
            self.name = name
            self.path = path

    def __init__(self, *, id: str | None = None) -> None:  # Textual's name
        super().__init__(Text("servers"), id=id)
        self.show_root = False
        self.auto_expand = False
        self.guide_depth = 3
        self.model = CatalogModel()
        """What the tree shows; every node is drawn from it."""
        self._server_nodes: dict[str, TreeNode[NodeRef]] = {}
        self._skill_nodes: dict[tuple[str, str], TreeNode[NodeRef]] = {}
        self._file_nodes: dict[tuple[str, str], list[TreeNode[NodeRef]]] = {}
        self._folder_nodes: dict[tuple[str, str], tuple[TreeNode[NodeRef], str]] = {}
        """Each shown folder node with the name it shows (a chain of single folders shows as one)."""
        self._populated: set[int] = set()
        """The nodes whose children are built (the rest are built when first opened)."""
        self._reuse: dict[int, list[TreeNode[NodeRef]]] = {}
        """For a node to be built again: its children as they stand, reused in order while they still fit."""
        self._recount_due: dict[str, set[str]] = {}

    # -- calls from the screen -----------------------------------------------------------------

    def show_server(
        self,
        session: ServerSession,
        views: dict[str, SkillView] | None,
        *,
        index: Index | None = None,
        folded: Folded | None = None,
    ) -> None:
        """Show (or redraw) one server: a note while it connects or failed, else its catalog.

        ``index`` is ``build_index(views)`` when the caller folded the catalog already (off the event loop);
        ``folded`` is the catalog folded for the current filter, done in a thread.
        """
        label = session.label
        self.model.show(session, views, index, folded)
        node = self._server_nodes.get(label)
        place = None
        if node is None:
            node = self.root.add(self._server_label(session), NodeRef("server", label), expand=False)
            self._server_nodes[label] = node
        else:
            place = self._place()
            self._forget_below(node)
            # Built again over the nodes it has: a row whose meaning is unchanged keeps its node (and only
            # its label is written again when it differs), so a refresh does not rebuild a 500-row page.
            self._reuse[node.id] = list(node.children)
            write_label(node, self._server_label(session))
        self._populated.discard(node.id)
        self._populate(node)
        node.expand()
        if place is not None:
            # Redrawn in place: the folders that were open stay open and the cursor stays on its row.
            self._restore(node, place)
        if self.cursor_line < 0:
            self.cursor_line = 0
        if self.model.filter:
            self._open_matches(label)
        self._post_counts()

    def remove_server(self, label: str) -> None:
        """Take a server and its catalog off the tree."""
        node = self._server_nodes.pop(label, None)
        self.model.remove(label)
        if node is not None:
            self._forget_below(node)
            node.remove()
        self._post_counts()

    def show_surface(self, label: str, surface: Surface, reviews: dict[str, Any]) -> None:
        """Show (or update in place) a server's "surface" branch: its tools, prompts, resources and templates."""
        self.model.show_surface(label, surface, reviews)
        node = self._server_nodes.get(label)
        if node is not None and node.id in self._populated:
            self._refresh_surface(node, label)
        self._post_counts()

    def refresh_skill(self, server: str, name: str) -> None:
        """Redraw a skill's line and its files' lines after its state changed (roll-ups follow once)."""
        view = self.model.views.get(server, {}).get(name)
        if view is None:
            return
        self._recount_later(server, name)
        node = self._skill_nodes.get((server, name))
        if node is None:
            return
        write_label(node, skill_label(view))
        for file_node in self._file_nodes.get((server, name), []):
            write_label(file_node, file_label(view, file_node.data.path if file_node.data else ""))

    def set_filter(self, text: str) -> None:
        """Show only skills whose name or description holds the text and whose states hold every ``state:`` word."""
        if not self.model.set_filter(text):
            return
        large = self.model.large()
        if large:
            # Matching and folding 10,000 skills stalls every key: a thread folds, the loop redraws with it.
            # Not exclusive: a worker cancelled before it starts leaves its coroutine unawaited. One that a
            # quicker filter overtook finds the filter changed once its thread is done, and shows nothing.
            self.run_worker(self._refold_off_loop(self.model.filter, large), group="filter", exit_on_error=False)
        else:
            self._show_filtered({})

    def open_attention(self, server: str) -> None:
        """Open the folders down to the skills that changed since approval or failed (the first few)."""
        for name in self.model.attention(server):
            self._expand_to(server, name)

    def next_needing_review(self, step: int = 1) -> bool:
        """Move the cursor to the next (``step`` -1: previous) skill or surface item waiting for a verdict.

        False when none is shown.
        """
        stop = self.model.next_waiting(self.cursor_node.data if self.cursor_node is not None else None, step)
        if stop is None:
            return False
        server, name, item = stop
        if item:
            return self.reveal_item(server, name)
        self.reveal(server, name)
        return True

    def reveal(self, server: str, name: str, path: str | None = None) -> None:
        """Open the folders down to a skill (and its file ``path``) and put the cursor on it."""
        target = self._expand_to(server, name, path)
        if target is not None:
            # Nodes added just now get their line number when the tree lines are rebuilt.
            self._tree_lines  # noqa: B018 - the property rebuilds the lines
            self.move_cursor(target)

    def reveal_item(self, server: str, name: str) -> bool:
        """Open the surface branch down to an item and put the cursor on it; False when it is not shown."""
        node = self._server_nodes.get(server)
        target = self._walk(node, self.model.item_chain(server, name)) if node is not None else None
        if target is None:
            return False
        self._tree_lines  # noqa: B018 - the property rebuilds the lines
        self.move_cursor(target)
        return True

    # -- building nodes ------------------------------------------------------------------------

    def _populate(self, node: TreeNode[NodeRef]) -> None:
        """Add a node's children the first time it is opened."""
        ref = node.data
        if ref is None or node.id in self._populated:
            return
        self._populated.add(node.id)
        model = self.model
        if ref.kind == "server":
            rows = model.server_rows(ref.server)
        elif ref.kind == "folder":
            rows = model.page(ref.server, ref.key, 0)
        elif ref.kind == "skill":
            rows = model.file_rows(ref.server, ref.key)
        elif ref.kind == "surface":
            rows = model.surface_rows(ref.server, ref.key)
        else:
            rows = []
        added = [self._add_row(node, row) for row in rows]
        if ref.kind == "skill":
            self._file_nodes[(ref.server, ref.key)] = added
        for stale in self._reuse.pop(node.id, ()):
            stale.remove()

    def _add_row(self, parent: TreeNode[NodeRef], row: Row) -> TreeNode[NodeRef]:
        ref = row.ref
        label = self._row_label(row)
        if ref.kind in ("surface", "item"):
            # Built anew on a redraw (a few rows): what was open is opened again by ``_restore``.
            return parent.add(label, ref, allow_expand=row.expand)
        node = self._add(parent, label, ref, expand=row.expand)
        if ref.kind == "folder":
            self._folder_nodes[(ref.server, ref.key)] = (node, row.shown)
        elif ref.kind in ("skill", "malformed"):
            self._skill_nodes[(ref.server, ref.key)] = node
        return node

    def _row_label(self, row: Row) -> Text:
        ref, model = row.ref, self.model
        if ref.kind == "folder" and row.folder is not None:
            return folder_label(row.folder, row.shown)
        if ref.kind in ("skill", "malformed"):
            return skill_label(model.views[ref.server][ref.key])
        if ref.kind == "file":
            return file_label(model.views[ref.server][ref.key], ref.path)
        if ref.kind == "note":
            return words_label(row.words) if row.words else note_label(model.sessions[ref.server])
        if ref.kind == "more":
            return more_label(row.rest, PAGE)
        surface, reviews = model.surfaces[ref.server]
        if ref.kind == "item" and row.item is not None:
            return item_label(row.item, reviews.get(ref.key))
        if ref.key:
            return kind_label(KIND_TITLES.get(ref.key, ref.key), row.items, reviews)
        return surface_label(surface, reviews)

    def _add(self, parent: TreeNode[NodeRef], label: Text, ref: NodeRef, *, expand: bool = False) -> TreeNode[NodeRef]:
        """A child of ``parent`` for ``ref``: its next old child when that one stands for the same, else a new one."""
        old = self._reuse.get(parent.id)
        if old:
            node = old[0]
            if node.data == ref:
                del old[0]
                write_label(node, label)
                node.allow_expand = expand
                if node.children:
                    # Its own children are built again over these: now if it is open, else when it is opened.
                    self._populated.discard(node.id)
                    self._reuse[node.id] = list(node.children)
                    if node.is_expanded:
                        self._populate(node)
                return node
            # The order changed from here on: the rest is built anew.
            for stale in old:
                stale.remove()
            old.clear()
        return parent.add(label, ref, allow_expand=expand) if expand else parent.add_leaf(label, ref)

    def _load_more(self, node: TreeNode[NodeRef]) -> None:
        ref, parent = node.data, node.parent
        rows = self.model.page(ref.server, ref.key, ref.offset) if ref is not None and parent is not None else []
        if parent is None or not rows:
            return
        node.remove()
        for row in rows:
            self._add_row(parent, row)

    def _refresh_surface(self, server: TreeNode[NodeRef], label: str) -> None:
        """Bring a shown branch up to date: labels in place when the same items are listed, else its kinds rebuilt."""
        branch = next((c for c in server.children if c.data is not None and c.data.kind == "surface"), None)
        row = self.model.surface_branch(label)
        if branch is None or row is None:
            if branch is not None:
                branch.remove()
            elif row is not None:
                self._add_row(server, row)
            return
        branch.set_label(self._row_label(row))
        kinds = {kind.ref.key: kind for kind in self.model.surface_rows(label, "")}
        for kind_node in branch.children:
            kind = kind_node.data.key if kind_node.data is not None else ""
            kind_row = kinds.get(kind, Row(NodeRef("surface", label, kind)))
            kind_node.set_label(self._row_label(kind_row))
            if kind_node.id not in self._populated:
                continue
            items = self.model.surface_rows(label, kind)
            if [c.data.key for c in kind_node.children if c.data is not None] == [item.ref.key for item in items]:
                for child, item in zip(kind_node.children, items, strict=True):
                    child.set_label(self._row_label(item))
            else:
                kind_node.remove_children()
                for item in items:
                    self._add_row(kind_node, item)

    def _forget_below(self, node: TreeNode[NodeRef]) -> None:
        label = node.data.server if node.data else ""
        for key in [k for k in self._skill_nodes if k[0] == label]:
            del self._skill_nodes[key]
        for key in [k for k in self._file_nodes if k[0] == label]:
            del self._file_nodes[key]
        for key in [k for k in self._folder_nodes if k[0] == label]:
            del self._folder_nodes[key]

    def _server_label(self, session: ServerSession) -> Text:
        summary = self.model.summary(session.label)
        if summary is None:
            return server_label(session)
        total, shown, counts = summary
        return server_label(session, total=total, shown=shown, counts=counts)

    def _relabel(self, label: str) -> None:
        """Write the server's and its shown folders' roll-ups again."""
        session = self.model.sessions.get(label)
        node = self._server_nodes.get(label)
        if session is None or node is None or label not in self.model.views:
            return
        write_label(node, self._server_label(session))
        folders = self.model.folders.get(label, {})
        for (server, path), (folder_node, shown) in self._folder_nodes.items():
            folder = folders.get(path)
            if server == label and folder is not None:
                write_label(folder_node, folder_label(folder, shown))

    def _post_counts(self) -> None:
        counts, stale, items = self.model.counts()
        self.post_message(self.Counted(counts, stale, items))

    # -- places --------------------------------------------------------------------------------

    def _expand_to(self, server: str, name: str, path: str | None = None) -> TreeNode[NodeRef] | None:
        """Open the folders down to a skill (and its file ``path``); returns its node."""
        node = self._server_nodes.get(server)
        chain = self.model.chain(server, name)
        target = self._walk(node, chain) if node is not None and chain is not None else None
        if target is not None and path is not None:
            self._populate(target)
            target.expand()
            target = next((c for c in target.children if c.data and c.data.path == path), target)
        return target

    def _walk(self, node: TreeNode[NodeRef], chain: list[NodeRef]) -> TreeNode[NodeRef] | None:
        """Open each node down ``chain`` (pages of skills brought as needed); returns the last one's node."""
        for ref in chain:
            self._populate(node)
            node.expand()
            child = self._child(node, ref)
            while child is None and ref.kind in ("folder", "skill"):
                # The row sits past a "more" node: bring the next page.
                more = next((c for c in node.children if c.data and c.data.kind == "more"), None)
                if more is None:
                    return None
                self._load_more(more)
                child = self._child(node, ref)
            if child is None:
                return None
            node = child
        return node

    def _child(self, node: TreeNode[NodeRef], ref: NodeRef) -> TreeNode[NodeRef] | None:
        if ref.kind == "folder":
            child = self._folder_nodes.get((ref.server, ref.key), (None, ""))[0]
        elif ref.kind in ("skill", "malformed"):
            child = self._skill_nodes.get((ref.server, ref.key))
        else:
            return next((c for c in node.children if c.data == ref), None)
        return child if child is not None and child.parent is node else None

    def _open_matches(self, label: str) -> None:
        node = self._server_nodes.get(label)
        kinds = self.model.opened_by_filter(label)
        if node is None or kinds == {"server"}:
            return
        stack = [node]
        while stack:
            node = stack.pop()
            if node.data is not None and node.data.kind in kinds:
                self._populate(node)
                node.expand()
                stack.extend(node.children)

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

    # -- folding off the event loop ------------------------------------------------------------

    def _recount_later(self, server: str, name: str) -> None:
        """Count the roll-ups again after this burst of changes (a ledger reread touches every skill)."""
        if not self._recount_due:
            self.call_later(self._recount)
        self._recount_due.setdefault(server, set()).add(name)

    def _recount(self) -> None:
        due, self._recount_due = self._recount_due, {}
        large = []
        for label, names in due.items():
            if self.model.recount(label, names):
                self._relabel(label)
            elif self.model.large(label):
                large.append(label)
            else:
                self.model.reindex(label)
                self._relabel(label)
        if large:
            # Folding 10,000 skills takes long enough to stall every key: a thread folds, the loop relabels.
            self.run_worker(self._recount_off_loop(large), group="recount", exit_on_error=False)
        self._post_counts()

    async def _recount_off_loop(self, labels: list[str]) -> None:
        for label in labels:
            views, wanted = self.model.views.get(label), self.model.filter
            if views is None:
                continue
            folded = await asyncio.to_thread(fold, dict(views), None, wanted.shows if wanted else None)
            if self.model.views.get(label) is not views or self.model.filter != wanted:
                continue  # redrawn meanwhile: the redraw folded the catalog as it is now
            self.model.install(label, folded)
            self._relabel(label)
        self._post_counts()

    async def _refold_off_loop(self, wanted: CatalogFilter, labels: list[str]) -> None:
        folded: dict[str, tuple[dict[str, SkillView], Folded]] = {}
        for label in labels:
            views = self.model.views.get(label)
            if views is None:
                continue
            result = await asyncio.to_thread(fold, dict(views), None, wanted.shows if wanted else None)
            if self.model.filter != wanted:
                return  # typed on: the newer filter's own worker folds
            folded[label] = (views, result)
        self._show_filtered(folded)

    def _show_filtered(self, folded: dict[str, tuple[dict[str, SkillView], Folded]]) -> None:
        """Redraw every server as the filter shows it (``folded``: catalogs folded for it in a thread)."""
        wanted = self.model.filter
        # The cursor as it is now: keys pressed while a large catalog was folded moved it.
        ref = self.cursor_node.data if self.cursor_node is not None else None
        for label, session in list(self.model.sessions.items()):
            views = self.model.views.get(label)
            done = folded.get(label)
            self.show_server(session, views, folded=done[1] if done is not None and done[0] is views else None)
        # Keep the cursor on the skill it was on when the filter still shows it; else go to the top.
        view = self.model.views.get(ref.server, {}).get(ref.key) if ref is not None and ref.kind != "server" else None
        if ref is not None and view is not None and (not wanted or wanted.shows(view)):
            self.reveal(ref.server, ref.key)
        else:
            if self.last_line >= 0:
                self.move_cursor_to_line(0)
            self.scroll_home(animate=False)

    # -- Tree's own ----------------------------------------------------------------------------

    def get_label_width(self, node: TreeNode[NodeRef]) -> int:
        # Asked for every shown node each time the tree's lines are rebuilt (a refresh, a page, a filter):
        # Tree's own way copies, styles and assembles each label to count its cells, ten times as long.
        label = node.label
        width = label.cell_len if isinstance(label, Text) else cell_len(label)
        if not node.allow_expand:
            return width
        return cell_len(self.ICON_NODE_EXPANDED if node.is_expanded else self.ICON_NODE) + width

    _repaint_only = False
    """While set, a refresh asked for with a layout is a repaint (see ``_invalidate``)."""

    def _invalidate(self) -> None:
        # Tree asks for a layout of the whole screen whenever a node is added, opened or relabelled, which is slow
        # beside a large catalog and needless for a widget whose box its container sets. Its lines are rebuilt on the next
        # paint, and a change in their count reaches the layout through ``virtual_size`` (a layout reactive).
        # Tree's own method runs, whatever it clears in a later Textual; only its layout request is dropped.
        styles = self.styles
        if (styles.width is not None and styles.width.is_auto) or (styles.height is not None and styles.height.is_auto):
            super()._invalidate()
            return
        self._repaint_only = True
        try:
            super()._invalidate()
        finally:
            self._repaint_only = False

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        return super().refresh(*regions, repaint=repaint, layout=layout and not self._repaint_only, recompose=recompose)

    # -- events --------------------------------------------------------------------------------

    def action_expand_node(self) -> None:
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and not node.is_expanded:
            self._populate(node)
            node.expand()
        elif node.children:
            self.move_cursor(node.children[0])

    def action_collapse_node(self) -> None:
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and node.is_expanded:
            node.collapse()
        elif node.parent is not None and node.parent is not self.root:
            self.move_cursor(node.parent)

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[NodeRef]) -> None:
        event.stop()
        self._populate(event.node)

    def on_tree_node_collapsed(self, event: Tree.NodeCollapsed[NodeRef]) -> None:
        event.stop()

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[NodeRef]) -> None:
        event.stop()
        ref = event.node.data
        if ref is None:
            return
        if ref.kind in ("skill", "malformed", "file"):
            self.post_message(self.SkillHighlighted(ref.server, ref.key, ref.path or None))
        elif ref.kind == "item":
            self.post_message(self.ItemHighlighted(ref.server, ref.key))
        else:
            self.post_message(self.ServerHighlighted(ref.server))

    def on_tree_node_selected(self, event: Tree.NodeSelected[NodeRef]) -> None:
        event.stop()
        node = event.node
        ref = node.data
        if ref is None:
            return
        if ref.kind == "more":
            self._load_more(node)
        elif ref.kind in ("skill", "malformed"):
            self.post_message(self.OpenRequested(ref.server, ref.key))
        elif ref.kind == "file":
            self.post_message(self.OpenRequested(ref.server, ref.key, ref.path))
        elif ref.kind in ("server", "folder", "surface"):
            self._populate(node)
            node.toggle()

    def on_resize(self, event: events.Resize) -> None:
        # The status line under the tree grows as states appear (at 80×24 it wraps): a tree made
        # shorter keeps its scroll offset, which can leave the cursor row under the status line.
        self.call_after_refresh(self._cursor_into_view)

    def _cursor_into_view(self) -> None:
        if self.cursor_line >= 0:
            self.scroll_to_line(self.cursor_line, animate=False)

    async def _on_click(self, event: events.Click) -> None:
        # One click only moves the cursor: opening reads the server's content, so it takes Enter
        # or a double click (the ▶ toggle still opens and closes a node with one click). Tree's
        # own handler runs after this one unless the default is prevented.
        meta = event.style.meta
        if "line" in meta and not meta.get("toggle", False) and event.chain < 2:
            event.prevent_default()
            self.cursor_line = meta["line"]

"""The catalog: server → path segments → skill → files, built lazily as nodes are opened."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from skillscope.service.session import ServerSession
from skillscope.service.workspace import SkillView
from skillscope.tui.view_model import Folder, parse_filter
from skillscope.tui.widgets.catalog_places import NodeRef, write_label
from skillscope.tui.widgets.catalog_rollups import INLINE_FOLD, CatalogRollups, Folded, Index
from skillscope.tui.widgets.tree_labels import file_label, folder_label, note_label, server_label, skill_label

__all__ = ["PAGE", "CatalogTree"]

PAGE = 500
"""Children added at a time; a "more" node brings the next ones (keeps huge flat catalogs quick)."""
AUTO_EXPAND = 300
"""A filter matching at most this many skills opens every folder on the way to them."""


class CatalogTree(CatalogRollups):
    """Every server's skills by path, each with its state; files under each skill.

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
        self._sessions: dict[str, ServerSession] = {}
        self._views: dict[str, dict[str, SkillView]] = {}
        self._server_nodes: dict[str, TreeNode[NodeRef]] = {}
        self._skill_nodes: dict[tuple[str, str], TreeNode[NodeRef]] = {}
        self._file_nodes: dict[tuple[str, str], list[TreeNode[NodeRef]]] = {}
        self._folders: dict[str, dict[str, Folder]] = {}
        self._totals: dict[str, dict[str, int]] = {}
        """Each server's skills per roll-up state, unfiltered (for the status line)."""
        self._malformed: dict[str, list[str]] = {}
        self._folder_nodes: dict[tuple[str, str], tuple[TreeNode[NodeRef], str]] = {}
        """Each shown folder node with the name it shows (a chain of single folders shows as one)."""
        self._populated: set[int] = set()
        self._filter = ""
        self._text = ""
        self._states: list[str] = []
        self._recount_due: dict[str, set[str]] = {}
        self._surface: dict[str, tuple[Any, dict[str, Any]]] = {}
        """Each server's surface (tools, prompts, resources, templates) and its items' review states."""
        self._reuse: dict[int, list[TreeNode[NodeRef]]] = {}
        """For a node to be built again: its children as they stand, reused in order while they still fit."""

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
        ``folded`` is ``_fold(views)`` for the current filter, done in a thread.
        """
        label = session.label
        self._sessions[label] = session
        if views is None:
            self._views.pop(label, None)
        else:
            self._views[label] = views
        self._reindex(label, index, folded)
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
        if self._filter:
            self._open_matches(label)
        self._post_counts()

    def remove_server(self, label: str) -> None:
        """Take a server and its catalog off the tree."""
        node = self._server_nodes.pop(label, None)
        self._sessions.pop(label, None)
        self._views.pop(label, None)
        self._folders.pop(label, None)
        self._malformed.pop(label, None)
        self._totals.pop(label, None)
        self._surface.pop(label, None)
        self._order = None
        if node is not None:
            self._forget_below(node)
            node.remove()
        self._post_counts()

    def refresh_skill(self, server: str, name: str) -> None:
        """Redraw a skill's line and its files' lines after its state changed (roll-ups follow once)."""
        view = self._views.get(server, {}).get(name)
        if view is None:
            return
        self._recount_later(server, name)
        node = self._skill_nodes.get((server, name))
        if node is None:
            return
        write_label(node, skill_label(view))
        for file_node in self._file_nodes.get((server, name), []):
            write_label(file_node, file_label(view, file_node.data.path if file_node.data else ""))

    def _post_counts(self) -> None:
        items = self._item_counts()
        counts: dict[str, int] = {}
        stale = 0
        for label, totals in self._totals.items():
            for state, count in totals.items():
                counts[state] = counts.get(state, 0) + count
            session = self._sessions.get(label)
            if session is not None and session.state != "connected":
                stale += len(self._views.get(label, {}))
        self.post_message(self.Counted(counts, stale, items))

    def set_filter(self, text: str) -> None:
        """Show only skills whose name or description holds the text and whose states hold every ``state:`` word."""
        text = text.strip().casefold()
        if text == self._filter:
            return
        self._filter = text
        self._text, self._states = parse_filter(text)
        large = [label for label, views in self._views.items() if len(views) > INLINE_FOLD]
        if large:
            # Matching and folding 10,000 skills stalls every key: a thread folds, the loop redraws with it.
            self._refold_later(large)
        else:
            self._show_filtered({})

    def _show_filtered(self, folded: dict[str, tuple[dict[str, SkillView], Folded]]) -> None:
        """Redraw every server as the filter shows it (``folded``: catalogs folded for it in a thread)."""
        text = self._filter
        # The cursor as it is now: keys pressed while a large catalog was folded moved it.
        ref = self.cursor_node.data if self.cursor_node is not None else None
        for label, session in list(self._sessions.items()):
            views = self._views.get(label)
            done = folded.get(label)
            self.show_server(session, views, folded=done[1] if done is not None and done[0] is views else None)
        # Keep the cursor on the skill it was on when the filter still shows it; else go to the top.
        view = self._views.get(ref.server, {}).get(ref.key) if ref is not None and ref.kind != "server" else None
        if ref is not None and view is not None and (not text or self._matches(view)):
            self.reveal(ref.server, ref.key)
        else:
            if self.last_line >= 0:
                self.move_cursor_to_line(0)
            self.scroll_home(animate=False)

    # -- building nodes ------------------------------------------------------------------------

    def _populate(self, node: TreeNode[NodeRef]) -> None:
        """Add a node's children the first time it is opened."""
        ref = node.data
        if ref is None or node.id in self._populated:
            return
        self._populated.add(node.id)
        self._populate_children(node, ref)
        for stale in self._reuse.pop(node.id, ()):
            stale.remove()

    def _populate_children(self, node: TreeNode[NodeRef], ref: NodeRef) -> None:
        if ref.kind == "server":
            self._populate_server(node, ref.server)
        elif ref.kind == "folder":
            folder = self._folders.get(ref.server, {}).get(ref.key)
            if folder is not None:
                self._add_page(node, ref.server, folder, 0)
        elif ref.kind == "skill":
            view = self._views.get(ref.server, {}).get(ref.key)
            if view is not None:
                nodes = []
                for item in view.entry.files or ():
                    nodes.append(
                        self._add(node, file_label(view, item.path), NodeRef("file", ref.server, ref.key, item.path))
                    )
                self._file_nodes[(ref.server, ref.key)] = nodes
        elif ref.kind == "surface" and ref.server in self._surface:
            from skillscope.tui.widgets.surface_branch import populate_surface

            populate_surface(node, ref, *self._surface[ref.server], self._keep(ref.server))

    def _populate_server(self, node: TreeNode[NodeRef], label: str) -> None:
        session = self._sessions[label]
        folders = self._folders.get(label)
        if folders is None:
            self._add(node, note_label(session), NodeRef("note", label))
            if label in self._surface:  # a server without skills may still show tools and the rest
                from skillscope.tui.widgets.surface_branch import add_surface_node

                add_surface_node(node, label, *self._surface[label], self._keep(label))
            return
        root = folders[""]
        malformed = self._malformed.get(label, [])
        if session.state != "connected" or session.listing_state == "failed":
            # The last catalog stays, under a line saying it is not the server's current one.
            self._add(node, note_label(session), NodeRef("note", label))
        if not root.total and not malformed:
            words = (
                "no skill matches the filter"
                if self._filter
                else "the server lists no skills (press o to open one by name)"
            )
            self._add(node, Text(words, style="dim italic"), NodeRef("note", label))
        else:
            self._add_page(node, label, root, 0)
        for name in malformed:
            view = self._views[label][name]
            leaf = self._add(node, skill_label(view), NodeRef("malformed", label, name))
            self._skill_nodes[(label, name)] = leaf
        if label in self._surface:
            from skillscope.tui.widgets.surface_branch import add_surface_node

            add_surface_node(node, label, *self._surface[label], self._keep(label))

    def _add_page(self, node: TreeNode[NodeRef], label: str, folder: Folder, offset: int) -> None:
        views = self._views[label]
        children = folder.children(views)
        for kind, value in children[offset : offset + PAGE]:
            if kind == "folder":
                # A chain of folders holding one folder each shows as one node: acme/billing/.
                segments = [value.segment]
                while len(value.folders) == 1 and not value.skills:
                    value = next(iter(value.folders.values()))
                    segments.append(value.segment)
                shown = "/".join(segments)
                child = self._add(node, folder_label(value, shown), NodeRef("folder", label, value.path), expand=True)
                self._folder_nodes[(label, value.path)] = (child, shown)
            else:
                view = views[value]
                child = self._add(
                    node, skill_label(view), NodeRef("skill", label, value), expand=bool(view.entry.files)
                )
                self._skill_nodes[(label, value)] = child
        rest = len(children) - offset - PAGE
        if rest > 0:
            more = Text(f"… {rest:,} more (enter to show {min(rest, PAGE):,})", style="dim italic")
            self._add(node, more, NodeRef("more", label, folder.path, offset=offset + PAGE))

    def _load_more(self, node: TreeNode[NodeRef]) -> None:
        ref = node.data
        parent = node.parent
        folder = self._folders.get(ref.server, {}).get(ref.key) if ref else None
        if ref is None or parent is None or folder is None:
            return
        node.remove()
        self._add_page(parent, ref.server, folder, ref.offset)

    def _open_matches(self, label: str) -> None:
        node, folders = self._server_nodes.get(label), self._folders.get(label)
        if node is None:
            return
        # Skills and surface items are opened to only when few enough match: a filter must not build 10,000 nodes.
        kinds = {"server"}
        if folders is not None and folders[""].total <= AUTO_EXPAND:
            kinds.add("folder")
        if len(self._shown_items(label)) <= AUTO_EXPAND:
            kinds.add("surface")
        if kinds == {"server"}:
            return
        stack = [node]
        while stack:
            node = stack.pop()
            if node.data is not None and node.data.kind in kinds:
                self._populate(node)
                node.expand()
                stack.extend(node.children)

    def _forget_below(self, node: TreeNode[NodeRef]) -> None:
        label = node.data.server if node.data else ""
        for key in [k for k in self._skill_nodes if k[0] == label]:
            del self._skill_nodes[key]
        for key in [k for k in self._file_nodes if k[0] == label]:
            del self._file_nodes[key]
        for key in [k for k in self._folder_nodes if k[0] == label]:
            del self._folder_nodes[key]

    def _server_label(self, session: ServerSession) -> Text:
        shown = self._folders.get(session.label, {}).get("")
        if shown is None:
            return server_label(session)
        count = shown.total + len(self._malformed.get(session.label, []))
        total = len(self._views.get(session.label, {}))
        return server_label(session, total=total, shown=count if self._filter else None, counts=shown.counts)

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

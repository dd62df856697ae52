"""The catalog: server → path segments → skill → files, built lazily as nodes are opened."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from skillscope.tui.model import Folder, SkillView, build_index
from skillscope.tui.servers import ServerSession
from skillscope.tui.widgets.tree_labels import file_label, folder_label, note_label, server_label, skill_label

__all__ = ["PAGE", "CatalogTree", "NodeRef"]

PAGE = 500
"""Children added at a time; a "more" node brings the next ones (keeps huge flat catalogs quick)."""
AUTO_EXPAND = 300
"""A filter matching at most this many skills opens every folder on the way to them."""


@dataclass(frozen=True)
class NodeRef:
    """What a tree node stands for."""

    kind: Literal["server", "folder", "skill", "file", "malformed", "more", "note"]
    server: str
    key: str = ""
    """The skill's registry name (skill, file, malformed) or the folder's path (folder, more)."""
    path: str = ""
    """A file's relative path."""
    offset: int = 0
    """For a "more" node: where the next page starts."""


class CatalogTree(Tree[NodeRef]):
    """Every server's skills by path, each with its state; files under each skill.

    | Key | Action |
    | :- | :- |
    | enter | Open the skill (verify SKILL.md) or the file |
    | right / left | Expand / collapse (or go to the parent) |
    | space | Expand or collapse |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "expand_node", "Expand", show=False, id="expand", tooltip="Open the node, or step into it"),
        Binding("left", "collapse_node", "Collapse", show=False, id="collapse", tooltip="Close the node, or go to its parent"),
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

    class OpenRequested(Message):
        """The reviewer asked to open a skill (``path`` None) or one of its files."""

        def __init__(self, server: str, name: str, path: str | None = None) -> None:
            super().__init__()
            self.server = server
            self.name = name
            self.path = path

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
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
        self._malformed: dict[str, list[str]] = {}
        self._populated: set[int] = set()
        self._filter = ""

    # -- calls from the screen -----------------------------------------------------------------

    def show_server(self, session: ServerSession, views: dict[str, SkillView] | None) -> None:
        """Show (or redraw) one server: a note while it connects or failed, else its catalog."""
        label = session.label
        self._sessions[label] = session
        if views is None:
            self._views.pop(label, None)
        else:
            self._views[label] = views
        self._reindex(label)
        node = self._server_nodes.get(label)
        if node is None:
            node = self.root.add(self._server_label(session), NodeRef("server", label), expand=False)
            self._server_nodes[label] = node
        else:
            self._forget_below(node)
            node.remove_children()
            node.set_label(self._server_label(session))
        self._populated.discard(node.id)
        self._populate(node)
        node.expand()
        if self.cursor_line < 0:
            self.cursor_line = 0
        if self._filter:
            self._open_matches(label)

    def remove_server(self, label: str) -> None:
        """Take a server and its catalog off the tree."""
        node = self._server_nodes.pop(label, None)
        self._sessions.pop(label, None)
        self._views.pop(label, None)
        if node is not None:
            self._forget_below(node)
            node.remove()

    def refresh_skill(self, server: str, name: str) -> None:
        """Redraw a skill's line and its files' lines after its state changed."""
        node = self._skill_nodes.get((server, name))
        view = self._views.get(server, {}).get(name)
        if node is None or view is None:
            return
        node.set_label(skill_label(view))
        for file_node in self._file_nodes.get((server, name), []):
            file_node.set_label(file_label(view, file_node.data.path if file_node.data else ""))

    def set_filter(self, text: str) -> None:
        """Show only skills whose name or description holds ``text`` (case-insensitive)."""
        text = text.strip().casefold()
        if text == self._filter:
            return
        self._filter = text
        ref = self.cursor_node.data if self.cursor_node is not None else None
        for label, session in list(self._sessions.items()):
            self.show_server(session, self._views.get(label))
        # Keep the cursor on the skill it was on when the filter still shows it; else go to the top.
        view = self._views.get(ref.server, {}).get(ref.key) if ref is not None and ref.kind != "server" else None
        if ref is not None and view is not None and (not text or self._matches(view)):
            self.reveal(ref.server, ref.key)
        else:
            if self.last_line >= 0:
                self.move_cursor_to_line(0)
            self.scroll_home(animate=False)

    def reveal(self, server: str, name: str, path: str | None = None) -> None:
        """Open the folders down to a skill (and its file ``path``) and put the cursor on it."""
        view = self._views.get(server, {}).get(name)
        node = self._server_nodes.get(server)
        if view is None or node is None:
            return
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
                # Nodes added just now get their line number when the tree lines are rebuilt.
                self._tree_lines  # noqa: B018 - the property rebuilds the lines
                self.move_cursor(target)
                return
            if view.entry.status != "malformed":
                folder = next((c for c in node.children if c.data and c.data.kind == "folder" and skill_path.startswith(c.data.key + "/")), None)
                if folder is not None:
                    node = folder
                    continue
            # The skill sits past a "more" node: bring the next page.
            more = next((c for c in node.children if c.data and c.data.kind == "more"), None)
            if more is None:
                return
            self._load_more(more)

    # -- building nodes ------------------------------------------------------------------------

    def _reindex(self, label: str) -> None:
        views = self._views.get(label)
        if views is None:
            self._folders.pop(label, None)
            self._malformed.pop(label, None)
            return
        names = None
        if self._filter:
            names = [name for name, view in views.items() if self._matches(view)]
        root, malformed = build_index(views, names)
        folders: dict[str, Folder] = {"": root}

        def collect(folder: Folder) -> None:
            for child in folder.folders.values():
                folders[child.path] = child
                collect(child)

        collect(root)
        self._folders[label] = folders
        self._malformed[label] = malformed

    def _matches(self, view: SkillView) -> bool:
        entry = view.entry
        haystack = f"{entry.name}\n{entry.description or ''}\n{entry.reason or ''}".casefold()
        return self._filter in haystack

    def _populate(self, node: TreeNode[NodeRef]) -> None:
        """Add a node's children the first time it is opened."""
        ref = node.data
        if ref is None or node.id in self._populated:
            return
        self._populated.add(node.id)
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
                    nodes.append(node.add_leaf(file_label(view, item.path), NodeRef("file", ref.server, ref.key, item.path)))
                self._file_nodes[(ref.server, ref.key)] = nodes

    def _populate_server(self, node: TreeNode[NodeRef], label: str) -> None:
        session = self._sessions[label]
        folders = self._folders.get(label)
        if folders is None:
            node.add_leaf(note_label(session), NodeRef("note", label))
            return
        root = folders[""]
        malformed = self._malformed.get(label, [])
        if not root.total and not malformed:
            words = "no skill matches the filter" if self._filter else "the server lists no skills (press o to open one by name)"
            node.add_leaf(Text(words, style="dim italic"), NodeRef("note", label))
            return
        self._add_page(node, label, root, 0)
        for name in malformed:
            view = self._views[label][name]
            leaf = node.add_leaf(skill_label(view), NodeRef("malformed", label, name))
            self._skill_nodes[(label, name)] = leaf

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
                node.add(folder_label(value, "/".join(segments)), NodeRef("folder", label, value.path))
            else:
                view = views[value]
                child = node.add(skill_label(view), NodeRef("skill", label, value), allow_expand=bool(view.entry.files))
                self._skill_nodes[(label, value)] = child
        rest = len(children) - offset - PAGE
        if rest > 0:
            more = Text(f"… {rest:,} more (enter to show {min(rest, PAGE):,})", style="dim italic")
            node.add_leaf(more, NodeRef("more", label, folder.path, offset=offset + PAGE))

    def _load_more(self, node: TreeNode[NodeRef]) -> None:
        ref = node.data
        parent = node.parent
        folder = self._folders.get(ref.server, {}).get(ref.key) if ref else None
        if ref is None or parent is None or folder is None:
            return
        node.remove()
        self._add_page(parent, ref.server, folder, ref.offset)

    def _open_matches(self, label: str) -> None:
        folders = self._folders.get(label)
        if not folders or folders[""].total > AUTO_EXPAND:
            return
        stack = [self._server_nodes[label]]
        while stack:
            node = stack.pop()
            if node.data is not None and node.data.kind in ("server", "folder"):
                self._populate(node)
                node.expand()
                stack.extend(node.children)

    def _forget_below(self, node: TreeNode[NodeRef]) -> None:
        label = node.data.server if node.data else ""
        for key in [k for k in self._skill_nodes if k[0] == label]:
            del self._skill_nodes[key]
        for key in [k for k in self._file_nodes if k[0] == label]:
            del self._file_nodes[key]

    def _server_label(self, session: ServerSession) -> Text:
        shown = self._folders.get(session.label, {}).get("")
        count = shown.total + len(self._malformed.get(session.label, [])) if shown is not None else None
        return server_label(session, shown=count if self._filter else None)

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
        elif ref.kind in ("server", "folder"):
            self._populate(node)
            node.toggle()

    async def _on_click(self, event: events.Click) -> None:
        # One click only moves the cursor: opening reads the server's content, so it takes Enter
        # or a double click (the ▶ toggle still opens and closes a node with one click). Tree's
        # own handler runs after this one unless the default is prevented.
        meta = event.style.meta
        if "line" in meta and not meta.get("toggle", False) and event.chain < 2:
            event.prevent_default()
            self.cursor_line = meta["line"]

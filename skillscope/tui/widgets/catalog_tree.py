"""The catalog: server → path segments → skill → files, built lazily as nodes are opened."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from skillscope.tui.inert import human_size, inert_line, state_badges
from skillscope.tui.model import Folder, SkillView, build_index, path_segments, skill_states
from skillscope.tui.servers import ServerSession

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
        Binding("right", "expand_node", "Expand", show=False),
        Binding("left", "collapse_node", "Collapse", show=False),
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

    def refresh_server_label(self, session: ServerSession) -> None:
        """Redraw a server's own line (its state or skill count)."""
        node = self._server_nodes.get(session.label)
        if node is not None:
            node.set_label(self._server_label(session))

    def refresh_skill(self, server: str, name: str) -> None:
        """Redraw a skill's line and its files' lines after its state changed."""
        node = self._skill_nodes.get((server, name))
        view = self._views.get(server, {}).get(name)
        if node is None or view is None:
            return
        node.set_label(self._skill_label(view))
        for file_node in self._file_nodes.get((server, name), []):
            file_node.set_label(self._file_label(view, file_node.data.path if file_node.data else ""))

    def set_filter(self, text: str) -> None:
        """Show only skills whose name or description holds ``text`` (case-insensitive)."""
        text = text.strip().casefold()
        if text == self._filter:
            return
        self._filter = text
        for label, session in list(self._sessions.items()):
            self.show_server(session, self._views.get(label))

    def reveal(self, server: str, name: str) -> None:
        """Open the folders down to a skill and put the cursor on it."""
        view = self._views.get(server, {}).get(name)
        node = self._server_nodes.get(server)
        if view is None or node is None:
            return
        self._populate(node)
        node.expand()
        if view.entry.path is not None and view.entry.status != "malformed":
            for depth in range(1, len(path_segments(view.entry.path))):
                folder_path = "/".join(path_segments(view.entry.path)[:depth])
                child = next((c for c in node.children if c.data and c.data.kind == "folder" and c.data.key == folder_path), None)
                if child is None:
                    break
                self._populate(child)
                child.expand()
                node = child
        target = self._skill_nodes.get((server, name))
        if target is None:
            # The skill sits past a "more" node: load pages until it appears.
            more = next((c for c in node.children if c.data and c.data.kind == "more"), None)
            while target is None and more is not None:
                self._load_more(more)
                target = self._skill_nodes.get((server, name))
                more = next((c for c in node.children if c.data and c.data.kind == "more"), None)
        if target is not None:
            self.move_cursor(target)

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
                    nodes.append(node.add_leaf(self._file_label(view, item.path), NodeRef("file", ref.server, ref.key, item.path)))
                self._file_nodes[(ref.server, ref.key)] = nodes

    def _populate_server(self, node: TreeNode[NodeRef], label: str) -> None:
        session = self._sessions[label]
        folders = self._folders.get(label)
        if folders is None:
            node.add_leaf(self._note(session), NodeRef("note", label))
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
            leaf = node.add_leaf(self._skill_label(view), NodeRef("malformed", label, name))
            self._skill_nodes[(label, name)] = leaf

    def _add_page(self, node: TreeNode[NodeRef], label: str, folder: Folder, offset: int) -> None:
        views = self._views[label]
        children = folder.children(views)
        for kind, value in children[offset : offset + PAGE]:
            if kind == "folder":
                node.add(self._folder_label(value), NodeRef("folder", label, value.path))
            else:
                view = views[value]
                child = node.add(self._skill_label(view), NodeRef("skill", label, value), allow_expand=bool(view.entry.files))
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

    # -- labels --------------------------------------------------------------------------------

    def _server_label(self, session: ServerSession) -> Text:
        text = Text(session.label, style="bold")
        if session.state == "connected" and session.listing_state == "listed" and session.listing is not None:
            shown = self._folders.get(session.label, {}).get("")
            total = len(session.listing.entries)
            count = (shown.total + len(self._malformed.get(session.label, []))) if shown is not None else total
            words = f"  {count:,} of {total:,} skills" if self._filter else f"  {total:,} skills"
            text.append(words, style="dim")
        return text

    def _note(self, session: ServerSession) -> Text:
        if session.state == "connecting":
            return Text("connecting…", style="cyan italic")
        if session.state == "failed":
            message = session.error.message if session.error is not None else "failed"
            return Text.assemble(("✗ ", "bold red"), inert_line(message, limit=200))
        if session.listing_state == "listing":
            return Text("listing skills…", style="cyan italic")
        if session.listing_state == "failed" and session.listing_error is not None:
            return Text.assemble(("✗ ", "bold red"), inert_line(session.listing_error.message, limit=200))
        if session.state in ("disconnected", "idle"):
            return Text("not connected (press c to connect)", style="dim italic")
        return Text("…", style="dim")

    def _folder_label(self, folder: Folder) -> Text:
        text = inert_line(folder.segment + "/", limit=120)
        text.append(f"  {folder.total:,}", style="dim")
        return text

    def _skill_label(self, view: SkillView) -> Text:
        entry = view.entry
        if entry.status == "malformed":
            text = Text(f"#{entry.index} ", style="bold red")
            text.append_text(state_badges(skill_states(view)))
            text.append("  ")
            text.append_text(inert_line(f"{entry.rule}: {entry.reason}", style="dim", limit=160))
            return text
        text = inert_line(path_segments(entry.path or "")[-1], limit=120)
        text.append("  ")
        text.append_text(state_badges(skill_states(view)))
        if entry.status == "unavailable" and entry.rule:
            text.append(f"  {entry.rule}", style="dim")
        return text

    def _file_label(self, view: SkillView, path: str) -> Text:
        text = inert_line(path, limit=200)
        item = next((f for f in view.entry.files or () if f.path == path), None)
        text.append(f"  {human_size(item.size if item else None)}", style="dim")
        result = None
        if view.report is not None:
            result = next((r for r in view.report.files if r.path == path), None)
        if result is not None and result.status == "verified":
            text.append("  ✓", style="green")
        elif result is not None and result.status == "failed":
            text.append("  ✗ failed", style="bold red")
        return text

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

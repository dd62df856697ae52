"""The catalog tree's roll-ups (skills folded into folders with their counts, again as states change) and redraws in place."""

from __future__ import annotations

import asyncio
from typing import Self

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region
from textual.widgets.tree import TreeNode

from skillscope.service.session import ServerSession
from skillscope.service.workspace import SkillView
from skillscope.tui.view_model import Folder, build_index, path_segments, rollup_states, state_tags
from skillscope.tui.widgets.catalog_places import NodeRef, write_label
from skillscope.tui.widgets.surface_branch import SurfacePlaces
from skillscope.tui.widgets.tree_labels import folder_label

__all__ = ["INLINE_FOLD", "CatalogRollups", "Folded", "Index"]

Index = tuple[Folder, list[str]]
"""A catalog folded into folders, and its malformed entries (``build_index``)."""
Folded = tuple[dict[str, Folder], list[str], dict[str, int]]
"""What the filter shows of a catalog, by folder path; its malformed entries; the whole catalog's counts (``_fold``)."""
INLINE_FOLD = 1000
"""Roll-ups of a catalog up to this size are counted again at once; a larger one is counted in a thread."""
IN_PLACE = 100
"""Up to this many skills changed at once, only the folders holding them are counted again (on the loop)."""


class CatalogRollups(SurfacePlaces):
    """Folds each server's catalog (what the filter shows, and counts of all of it) and keeps the roll-ups current;
    writes nodes over the ones a redraw replaces."""

    _totals: dict[str, dict[str, int]]
    _recount_due: dict[str, set[str]]
    _folder_nodes: dict[tuple[str, str], tuple[TreeNode[NodeRef], str]]
    _filter: str
    _populated: set[int]
    _reuse: dict[int, list[TreeNode[NodeRef]]]

    def _server_label(self, session: ServerSession) -> Text:
        raise NotImplementedError

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

    def _recount_later(self, server: str, name: str) -> None:
        """Count the roll-ups again after this burst of changes (a ledger reread touches every skill)."""
        if not self._recount_due:
            self.call_later(self._recount)
        self._recount_due.setdefault(server, set()).add(name)

    def _recount(self) -> None:
        due, self._recount_due = self._recount_due, {}
        large = []
        for label, names in due.items():
            if self._recount_in_place(label, names):
                self._relabel(label)
            elif len(self._views.get(label, ())) > INLINE_FOLD:
                large.append(label)
            else:
                self._reindex(label)
                self._relabel(label)
        if large:
            # Folding 10,000 skills takes long enough to stall every key: a thread folds, the loop relabels.
            self.run_worker(self._recount_off_loop(large), group="recount", exit_on_error=False)
        self._post_counts()

    def _recount_in_place(self, label: str, names: set[str]) -> bool:
        """Move the changed skills' counts in the folders that hold them; False when the catalog must be folded.

        An open or an audit changes one skill's state, not the catalog's shape: folding 10,000 skills
        again for it took a few hundred ms of a thread's CPU per open, which keys competed with for the
        interpreter.
        Each skill's old states are the ones it was counted in (``Folder.counted``), so the cost is
        the folders above the skill, whatever the catalog's size. A filter may show or hide a changed
        skill, so under one the catalog is folded again.
        """
        folders, views = self._folders.get(label), self._views.get(label)
        if self._filter or folders is None or views is None or "" not in folders or len(names) > IN_PLACE:
            return False
        root = folders[""]
        moves: list[tuple[str, tuple[str, ...], tuple[str, ...], list[Folder]]] = []
        for name in names:
            view, old = views.get(name), root.counted.get(name)
            if view is None or old is None:
                return False
            new = rollup_states(view)
            if new == old:
                continue
            chain = [root]
            if view.entry.status != "malformed" and view.entry.path is not None:  # else counted in the root only
                segments = path_segments(view.entry.path)
                for depth in range(1, len(segments)):
                    folder = folders.get("/".join(segments[:depth]))
                    if folder is None:
                        return False
                    chain.append(folder)
            moves.append((name, old, new, chain))
        for name, old, new, chain in moves:  # checked first: nothing is half counted
            for folder in chain:
                for state in old:
                    left = folder.counts.get(state, 0) - 1
                    if left > 0:
                        folder.counts[state] = left
                    else:
                        folder.counts.pop(state, None)  # only states with at least one skill
                for state in new:
                    folder.counts[state] = folder.counts.get(state, 0) + 1
            root.counted[name] = new
        self._order = None  # the jump keys' order says which skills wait for a verdict
        self._totals[label] = root.counts  # no filter: the whole catalog is what the root holds
        return True

    async def _recount_off_loop(self, labels: list[str]) -> None:
        for label in labels:
            views, wanted = self._views.get(label), self._filter
            if views is None:
                continue
            folded = await asyncio.to_thread(self._fold, dict(views), None)
            if self._views.get(label) is not views or self._filter != wanted:
                continue  # redrawn meanwhile: the redraw folded the catalog as it is now
            self._order = None
            self._folders[label], self._malformed[label], self._totals[label] = folded
            self._relabel(label)
        self._post_counts()

    def _show_filtered(self, folded: dict[str, tuple[dict[str, SkillView], Folded]]) -> None:
        raise NotImplementedError

    def _refold_later(self, labels: list[str]) -> None:
        """Fold large catalogs for a new filter in a thread, then redraw (every server) with what they show."""
        # Not exclusive: a worker cancelled before it starts leaves its coroutine unawaited. One that a
        # quicker filter overtook finds the filter changed once its thread is done, and shows nothing.
        self.run_worker(self._refold_off_loop(self._filter, labels), group="filter", exit_on_error=False)

    async def _refold_off_loop(self, wanted: str, labels: list[str]) -> None:
        folded: dict[str, tuple[dict[str, SkillView], Folded]] = {}
        for label in labels:
            views = self._views.get(label)
            if views is None:
                continue
            result = await asyncio.to_thread(self._fold, dict(views), None)
            if self._filter != wanted:
                return  # typed on: the newer filter's own worker folds
            folded[label] = (views, result)
        self._show_filtered(folded)

    def _relabel(self, label: str) -> None:
        """Write the server's and its shown folders' roll-ups again."""
        session = self._sessions.get(label)
        node = self._server_nodes.get(label)
        if session is None or node is None or label not in self._views:
            return
        write_label(node, self._server_label(session))
        folders = self._folders.get(label, {})
        for (server, path), (folder_node, shown) in self._folder_nodes.items():
            folder = folders.get(path)
            if server == label and folder is not None:
                write_label(folder_node, folder_label(folder, shown))

    def _reindex(self, label: str, index: Index | None = None, folded: Folded | None = None) -> None:
        self._order = None
        views = self._views.get(label)
        if views is None:
            self._folders.pop(label, None)
            self._malformed.pop(label, None)
            self._totals.pop(label, None)
            return
        done = folded if folded is not None else self._fold(views, index)
        self._folders[label], self._malformed[label], self._totals[label] = done

    def _fold(self, views: dict[str, SkillView], index: Index | None) -> Folded:
        """The folders (by path) of what the filter shows, the malformed entries, and the counts of the whole catalog.

        Reads only ``views`` and the filter, so it may run in a thread on a copy of ``views``.
        """
        names = None
        if self._filter:
            names = [name for name, view in views.items() if self._matches(view)]
        if names is None:
            root, malformed = index if index is not None else build_index(views)
            totals = root.counts
        else:
            root, malformed = build_index(views, names)
            # The status line counts the whole catalog, whatever the filter shows.
            totals = (index if index is not None else build_index(views))[0].counts
        root.children(views)  # sorted here: in a thread when the catalog is large
        folders: dict[str, Folder] = {"": root}

        def collect(folder: Folder) -> None:
            for child in folder.folders.values():
                folders[child.path] = child
                collect(child)

        collect(root)
        return folders, malformed, totals

    def _matches(self, view: SkillView) -> bool:
        if self._states:
            tags = state_tags(view)
            if not all(state in tags for state in self._states):
                return False
        if not self._text:
            return True
        entry = view.entry
        haystack = f"{entry.name}\n{entry.description or ''}\n{entry.reason or ''}".casefold()
        return self._text in haystack

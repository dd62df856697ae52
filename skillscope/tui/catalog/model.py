"""The catalog tree as data: each server's catalog folded under the filter, its rows page by page, its roll-ups,
its surface branch, where each skill or item sits, and the order the jump keys walk."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skillscope.catalog.surface import Surface, SurfaceItem
from skillscope.service.session import ServerSession
from skillscope.service.workspace import SkillView
from skillscope.tui.catalog.filter import CatalogFilter
from skillscope.tui.catalog.folding import Folded, Folder, Index, fold, path_segments, recount_in_place
from skillscope.tui.catalog.order import Stop, skill_order, start_index
from skillscope.tui.catalog.refs import NodeRef
from skillscope.tui.catalog.rows import Row
from skillscope.tui.view_model import ATTENTION, item_rollup, item_tags, needs_review, state_tags

__all__ = ["ATTENTION_LIMIT", "AUTO_EXPAND", "INLINE_FOLD", "KIND_TITLES", "PAGE", "CatalogModel", "Counts"]

PAGE = 500
"""Children shown at a time; a "more" row brings the next ones (keeps huge flat catalogs quick)."""
AUTO_EXPAND = 300
"""A filter matching at most this many skills (or surface items) opens every folder on the way to them."""
ATTENTION_LIMIT = 20
"""At most this many changed or failed skills have their folders opened when a catalog first shows."""
INLINE_FOLD = 1000
"""A catalog up to this size is folded again at once; a larger one is folded in a thread (``fold``)."""
KIND_TITLES = {"tool": "tools", "prompt": "prompts", "resource": "resources", "template": "templates"}
"""The surface branch's kinds, in the order it shows them, with their titles."""

Counts = tuple[dict[str, int], int, dict[str, int]]
"""Skills per roll-up state over every server, how many are stale, and surface items per roll-up state."""


class CatalogModel:
    """Every server's catalog as the tree shows it, kept without any widget.

    The widget hands it what the screen says (a server's session and views, its surface, the filter) and asks
    it for rows to draw, labels' counts, and places: which folders lead to a skill, which stop the jump keys
    make next. Folding a large catalog may happen off the event loop: ``fold`` reads only its arguments, and
    ``install`` keeps its result.
    """

    def __init__(self) -> None:
        self.sessions: dict[str, ServerSession] = {}
        """Each server shown, in the order it was first shown (the tree's order)."""
        self.views: dict[str, dict[str, SkillView]] = {}
        """Each server's skills by name (none while it has no catalog)."""
        self.folders: dict[str, dict[str, Folder]] = {}
        """What the filter shows of each catalog, by folder path (``""``: the root)."""
        self.malformed: dict[str, list[str]] = {}
        """Each catalog's malformed entries the filter shows."""
        self.totals: dict[str, dict[str, int]] = {}
        """Each server's skills per roll-up state, unfiltered (for the status line)."""
        self.surfaces: dict[str, tuple[Surface, dict[str, Any]]] = {}
        """Each server's surface (tools, prompts, resources, templates) and its items' review states by name."""
        self.filter = CatalogFilter()
        self._order: list[Stop] | None = None
        """Every shown skill and surface item in tree order; None until needed after a change."""

    # -- what the screen says --------------------------------------------------------------------

    def show(
        self, session: ServerSession, views: dict[str, SkillView] | None, index: Index | None, folded: Folded | None
    ) -> None:
        """Take a server's session and catalog (None: none yet), folded for the filter here unless ``folded``."""
        label = session.label
        self.sessions[label] = session
        if views is None:
            self.views.pop(label, None)
        else:
            self.views[label] = views
        self.reindex(label, index, folded)

    def remove(self, label: str) -> None:
        """Forget a server."""
        self.sessions.pop(label, None)
        self.views.pop(label, None)
        self.surfaces.pop(label, None)
        self._forget_folds(label)

    def show_surface(self, label: str, surface: Surface, reviews: dict[str, Any]) -> None:
        """Take a server's surface and its items' review states."""
        self.surfaces[label] = (surface, reviews)
        self._order = None

    def set_filter(self, typed: str) -> bool:
        """Take a new filter; False when it is the one in force."""
        wanted = CatalogFilter.parse(typed)
        if wanted.typed == self.filter.typed:
            return False
        self.filter = wanted
        self._order = None
        return True

    # -- folding ---------------------------------------------------------------------------------

    def large(self, label: str | None = None) -> list[str]:
        """The servers (or just ``label``) whose catalogs are too large to fold on the event loop."""
        labels = list(self.views) if label is None else [label]
        return [name for name in labels if len(self.views.get(name, ())) > INLINE_FOLD]

    def fold(self, views: dict[str, SkillView], index: Index | None = None) -> Folded:
        """``views`` folded for the filter in force (reads nothing else: run it in a thread on a copy)."""
        return fold(views, index, self.filter.shows if self.filter else None)

    def reindex(self, label: str, index: Index | None = None, folded: Folded | None = None) -> None:
        """Fold a server's catalog again (or keep ``folded``, made for the filter in force)."""
        views = self.views.get(label)
        if views is None:
            self._forget_folds(label)
            return
        self.install(label, folded if folded is not None else self.fold(views, index))

    def _forget_folds(self, label: str) -> None:
        self._order = None
        self.folders.pop(label, None)
        self.malformed.pop(label, None)
        self.totals.pop(label, None)

    def install(self, label: str, folded: Folded) -> None:
        """Keep a catalog folded for the filter in force."""
        self._order = None
        self.folders[label], self.malformed[label], self.totals[label] = folded

    def recount(self, label: str, names: set[str]) -> bool:
        """Count changed skills again in the folders holding them; False when the catalog must be folded again.

        A filter may show or hide a changed skill, so under one the catalog is always folded again.
        """
        folders, views = self.folders.get(label), self.views.get(label)
        if self.filter or folders is None or views is None or not recount_in_place(folders, views, names):
            return False
        self._order = None  # the jump keys' order says which skills wait for a verdict
        self.totals[label] = folders[""].counts  # no filter: the whole catalog is what the root holds
        return True

    # -- counts ----------------------------------------------------------------------------------

    def summary(self, label: str) -> tuple[int, int | None, dict[str, int]] | None:
        """A server row's figures: how many skills it lists, how many the filter shows (None: no filter), and the
        roll-up of those shown; None while it has no catalog."""
        shown = self.folders.get(label, {}).get("")
        if shown is None:
            return None
        count = shown.total + len(self.malformed.get(label, []))
        return len(self.views.get(label, {})), count if self.filter else None, shown.counts

    def counts(self) -> Counts:
        """What the status line counts: every catalog's skills (unfiltered), the stale ones, the surface items."""
        counts: dict[str, int] = {}
        stale = 0
        for label, totals in self.totals.items():
            for state, count in totals.items():
                counts[state] = counts.get(state, 0) + count
            session = self.sessions.get(label)
            if session is not None and session.state != "connected":
                stale += len(self.views.get(label, {}))
        items: dict[str, int] = {}
        for surface, reviews in self.surfaces.values():
            for item in surface.all_items():
                key = item_rollup(item, reviews.get(item.name))
                if key is not None:
                    items[key] = items.get(key, 0) + 1
        return counts, stale, items

    # -- rows ------------------------------------------------------------------------------------

    def server_rows(self, label: str) -> list[Row]:
        """A server's rows: a note on its state where due, the first page of its catalog (or why there is none),
        its malformed entries, then its surface branch."""
        session = self.sessions[label]
        folders = self.folders.get(label)
        rows: list[Row] = []
        if folders is None:
            rows.append(Row(NodeRef("note", label)))
        else:
            root = folders[""]
            malformed = self.malformed.get(label, [])
            if session.state != "connected" or session.listing_state == "failed":
                # The last catalog stays, under a line saying it is not the server's current one.
                rows.append(Row(NodeRef("note", label)))
            if not root.total and not malformed:
                words = (
                    "no skill matches the filter"
                    if self.filter
                    else "the server lists no skills (press o to open one by name)"
                )
                rows.append(Row(NodeRef("note", label), words=words))
            else:
                rows.extend(self.page(label, "", 0))
            rows.extend(Row(NodeRef("malformed", label, name)) for name in malformed)
        branch = self.surface_branch(label)
        if branch is not None:  # a server without skills may still show tools and the rest
            rows.append(branch)
        return rows

    def page(self, label: str, path: str, offset: int) -> list[Row]:
        """A folder's children from ``offset``, at most ``PAGE``, then a "more" row when any follow."""
        folder = self.folders.get(label, {}).get(path)
        if folder is None:
            return []
        views = self.views[label]
        children = folder.children(views)
        rows: list[Row] = []
        for _, value in children[offset : offset + PAGE]:
            if isinstance(value, Folder):
                end, shown = value.shown_chain()
                rows.append(Row(NodeRef("folder", label, end.path), expand=True, folder=end, shown=shown))
            else:
                rows.append(Row(NodeRef("skill", label, value), expand=bool(views[value].entry.files)))
        rest = len(children) - offset - PAGE
        if rest > 0:
            rows.append(Row(NodeRef("more", label, folder.path, offset=offset + PAGE), rest=rest))
        return rows

    def file_rows(self, label: str, name: str) -> list[Row]:
        """A skill's listed files."""
        view = self.views.get(label, {}).get(name)
        if view is None:
            return []
        return [Row(NodeRef("file", label, name, item.path)) for item in view.entry.files or ()]

    def surface_branch(self, label: str) -> Row | None:
        """The server's surface branch; None without a surface or when the filter shows none of its items."""
        if label not in self.surfaces:
            return None
        surface, _ = self.surfaces[label]
        keep = self.keeper(label)
        if not any(keep(item) for item in surface.all_items()):
            return None
        return Row(NodeRef("surface", label), expand=True)

    def surface_rows(self, label: str, kind: str) -> list[Row]:
        """The branch's kinds (``kind`` empty), or one kind's items, as the filter shows them."""
        if label not in self.surfaces:
            return []
        surface, _ = self.surfaces[label]
        keep = self.keeper(label)
        if not kind:
            rows = []
            for key in KIND_TITLES:
                kept = tuple(item for item in _of_kind(surface, key) if keep(item))
                rows.append(Row(NodeRef("surface", label, key), expand=bool(kept), items=kept))
            return rows
        return [Row(NodeRef("item", label, item.name), item=item) for item in _of_kind(surface, kind) if keep(item)]

    def keeper(self, label: str) -> Callable[[SurfaceItem], bool]:
        """Which of the server's surface items the filter shows."""
        if not self.filter.text and not self.filter.states:
            return _everything
        reviews = self.surfaces.get(label, (None, {}))[1]
        flt = self.filter
        return lambda item: flt.keeps(item, reviews.get(item.name))

    def shown_items(self, label: str) -> list[str]:
        """The names of the server's surface items the filter shows, in tree order."""
        if label not in self.surfaces:
            return []
        surface, _ = self.surfaces[label]
        keep = self.keeper(label)
        return [item.name for kind in KIND_TITLES for item in _of_kind(surface, kind) if keep(item)]

    def opened_by_filter(self, label: str) -> set[str]:
        """The kinds of row a filter opens under a server: folders and surface branches only when few enough
        match (a filter must not build 10,000 rows)."""
        kinds = {"server"}
        folders = self.folders.get(label)
        if folders is not None and folders[""].total <= AUTO_EXPAND:
            kinds.add("folder")
        if len(self.shown_items(label)) <= AUTO_EXPAND:
            kinds.add("surface")
        return kinds

    # -- places ----------------------------------------------------------------------------------

    def chain(self, label: str, name: str) -> list[NodeRef] | None:
        """The rows from a server down to one of its skills: each folder row on the way, then the skill's own.

        None when the filter does not show it.
        """
        view = self.views.get(label, {}).get(name)
        folders = self.folders.get(label)
        if view is None or folders is None:
            return None
        if name in self.malformed.get(label, ()):
            return [NodeRef("malformed", label, name)]
        if view.entry.status == "malformed" or view.entry.path is None:
            return None
        segments = path_segments(view.entry.path)
        refs: list[NodeRef] = []
        folder, depth = folders[""], 0
        while depth < len(segments) - 1:
            child = folder.folders.get(segments[depth])
            if child is None:
                return None
            folder, _ = child.shown_chain()
            depth = len(path_segments(folder.path))
            refs.append(NodeRef("folder", label, folder.path))
        if name not in folder.skills:
            return None
        return [*refs, NodeRef("skill", label, name)]

    def item_chain(self, label: str, name: str) -> list[NodeRef]:
        """The rows from a server down to one of its surface items: the branch, the item's kind, the item."""
        kind = name.split(":", 1)[-1].split("/", 1)[0]
        return [NodeRef("surface", label), NodeRef("surface", label, kind), NodeRef("item", label, name)]

    def attention(self, label: str) -> list[str]:
        """The first few skills that changed since approval or failed, which the tree opens its folders to."""
        views = self.views.get(label, {})
        names = [name for name, view in views.items() if state_tags(view) & ATTENTION]
        return sorted(names)[:ATTENTION_LIMIT]

    def next_waiting(self, ref: NodeRef | None, step: int = 1) -> Stop | None:
        """The next (``step`` -1: previous) skill or surface item from ``ref`` that waits for a verdict, as
        ``(server, name, is_item)``; None when the tree shows none."""
        order = self._order
        if order is None:
            # Built once per change (a listing, a filter, a state change), not on every press of the key.
            order = self._order = skill_order(self.sessions, self.views, self.folders, self.malformed, self.shown_items)
        if not order:
            return None
        begin = start_index(order, ref, step)
        here = (ref.server, ref.key, ref.kind == "item") if ref is not None else None
        for offset in range(len(order)):
            stop = order[(begin + offset * step) % len(order)]
            server, name, item = stop
            if here == stop:
                continue
            if item and self._item_waits(server, name):
                return stop
            if not item and needs_review(self.views[server][name]):
                return stop
        return None

    def _item_waits(self, server: str, name: str) -> bool:
        surface, reviews = self.surfaces.get(server, (None, {}))
        item = surface.by_name(name) if surface is not None else None
        return item is not None and "needs-review" in item_tags(item, reviews.get(name))


def _everything(item: SurfaceItem) -> bool:
    return True


def _of_kind(surface: Surface, kind: str) -> list[SurfaceItem]:
    """The surface's items of one kind (none for a kind it does not have)."""
    return next((items for key, items in surface.items.items() if key == kind), [])

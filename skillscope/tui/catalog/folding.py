"""A catalog folded into folders by path, with each folder's roll-up counts, and those counts kept current."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from skillscope.service.workspace import SkillView
from skillscope.tui.view_model import rollup_states

__all__ = [
    "IN_PLACE",
    "Folded",
    "Folder",
    "Index",
    "build_index",
    "fold",
    "path_segments",
    "recount_in_place",
]

IN_PLACE = 100
"""Up to this many skills changed at once, only the folders holding them are counted again."""


def path_segments(path: str) -> list[str]:
    """Split a registry path into tree segments; a non-skill scheme stays on its first segment."""
    scheme = ""
    if "://" in path:
        scheme, path = path.split("://", 1)
        scheme += "://"
    parts = path.split("/")
    parts[0] = scheme + parts[0]
    return parts


Child = tuple[str, "Folder | str"]
"""A folder's child in tree order: ``("folder", Folder)`` or ``("skill", name)``."""


@dataclass(eq=False)
class Folder:
    """A path segment holding sub-folders and skills."""

    segment: str
    path: str
    folders: dict[str, Folder] = field(default_factory=dict)
    skills: list[str] = field(default_factory=list)
    """Names of skills directly in this folder (registry names)."""
    total: int = 0
    """How many skills lie anywhere below."""
    counts: dict[str, int] = field(default_factory=dict)
    """How many skills below are in each ``ROLLUP`` state (only states with at least one)."""
    counted: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """In the root only: the roll-up states each skill was counted in, so a change is counted again in place."""
    _sorted: list[Child] | None = field(default=None, repr=False)

    def children(self, views: dict[str, SkillView]) -> list[Child]:
        """Folders and skills sorted together by their segment: ``("folder", Folder)`` or ``("skill", name)``.

        Sorted once: a catalog is folded anew whenever its listing changes, and a page of a folder of
        10,000 skills must not sort all of them again (a worker thread folding a catalog sorts its root).
        """
        if self._sorted is None:
            items: list[tuple[str, str, Folder | str]] = [
                (name, "folder", folder) for name, folder in self.folders.items()
            ]
            items += [(path_segments(views[name].entry.path or "")[-1], "skill", name) for name in self.skills]
            items.sort(key=lambda item: (item[0].lower(), item[1]))
            self._sorted = [(kind, value) for _, kind, value in items]
        return self._sorted

    def shown_chain(self) -> tuple[Folder, str]:
        """The folder a row for this one stands for, and the row's name: a chain of folders holding one folder
        each shows as one row (``acme/billing``), standing for the last of them."""
        folder, segments = self, [self.segment]
        while len(folder.folders) == 1 and not folder.skills:
            folder = next(iter(folder.folders.values()))
            segments.append(folder.segment)
        return folder, "/".join(segments)


Index = tuple[Folder, list[str]]
"""A catalog folded into folders, and its malformed entries (``build_index``)."""
Folded = tuple[dict[str, Folder], list[str], dict[str, int]]
"""What the filter shows of a catalog, by folder path; its malformed entries; the whole catalog's counts (``fold``)."""


def build_index(views: dict[str, SkillView], names: list[str] | None = None) -> Index:
    """Fold skills into folders by path; returns the root and the malformed entries' names.

    Args:
        views: every skill of one server, by name.
        names: only these names (a filter); all when None.
    """
    root = Folder("", "")
    malformed: list[str] = []
    for name in views if names is None else names:
        view = views[name]
        entry = view.entry
        counted = rollup_states(view)
        for key in counted:
            root.counts[key] = root.counts.get(key, 0) + 1
        root.counted[name] = counted
        if entry.status == "malformed" or entry.path is None:
            malformed.append(name)
            continue
        segments = path_segments(entry.path)
        folder = root
        root.total += 1
        for depth, segment in enumerate(segments[:-1]):
            nxt = folder.folders.get(segment)
            if nxt is None:
                nxt = folder.folders[segment] = Folder(segment, "/".join(segments[: depth + 1]))
            nxt.total += 1
            for key in counted:
                nxt.counts[key] = nxt.counts.get(key, 0) + 1
            folder = nxt
        folder.skills.append(name)
    return root, malformed


def fold(views: dict[str, SkillView], index: Index | None, shows: Callable[[SkillView], bool] | None) -> Folded:
    """The folders (by path) of what a filter shows, the malformed entries, and the counts of the whole catalog.

    ``shows`` is the filter (None: no filter); ``index`` is ``build_index(views)`` when already made. Reads only
    its arguments, so it may run in a thread on a copy of ``views``.
    """
    if shows is None:
        root, malformed = index if index is not None else build_index(views)
        totals = root.counts
    else:
        root, malformed = build_index(views, [name for name, view in views.items() if shows(view)])
        # The status line counts the whole catalog, whatever the filter shows.
        totals = (index if index is not None else build_index(views))[0].counts
    root.children(views)  # sorted here: in a thread when the catalog is large
    folders: dict[str, Folder] = {"": root}
    stack = [root]
    while stack:
        for child in stack.pop().folders.values():
            folders[child.path] = child
            stack.append(child)
    return folders, malformed, totals


def recount_in_place(folders: dict[str, Folder], views: dict[str, SkillView], names: set[str]) -> bool:
    """Move the changed skills' counts in the folders that hold them; False when the catalog must be folded again.

    An open or an audit changes one skill's state, not the catalog's shape: folding 10,000 skills again
    for it cost a thread's CPU on every open, which keys competed with for the interpreter. Each skill's
    old states are the ones it was counted in (``Folder.counted``), so the cost is the folders above the
    skill, whatever the catalog's size. Nothing is moved unless every skill named can be.
    """
    root = folders.get("")
    if root is None or len(names) > IN_PLACE:
        return False
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
    return True

"""The catalog's skills and surface items in tree order, and where a search from the cursor begins: the jump keys."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from skillscope.service.workspace import SkillView
from skillscope.tui.catalog.folding import Folder
from skillscope.tui.catalog.refs import NodeRef

__all__ = ["Stop", "skill_order", "start_index"]

Stop = tuple[str, str, bool]
"""A place the jump keys may stop at: ``(server, name, is_item)``."""


def skill_order(
    servers: Iterable[str],
    views: dict[str, dict[str, SkillView]],
    folders: dict[str, dict[str, Folder]],
    malformed: dict[str, list[str]],
    items: Callable[[str], list[str]] = lambda label: [],
) -> list[Stop]:
    """Every shown skill and surface item, in tree order: servers as shown, each server's skills as its tree sorts
    them, then its malformed entries, then its surface items (``items(label)``).

    Works on the folded catalog, not on tree nodes: folders that were never opened have no nodes yet.
    """
    order: list[Stop] = []
    for label in servers:
        index = folders.get(label)
        if index is not None:
            shown = views.get(label, {})
            stack = list(reversed(index[""].children(shown)))
            while stack:
                _, value = stack.pop()
                if isinstance(value, Folder):
                    stack.extend(reversed(value.children(shown)))
                else:
                    order.append((label, value, False))
            order.extend((label, name, False) for name in malformed.get(label, []))
        order.extend((label, name, True) for name in items(label))
    return order


def start_index(order: list[Stop], ref: NodeRef | None, step: int) -> int:
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

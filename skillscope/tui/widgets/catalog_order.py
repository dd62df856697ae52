"""The catalog's skills in the order the tree shows them, for the key that jumps to the next one to review."""

from __future__ import annotations

from typing import Any

from skillscope.tui.model import Folder, SkillView

__all__ = ["skill_order", "start_index"]


def skill_order(sessions: dict[str, Any], views: dict[str, dict[str, SkillView]], folders: dict[str, dict[str, Folder]],
                malformed: dict[str, list[str]], server_nodes: dict[str, Any]) -> list[tuple[str, str]]:
    """Every shown skill as ``(server, name)``, servers in tree order, each server's skills as its tree sorts them.

    Works on the index, not on tree nodes: folders that were never opened have no nodes yet.
    """
    order: list[tuple[str, str]] = []
    for label in server_nodes:
        index = folders.get(label)
        if label not in sessions or index is None:
            continue
        shown = views.get(label, {})
        stack: list[tuple[str, Any]] = list(reversed(index[""].children(shown)))
        while stack:
            kind, value = stack.pop()
            if kind == "folder":
                stack.extend(reversed(value.children(shown)))
            else:
                order.append((label, value))
        order.extend((label, name) for name in malformed.get(label, []))
    return order


def start_index(order: list[tuple[str, str]], ref: Any, step: int) -> int:
    """Where a search from the cursor's node begins: at its skill, or at the first skill below a folder or server."""
    if ref is None:
        return 0 if step > 0 else len(order) - 1
    if ref.kind in ("skill", "file", "malformed"):
        try:
            return order.index((ref.server, ref.key))
        except ValueError:
            return 0
    for number, (server, name) in enumerate(order):
        if server != ref.server:
            continue
        if ref.kind != "folder":
            return number if step > 0 else number - 1
        path = name.split(":", 1)[1] if ":" in name else name
        if path.startswith(ref.key + "/"):
            return number if step > 0 else number - 1
    return 0

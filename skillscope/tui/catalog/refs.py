"""What a row of the catalog tree stands for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["NodeKind", "NodeRef"]

NodeKind = Literal["server", "folder", "skill", "file", "malformed", "more", "note", "surface", "item"]


@dataclass(frozen=True, slots=True)
class NodeRef:
    """What a tree node stands for: its kind, its server, and which one of that kind."""

    kind: NodeKind
    server: str
    key: str = ""
    """The skill's registry name (skill, file, malformed), the folder's path (folder, more), the item kind
    (surface; empty for the branch itself) or the item's name (item)."""
    path: str = ""
    """A file's relative path."""
    offset: int = 0
    """For a "more" node: where the next page starts."""

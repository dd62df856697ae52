"""One row the catalog tree shows under a node: what it stands for and what its label is drawn from."""

from __future__ import annotations

from dataclasses import dataclass

from skillscope.catalog.surface import SurfaceItem
from skillscope.tui.catalog.folding import Folder
from skillscope.tui.catalog.refs import NodeRef

__all__ = ["Row"]


@dataclass(frozen=True, slots=True)
class Row:
    """A child to show: its ``ref``, whether it opens, and the model's part of its label.

    Skills, files and notes are labelled from the server's state and the skill's view; the rest carry here
    what their label counts or names, so the widget needs no second look-up.
    """

    ref: NodeRef
    expand: bool = False
    """The row has children to show when opened."""
    folder: Folder | None = None
    """A folder row's folder: the last of a chain of single folders shown as one."""
    shown: str = ""
    """A folder row's name as shown (``acme/billing`` for such a chain)."""
    rest: int = 0
    """A "more" row: how many children follow."""
    words: str = ""
    """A note of the model's own (nothing listed, nothing matches); empty for the server's state."""
    items: tuple[SurfaceItem, ...] = ()
    """A surface branch's or kind's items the filter shows (a kind's label counts them)."""
    item: SurfaceItem | None = None
    """An item row's item."""

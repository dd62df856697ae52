"""Give a Static new content and lay the screen out again only when the Static's size may change."""

from __future__ import annotations

from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

__all__ = ["refill"]


def refill(static: Static, content: VisualType) -> None:
    """``static.update(content)``, without laying out the screen when nothing can move.

    ``Static.update`` asks for a layout of the whole screen on every call: beside a 10,000-skill tree
    that is a slow step of the event loop for each row the cursor passes over. A Static that is hidden
    (an inactive tab) is laid out when it is shown again, since showing it changes its display; one
    whose width is set by its container and whose height stays the same only needs repainting.
    """
    if not static.is_mounted:
        static.update(content)
        return
    if _hidden(static):
        static.update(content, layout=False)
        _forget_arrangements(static)
        return
    size = static.content_size
    static.update(content, layout=False)
    styles = static.styles
    if not size.width or (styles.width is not None and styles.width.is_auto):
        static.refresh(layout=True)  # its width follows its content
        return
    fixed = styles.height is not None and not styles.height.is_auto and styles.max_height is None
    if fixed:
        return
    height = static.get_content_height(size, static.app.size, size.width)
    if height != size.height:
        static.refresh(layout=True)


def _forget_arrangements(widget: Widget) -> None:
    """Drop the sizes and places cached for the widget and its containers, as a layout request does.

    The layout that shows the widget again then measures its new content, without a layout now.
    """
    widget._layout_updates += 1
    for node in widget.ancestors:
        if not isinstance(node, Widget):
            break
        node._clear_arrangement_cache()
        node._layout_updates += 1


def _hidden(widget: Widget) -> bool:
    """Whether the widget or a container of it is not displayed."""
    node: object = widget
    while isinstance(node, Widget):
        if not node.display:
            return True
        node = node.parent
    return False

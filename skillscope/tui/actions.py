"""Small actions every screen shares: j/k movement and copying to the clipboard."""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

from skillscope.core.textsafe import safe_text
from skillscope.tui.notify import tell

__all__ = ["copy_value", "move_focused"]


def move_focused(widget: Widget | None, step: int) -> None:
    """j/k: what ↓/↑ do in the focused widget (a tree, a list, a table, or a scrolling text)."""
    if widget is None:
        return
    for name in ("cursor_down", "scroll_down") if step > 0 else ("cursor_up", "scroll_up"):
        action = getattr(widget, f"action_{name}", None)
        if callable(action):
            action()
            return


def copy_value(node: Any, what: str, value: str | None) -> bool:
    """Put ``value`` on the clipboard (OSC 52) and say so; refuse text with hidden or control characters.

    A server's name or URI could carry an escape sequence that a later paste into a
    terminal would run: such text is never copied.
    """
    if not value:
        tell(node, f"No {what} to copy.", severity="warning", timeout=4)
        return False
    if safe_text(value) != value:
        tell(
            node,
            f"Not copied: the {what} holds hidden or control characters ({safe_text(value)}).",
            title="Clipboard",
            severity="warning",
        )
        return False
    node.app.copy_to_clipboard(value)
    tell(node, f"Copied the {what}: {value}", title="Clipboard", timeout=4)
    return True

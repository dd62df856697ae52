"""Small pieces every dialog shares: an error that is seen, and a row of buttons that closes a read-only dialog."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

__all__ = ["show_error"]


def show_error(box: Static, words: Text) -> None:
    """Put ``words`` in a dialog's error line and scroll it into view.

    On a small terminal the dialog's fields scroll under its docked title and buttons: an error
    written below the visible part would be a refusal nobody sees.
    """
    box.update(words)
    box.call_after_refresh(box.scroll_visible, animate=False, immediate=True)

"""Small actions every screen shares: j/k movement and copying to the clipboard."""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Any

from textual.widget import Widget

from skillscope.core.textsafe import safe_text
from skillscope.tui.notify import tell

__all__ = ["copy_out", "copy_value", "move_focused", "tmux_paste_buffer"]

TMUX_TIMEOUT = 2.0
"""Seconds ``tmux load-buffer`` may take before the copy says it failed."""


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
    """Send ``value`` to the terminal's clipboard (OSC 52), and under tmux to its paste buffer; say where it went.

    Refuses text with hidden or control characters: a server's name or URI could carry an escape
    sequence that a later paste into a terminal would run, so such text is never copied.
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
    tell(node, f"{copy_out(node.app, what, value)}: {value}", title="Clipboard", timeout=8)
    return True


def copy_out(app: Any, what: str, value: str) -> str:
    """Send ``value`` to the terminal (OSC 52) and, under tmux, to its paste buffer; returns where it went, in words.

    OSC 52 reaches the clipboard only when the terminal (and a tmux in between) lets it through, so the
    words never claim more than was done.
    """
    app.copy_to_clipboard(value)
    if not os.environ.get("TMUX"):
        return (
            f"Sent the {what} to the terminal with OSC 52 (a terminal with clipboard access for OSC 52 "
            "turned on puts it on the clipboard)"
        )
    failure = tmux_paste_buffer(value)
    if failure is None:
        return f"Copied the {what} to tmux's paste buffer (prefix ] pastes) and sent it to the terminal (OSC 52)"
    return (
        f"Sent the {what} to the terminal with OSC 52, which tmux passes on only with `set -g set-clipboard on`; "
        f"tmux's paste buffer was not set ({failure})"
    )


def tmux_paste_buffer(value: str) -> str | None:
    """Put ``value`` in the tmux server's paste buffer (``tmux load-buffer -``); None when done, else why not.

    The value goes on stdin, never through a shell; the tmux found through ``$TMUX`` is the one asked.
    """
    tmux = shutil.which("tmux")
    if tmux is None:
        return "tmux is not on PATH"
    try:
        done = subprocess.run(  # a fixed argv, the value on stdin
            [tmux, "load-buffer", "-"],
            input=value.encode(),
            capture_output=True,
            timeout=TMUX_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return f"tmux did not answer within {TMUX_TIMEOUT:g} s"
    except OSError as exc:
        return exc.strerror or str(exc)
    if done.returncode != 0:
        return done.stderr.decode(errors="replace").strip() or f"tmux exited with {done.returncode}"
    return None

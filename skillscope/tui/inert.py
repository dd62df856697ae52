"""Server text made inert for the screen: escapes visible, markup never parsed, one vocabulary of states."""

from __future__ import annotations

import json
from typing import Any

from rich.text import Text

from skillscope.sizes import human_size
from skillscope.textsafe import safe_text
from skillscope.tui.model import SkillState

__all__ = ["ESCAPE_STYLE", "STATE_LOOK", "compact", "human_size", "inert", "inert_line", "state_badges", "state_words"]

STATE_LOOK: dict[str, tuple[str, str, str]] = {
    # state: (glyph, words, style)
    "malformed": ("✗", "malformed", "bold red"),
    "unavailable": ("⊘", "unavailable", "yellow"),
    "dynamic": ("≈", "dynamic", "magenta"),
    "not-opened": ("·", "not opened", "dim"),
    "opening": ("…", "opening", "cyan"),
    "verified": ("✓", "verified", "green"),
    "unverified": ("≈", "read, unverified", "magenta"),
    "failed": ("✗", "failed", "bold red"),
    "approved": ("●", "approved", "bold green"),
    "rejected": ("⊗", "rejected", "red"),
    "changed": ("Δ", "changed since approval", "bold yellow"),
    "revoked": ("↺", "approval revoked", "yellow"),
}


ESCAPE_STYLE = "bold black on yellow"
"""How a neutralised character looks: a reviewer must not miss that something was hidden there."""


def _inert(value: str, *, keep_newlines: bool, limit: int | None, style: str) -> Text:
    if safe_text(value, keep_newlines=keep_newlines) == value:
        if limit is not None and len(value) > limit:
            value = value[: limit - 1] + "…"
        return Text(value, style=style)
    # Something was neutralised: build the text piece by piece so each escape stands out.
    text = Text(style=style)
    plain: list[str] = []
    length = 0
    for char in value:
        shown = safe_text(char, keep_newlines=keep_newlines)
        if limit is not None and length + len(shown) > limit - 1:
            plain.append("…")
            break
        length += len(shown)
        if shown == char:
            plain.append(char)
            continue
        if plain:
            text.append("".join(plain))
            plain = []
        text.append(shown, style="dim" if char in "\n\t" else ESCAPE_STYLE)
    if plain:
        text.append("".join(plain))
    return text


def inert(value: object, style: str = "") -> Text:
    """Multi-line server text as ``Text``: controls and hidden characters shown as highlighted escapes."""
    return _inert(value if isinstance(value, str) else repr(value), keep_newlines=True, limit=None, style=style)


def inert_line(value: object, style: str = "", *, limit: int = 400) -> Text:
    """One line of server text as ``Text`` (newlines shown as ``\\n``), shortened to ``limit``."""
    if value is None:
        return Text("—", style="dim")
    return _inert(value if isinstance(value, str) else repr(value), keep_newlines=False, limit=limit, style=style)


def compact(value: Any) -> str:
    """A non-string frontmatter value as compact JSON (escaped by the caller)."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        return repr(value)


_SHORT = {"changed": "changed", "revoked": "revoked"}


def state_badges(states: list[SkillState]) -> Text:
    """Glyph and word of each state, for tree labels (short words)."""
    text = Text()
    for number, state in enumerate(states):
        glyph, words, style = STATE_LOOK[state]
        words = _SHORT.get(state, words)
        if number:
            text.append("  ")
        text.append(f"{glyph} {words}", style=style)
    return text


def state_words(states: list[SkillState]) -> Text:
    """The states as words joined by commas, for the overview."""
    text = Text()
    for number, state in enumerate(states):
        if number:
            text.append(", ")
        glyph, words, style = STATE_LOOK[state]
        text.append(f"{glyph} {words}", style=style)
    return text

"""Server text made inert for the screen: escapes visible, markup never parsed, one vocabulary of states."""

from __future__ import annotations

import json
import re
from typing import Any

from rich.text import Text

from skillscope.core.redact import SECRETS
from skillscope.core.textsafe import safe_text
from skillscope.core.unicode_policy import escape_run, hidden_runs
from skillscope.tui.view_model import SkillState
from skillscope.views import ESCAPE_STYLE, escaped

__all__ = ["STATE_LOOK", "compact", "inert", "inert_line", "short_word", "state_badges", "state_words"]

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
    "untrusted": ("◌", "approved, signature not trusted", "bold yellow"),
    "rejected": ("⊗", "rejected", "red"),
    "changed": ("Δ", "changed since approval", "bold yellow"),
    "revoked": ("↺", "approval revoked", "yellow"),
    "not-reviewed": ("○", "not reviewed", "cyan"),
    "stale": ("~", "stale: server not connected", "yellow"),
}


def _inert(value: str, *, keep_newlines: bool, limit: int | None, style: str) -> Text:
    value = SECRETS.mask(value)  # a server may echo back a header or --env secret
    if safe_text(value, keep_newlines=keep_newlines) == value:
        if limit is not None and len(value) > limit:
            value = value[: limit - 1] + "…"
        return Text(value, style=style)
    # Something was neutralised: build the text piece by piece so each escape stands out.
    # The runs come from the one Unicode policy over the whole value, so a legitimate emoji
    # sequence (judged by its neighbours) stays as it is.
    text = Text(style=style)
    pieces: list[tuple[str, str]] = []
    last = 0
    for run in hidden_runs(value):
        pieces.append((value[last : run.start], ""))
        pieces.append((escape_run(value[run.start : run.end]), ESCAPE_STYLE if run.flagged else "dim"))
        last = run.end
    pieces.append((value[last:], ""))
    length = 0
    for chunk, chunk_style in pieces:
        if not keep_newlines and not chunk_style:
            for part in re.split(r"([\n\t])", chunk):
                if part in ("\n", "\t"):
                    length = _append(text, "\\n" if part == "\n" else "\\t", "dim", length, limit)
                elif part:
                    length = _append(text, part, "", length, limit)
        else:
            length = _append(text, chunk, chunk_style, length, limit)
        if length < 0:
            break
    return text


def _append(text: Text, chunk: str, style: str, length: int, limit: int | None) -> int:
    """Append ``chunk`` within ``limit`` characters; -1 once the limit cut it."""
    if length < 0 or not chunk:
        return length
    if limit is not None and length + len(chunk) > limit - 1:
        text.append(chunk[: max(0, limit - 1 - length)], style=style)
        text.append("…")
        return -1
    text.append(chunk, style=style)
    return length + len(chunk)


def inert(value: object, style: str = "") -> Text:
    """Multi-line server text as ``Text``: controls and hidden characters shown as highlighted escapes."""
    return escaped(value if isinstance(value, str) else repr(value), style=style)


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


_SHORT = {"changed": "changed", "revoked": "revoked", "untrusted": "untrusted", "stale": "stale"}


def short_word(state: str) -> str:
    """A state's short word, for catalog rows and the status line (``untrusted``, not the whole phrase)."""
    return _SHORT.get(state, STATE_LOOK[state][1])


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

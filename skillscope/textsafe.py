"""Neutralise server-written text before it can reach a terminal."""

from __future__ import annotations

import re

__all__ = ["safe_text", "safe_line", "has_hidden_characters"]

# C0 controls except TAB and LF, DEL, and the C1 range: each is shown as a visible escape.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Characters that change how text reads without being seen: bidi controls, zero-width
# characters, Unicode tag characters, and other invisible format characters.
_HIDDEN = re.compile(
    "[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\U000e0000-\U000e007f\u00ad\u034f\u061c\u180e]"
)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def safe_text(value: str, *, keep_newlines: bool = True) -> str:
    """Return ``value`` with control and hidden characters replaced by visible escapes.

    Args:
        value: text a server sent (a name, description, file name or file body).
        keep_newlines: keep LF (and TAB) as they are; when False they are escaped too.

    Returns:
        Text that cannot move the cursor, change the terminal or hide its meaning.
        Rich markup is not touched here: callers render the result with markup off.
    """
    if not keep_newlines:
        value = value.replace("\n", "\\n").replace("\t", "\\t")
    value = _CONTROL.sub(_escape, value)
    value = _HIDDEN.sub(_escape, value)
    # Surrogates cannot be encoded for the terminal; show them like the rest.
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", value)


def safe_line(value: object, *, limit: int = 500) -> str:
    """Make any server value one safe line, shortened to ``limit`` characters."""
    text = safe_text(value if isinstance(value, str) else repr(value), keep_newlines=False)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def has_hidden_characters(value: str) -> bool:
    """True when ``value`` holds control, bidi, zero-width or tag characters."""
    return bool(_CONTROL.search(value) or _HIDDEN.search(value) or _SURROGATE.search(value))

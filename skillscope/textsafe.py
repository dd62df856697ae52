"""Neutralise server-written text before it can reach a terminal."""

from __future__ import annotations

from skillscope.core.unicode_policy import escape_run, hidden_runs

__all__ = ["safe_text", "safe_line", "has_hidden_characters"]


def safe_text(value: str, *, keep_newlines: bool = True) -> str:
    """Return ``value`` with control and hidden characters replaced by visible escapes.

    Which characters are hidden, and which uses are legitimate (one variation selector after
    an emoji, a joiner inside an emoji sequence), is decided by ``skillscope.core.unicode_policy``,
    the same table the audit and the TUI use.

    Args:
        value: text a server sent (a name, description, file name or file body).
        keep_newlines: keep LF (and TAB) as they are; when False they are escaped too.

    Returns:
        Text that cannot move the cursor, change the terminal or hide its meaning.
        Rich markup is not touched here: callers render the result with markup off.
    """
    if not keep_newlines:
        value = value.replace("\n", "\\n").replace("\t", "\\t")
    if value.isascii() and value.isprintable():
        return value
    parts: list[str] = []
    last = 0
    for run in hidden_runs(value):
        parts.append(value[last : run.start])
        parts.append(escape_run(value[run.start : run.end]))
        last = run.end
    if not parts:
        return value
    parts.append(value[last:])
    return "".join(parts)


def safe_line(value: object, *, limit: int = 500) -> str:
    """Make any server value one safe line, shortened to ``limit`` characters."""
    text = safe_text(value if isinstance(value, str) else repr(value), keep_newlines=False)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def has_hidden_characters(value: str) -> bool:
    """True when ``value`` holds a character the Unicode policy shows as an escape."""
    return next(hidden_runs(value), None) is not None

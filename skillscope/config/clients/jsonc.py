"""JSON with comments and trailing commas (VS Code, Zed and Cursor settings), read with the standard library."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["JsoncError", "loads_jsonc"]


class JsoncError(ValueError):
    """The text is not JSON even with comments and trailing commas allowed; the message says where."""


def _strip(text: str) -> str:
    """``text`` with ``//`` and ``/* */`` comments blanked and commas before ``]`` or ``}`` dropped.

    Strings are copied as they are, so a ``//`` inside a URL stays. Blanked comments keep
    their newlines, so the line numbers of JSON errors still point into the file.
    """
    out: list[str] = []
    i, n = 0, len(text)
    pending_comma: int | None = None  # index in ``out`` of a comma that may be trailing
    while i < n:
        ch = text[i]
        if ch == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[i : end + 1])
            pending_comma = None
            i = end + 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise JsoncError("a /* comment is never closed")
            out.append("".join(c if c == "\n" else " " for c in text[i : end + 2]))
            i = end + 2
        elif ch == ",":
            pending_comma = len(out)
            out.append(ch)
            i += 1
        elif ch in "]}":
            if pending_comma is not None:
                out[pending_comma] = " "
            pending_comma = None
            out.append(ch)
            i += 1
        else:
            if not ch.isspace():
                pending_comma = None
            out.append(ch)
            i += 1
    return "".join(out)


def loads_jsonc(text: str) -> Any:
    """Parse JSON that may hold comments and trailing commas (tabs are JSON whitespace already).

    Raises:
        JsoncError: with the line and column of the problem.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return json.loads(_strip(text))
    except json.JSONDecodeError as exc:
        raise JsoncError(f"{exc.msg} at line {exc.lineno}, column {exc.colno}") from None

"""Lone UTF-16 surrogate escapes in JSON are marked on the wire, so one entry is refused, not the whole answer.

JSON allows ``"\\ud800"`` but the SDK's parser rejects a message holding one, and the
request then runs into its timeout: one bad string sank a whole ``skills/list`` page.
The transports rewrite each lone surrogate escape to ``LONE_SURROGATE`` (a Unicode
noncharacter no honest server sends) followed by one private-use character that keeps which
surrogate it was, before parsing; the entry rules refuse any entry holding the mark, with the
reason, and ``lone_surrogate_at`` says which surrogate stood where.
"""

from __future__ import annotations

import json
import re

__all__ = ["LONE_SURROGATE", "HOLD_BACK", "lone_surrogate_at", "mark_lone_surrogates"]

LONE_SURROGATE = "\U0010fffe"
_MARK = b"\\udbff\\udffe"
_VALUES = 0x10F800
"""The surrogate U+D800 + k is kept as the private-use character U+10F800 + k right after the mark."""
_RAW = re.compile("[\ud800-\udfff]")
_ESCAPE = re.compile(rb"(\\+)u([dD][89a-fA-F][0-9a-fA-F]{2})")
_QUICK = re.compile(rb"\\u[dD][89a-fA-F]")
HOLD_BACK = 12
"""Bytes a streaming caller keeps for the next chunk: an escape pair is 12 bytes long."""


def _low(data: bytes, at: int) -> bool:
    chunk = data[at : at + 6]
    return (
        len(chunk) == 6
        and chunk[:3].lower() == b"\\ud"
        and chunk[3:4].lower() in b"cdef"
        and all(c in b"0123456789abcdefABCDEF" for c in chunk[4:6])
    )


def mark_lone_surrogates(data: bytes) -> bytes:
    """``data`` (JSON text) with every lone surrogate escape replaced by the escaped ``LONE_SURROGATE``."""
    if not _QUICK.search(data):
        return data
    out = bytearray()
    position = 0
    skip_until = -1
    for match in _ESCAPE.finditer(data):
        start, end = match.span()
        if start < skip_until or len(match.group(1)) % 2 == 0:
            continue  # the low half of a pair already kept, or an escaped backslash followed by "u"
        value = int(match.group(2), 16)
        if value <= 0xDBFF and _low(data, end):
            skip_until = end + 6  # a valid pair: keep both halves
            continue
        escape_start = end - 6
        out += data[position:escape_start] + _MARK + _value_escape(value)
        position = end
    out += data[position:]
    return bytes(out)


def _value_escape(surrogate: int) -> bytes:
    return json.dumps(chr(_VALUES + surrogate - 0xD800)).strip('"').encode("ascii")


def lone_surrogate_at(text: str) -> tuple[int | None, int] | None:
    """The first lone surrogate in ``text`` (marked by a transport, or left in by a parser): its code point and
    its offset, in characters of the text as the server sent it; None when there is none.

    The code point is None when the text holds ``LONE_SURROGATE`` that no transport wrote (the
    server sent the noncharacter itself): it stands where a lone surrogate would.
    """
    marked = text.find(LONE_SURROGATE)
    raw = _RAW.search(text)
    if raw is not None and (marked < 0 or raw.start() < marked):
        return ord(raw.group()), raw.start()
    if marked < 0:
        return None
    kept = ord(text[marked + 1]) - _VALUES if marked + 1 < len(text) else -1
    return (0xD800 + kept if 0 <= kept <= 0x7FF else None), marked

"""Lone UTF-16 surrogate escapes in JSON are marked on the wire, so one entry is refused, not the whole answer.

JSON allows ``"\\ud800"`` but the SDK's parser rejects a message holding one, and the
request then runs into its timeout: one bad string sank a whole ``skills/list`` page.
The transports rewrite each lone surrogate escape to ``LONE_SURROGATE`` (a Unicode
noncharacter no honest server sends) before parsing; the entry rules refuse any entry
holding it, with the reason.
"""

from __future__ import annotations

import re

__all__ = ["LONE_SURROGATE", "mark_lone_surrogates", "HOLD_BACK"]

LONE_SURROGATE = "\U0010fffe"
_MARK = b"\\udbff\\udffe"
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
        out += data[position:escape_start] + _MARK
        position = end
    out += data[position:]
    return bytes(out)

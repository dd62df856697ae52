"""A small versioned binary layout for the cache's large parts: columns of strings and of integers.

A checkpoint of a large ledger holds a few hundred thousand short strings and numbers. JSON reads
them several times slower than the read it saves time for; kept as columns (strings joined by
NUL, integers as a little-endian int64 array), they are split and converted at C speed. Nothing
here runs code on load (no pickle, no ``marshal``): a part is only ever strings, integers, and
JSON for the few values of other shapes. Every part starts with ``MAGIC``, its ``VERSION`` and
the SHA-256 of what follows; a part of another version or digest is refused (``ValueError``).
"""

from __future__ import annotations

import array
import hashlib
import json
import struct
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["MAGIC", "VERSION", "Column", "pack", "unpack"]

MAGIC = b"SSLC"
VERSION = 1
_HEAD = struct.Struct("<4sHI32s")  # magic, version, number of columns, SHA-256 of the columns
_COLUMN = struct.Struct("<BIQ")  # kind, items, bytes
_STRINGS, _INTEGERS, _JSON = 0, 1, 2
_SEP = "\0"

Column = object
"""What a column holds: a list of strings, a list of integers, or any other JSON value (kept as JSON)."""


def pack(columns: Sequence[Column]) -> bytearray:
    """The columns in this layout: a list of ``str`` or of ``int`` as such, anything else as JSON.

    Written into one buffer as each column is encoded (not joined at the end), so a large part is
    in memory once, not twice.
    """
    out = bytearray(_HEAD.size)  # the head, with the digest of what follows, is filled in last
    digest = hashlib.sha256()
    for column in columns:
        kind, items, data = _encode(column)
        head = _COLUMN.pack(kind, items, len(data))
        digest.update(head)
        digest.update(data)
        out += head
        out += data
        del data
    out[: _HEAD.size] = _HEAD.pack(MAGIC, VERSION, len(columns), digest.digest())
    return out


def unpack(data: bytes, *, arrays: bool = False) -> list[Any]:
    """The columns ``pack`` wrote; with ``arrays``, a column of integers as an ``array('q')`` rather than a list
    (compact, and nothing in it for the cycle collector to track).

    Raises:
        ValueError: not this layout, another version, or bytes that do not match their digest.
    """
    try:
        magic, version, count, digest = _HEAD.unpack_from(data)
    except struct.error:
        raise ValueError("not a cache part (too short)") from None
    if magic != MAGIC or version != VERSION:
        raise ValueError("not a cache part of this version")
    view = memoryview(data)[_HEAD.size :]
    if hashlib.sha256(view).digest() != digest:
        raise ValueError("a cache part whose bytes do not match its digest")
    columns: list[Any] = []
    at = 0
    try:
        for _ in range(count):
            kind, items, size = _COLUMN.unpack_from(view, at)
            at += _COLUMN.size
            raw = view[at : at + size]
            at += size
            columns.append(_decode(kind, items, raw, arrays))
    except (struct.error, UnicodeDecodeError) as exc:
        raise ValueError(f"a damaged cache part ({exc})") from None
    if at != len(view):
        raise ValueError("a cache part with bytes after its columns")
    return columns


def _encode(column: Column) -> tuple[int, int, bytes]:
    if type(column) is list and column:
        kinds = set(map(type, column))
        if kinds == {str} and not any(_SEP in item for item in column):
            return _STRINGS, len(column), _SEP.join(column).encode("utf-8", "surrogatepass")
        if kinds == {int} and all(-(2**63) <= item < 2**63 for item in column):
            numbers = array.array("q", column)
            if sys.byteorder != "little":  # pragma: no cover - a big-endian machine
                numbers.byteswap()
            return _INTEGERS, len(column), numbers.tobytes()
    return _JSON, 0, json.dumps(column, separators=(",", ":")).encode("ascii")


def _decode(kind: int, items: int, raw: memoryview, arrays: bool) -> object:
    if kind == _STRINGS:
        strings = str(raw, "utf-8", "surrogatepass").split(_SEP)
        if len(strings) != items:
            raise ValueError("a string column of another length than it says")
        return strings
    if kind == _INTEGERS:
        numbers = array.array("q")
        numbers.frombytes(raw)
        if sys.byteorder != "little":  # pragma: no cover - a big-endian machine
            numbers.byteswap()
        if len(numbers) != items:
            raise ValueError("an integer column of another length than it says")
        return numbers if arrays else numbers.tolist()
    if kind == _JSON:
        return json.loads(bytes(raw))
    raise ValueError(f"a column of unknown kind {kind}")

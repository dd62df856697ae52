"""The fast check of one ledger line: the writer's own layouts proven without building a ``Record``.

Same answers as ``core.linecheck.check_line``, which takes every line these do not read
(``tests/ledger/test_plain_line.py`` holds them together); ``coldcheck`` runs it in worker processes.
"""

from __future__ import annotations

import hashlib
import json
import operator
from json.encoder import encode_basestring_ascii
from typing import Any

from skillscope.ledger.cache.plainline import plain_signed
from skillscope.ledger.core import linecheck
from skillscope.ledger.core.linecheck import Checked, verify_line_signature
from skillscope.ledger.core.record import (
    _BODY_START,
    _PLAIN_DECODER,
    _SURROGATE_ESCAPE,
    ACTIONS,
    describe_review,
)

__all__ = ["check_line", "check_parsed"]


def check_line(line: bytes, *, hashed: bool = False) -> Checked:
    """``core.linecheck.check_line``, faster for the lines the writer writes.

    ``hashed``: the caller has checked the line's hash already (``chain_fields``).

    Raises:
        LineError: the line is not in the writer's exact form, or its signature does not verify.
    """
    plain = plain_signed(line)
    return plain[1] if plain is not None else check_parsed(line, hashed=hashed)


def check_parsed(line: bytes, *, hashed: bool) -> Checked:
    """``check_line`` of a line ``plain_signed`` does not read: parsed as JSON."""
    written = _signed_as_written(line, hashed=hashed)
    if written is None:
        return linecheck.check_line(line)
    data, message = written
    review = data["review"]
    verify_line_signature(data["sig"], data["key"], message)
    return Checked(
        hashlib.sha256(message).hexdigest(),
        review["reviewer"],
        data["key"],
        describe_review(review["action"], review["name"], review["fingerprint"], review["reviewer"], review["time"]),
    )


_OUTER = ("hash", "prev", "seq", "review", "sig", "key")
_REVIEW_HEAD = (
    "v",
    "action",
    "name",
    "fingerprint",
    "label",
    "uri",
    "time",
    "reviewer",
    "note",
    "server",
    "protocol",
    "tool",
    "nonce",
)
_REVIEW_TEXT = ("name", "label", "uri", "time", "reviewer", "note", "server", "protocol", "tool", "nonce")
_FILE_KEYS = ("uri", "digest", "size")
_TEXT_FIELDS = operator.itemgetter(*_REVIEW_TEXT)
_FILE_FIELDS = operator.itemgetter(*_FILE_KEYS)
_STR_STR_INT = (str, str, int)


_AS_WRITTEN = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True).encode
"""The line as the writer writes it (keys in the order given, ASCII)."""
_CANONICAL = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode
"""What a review's signature covers (``canonical_review``)."""


def _signed_as_written(line: bytes, *, hashed: bool = False) -> tuple[dict[str, Any], bytes] | None:
    """(the parsed line, the bytes its signature covers) for a signed line exactly as the writer writes one.

    What ``strict_decode`` proves by building the ``Record`` and writing it again, proven on the
    parsed line itself (half the work on the first read of a large ledger): the writer's keys in
    the writer's order, each field of the type the writer writes, the line the exact serialisation
    of what it holds, and its hash. Anything else, even a line the writer might have written,
    gives None and takes ``strict_decode``, which accepts it or says what is wrong.
    """
    escaped = b"\\u" in line
    if escaped and _SURROGATE_ESCAPE.search(line):
        return None
    try:
        text = line.decode("utf-8")
        data, end = _PLAIN_DECODER.raw_decode(text)  # no whitespace around: the exact round trip refuses it anyway
    except (ValueError, RecursionError):
        return None
    if end != len(text):
        return None
    if type(data) is not dict or tuple(data) != _OUTER:
        return None
    review, digest = data["review"], data["hash"]
    if (
        type(review) is not dict
        or type(data["seq"]) is not int
        or type(data["prev"]) is not str
        or type(data["sig"]) is not str
        or not data["sig"]
        or type(data["key"]) is not str
        or type(digest) is not str
        or len(digest) != 71
        or not digest.startswith("sha256:")
    ):
        return None
    keys = tuple(review)
    if keys[:13] != _REVIEW_HEAD or keys[-1] != "files" or type(review["v"]) is not int or review["v"] != 2:
        return None
    if review["action"] not in ACTIONS or not (review["fingerprint"] is None or type(review["fingerprint"]) is str):
        return None
    if set(map(type, _TEXT_FIELDS(review))) != {str} or type(review["files"]) is not list:
        return None
    for entry in review["files"]:
        if (
            type(entry) is not dict
            or tuple(entry) != _FILE_KEYS
            or tuple(map(type, _FILE_FIELDS(entry))) != _STR_STR_INT
        ):
            return None
    if len(keys) == len(_REVIEW_HEAD) + 1 and not escaped:
        written, canonical = _both_forms(data, review)
    else:
        written, canonical = _AS_WRITTEN(data), _CANONICAL(review)
    if written != text:
        return None
    if not hashed and hashlib.sha256(b"{" + line[_BODY_START:]).hexdigest() != digest[7:]:
        return None
    return data, canonical.encode("utf-8")


def _both_forms(data: dict[str, Any], review: dict[str, Any]) -> tuple[str, str]:
    """(the line as the writer writes it, the review as its signature covers it) from each value encoded once.

    Only for a line ``_signed_as_written`` has found to hold the writer's fields and types, exactly
    the review's 14 keys (v being 2), and no ``\\u`` escape: its strings are then ASCII, which the
    two forms write alike, so they differ only in the order of the keys (sorted in the second).
    The same text as the two C encoders give, in half their time.
    """
    esc = encode_basestring_ascii
    name, label, uri, time, reviewer, note, server, protocol, tool, nonce = map(esc, _TEXT_FIELDS(review))
    action = esc(review["action"])
    fingerprint = "null" if review["fingerprint"] is None else esc(review["fingerprint"])
    files = [(esc(u), esc(d), s) for u, d, s in map(_FILE_FIELDS, review["files"])]
    written_files = ",".join([f'{{"uri":{u},"digest":{d},"size":{s}}}' for u, d, s in files])
    sorted_files = ",".join([f'{{"digest":{d},"size":{s},"uri":{u}}}' for u, d, s in files])
    written = (
        f'{{"v":2,"action":{action},"name":{name},"fingerprint":{fingerprint},"label":{label},"uri":{uri},'
        f'"time":{time},"reviewer":{reviewer},"note":{note},"server":{server},"protocol":{protocol},'
        f'"tool":{tool},"nonce":{nonce},"files":[{written_files}]}}'
    )
    canonical = (
        f'{{"action":{action},"files":[{sorted_files}],"fingerprint":{fingerprint},"label":{label},'
        f'"name":{name},"nonce":{nonce},"note":{note},"protocol":{protocol},"reviewer":{reviewer},'
        f'"server":{server},"time":{time},"tool":{tool},"uri":{uri},"v":2}}'
    )
    line = (
        f'{{"hash":{esc(data["hash"])},"prev":{esc(data["prev"])},"seq":{data["seq"]},"review":{written},'
        f'"sig":{esc(data["sig"])},"key":{esc(data["key"])}}}'
    )
    return line, canonical

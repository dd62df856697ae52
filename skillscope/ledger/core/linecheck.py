"""Checking one ledger line: its strict parse and its signature (coldcheck.py checks many at once)."""

from __future__ import annotations

import hashlib
import json
import operator
from collections.abc import Callable
from json.encoder import c_make_encoder, encode_basestring, encode_basestring_ascii  # type: ignore[attr-defined]
from typing import Any

from skillscope.ledger.cache.checked import Checked
from skillscope.ledger.cache.plainline import plain_signed
from skillscope.ledger.core.record import (
    _BODY_START,
    _PLAIN_DECODER,
    _SURROGATE_ESCAPE,
    ACTIONS,
    LineError,
    canonical_review,
    describe,
    describe_review,
    review_id,
    strict_decode,
)
from skillscope.ledger.core.sshsig import SignatureError, verify_signed_by

__all__ = ["check_line", "check_parsed"]


def check_line(line: bytes, *, hashed: bool = False) -> Checked:
    """Parse a line strictly and verify its signature, if it has one.

    ``hashed``: the caller has checked the line's hash already (``chain_fields``).

    Raises:
        LineError: the line is not in the writer's exact form, or its signature does not verify.
    """
    plain = plain_signed(line)
    return plain[1] if plain is not None else check_parsed(line, hashed=hashed)


def check_parsed(line: bytes, *, hashed: bool) -> Checked:
    """``check_line`` of a line ``plain_signed`` does not read: parsed as JSON."""
    written = _signed_as_written(line, hashed=hashed)
    if written is not None:
        data, message = written
        review = data["review"]
        _verify(data["sig"], data["key"], message)
        return Checked(
            hashlib.sha256(message).hexdigest(),
            review["reviewer"],
            data["key"],
            describe_review(
                review["action"], review["name"], review["fingerprint"], review["reviewer"], review["time"]
            ),
        )
    record = strict_decode(line)
    if record.signed:
        try:
            message = canonical_review(record)
        except UnicodeEncodeError:
            raise LineError(
                "the review holds a string that is not text (a lone surrogate); no signature can cover it",
                kind="signature",
            ) from None
        _verify(record.sig, record.key, message)
        return Checked(review_id(record, message), record.reviewer, record.key, describe(record))
    return Checked(review_id(record), record.reviewer, record.key, describe(record))


def _verify(sig: str, key: str, message: bytes) -> None:
    try:
        verify_signed_by(sig, message, key)
    except SignatureError as exc:
        raise LineError(f"the signature does not verify: {exc}", kind="signature") from exc


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


def _encoder(ascii_only: bool, sort_keys: bool) -> Callable[[Any], str]:
    """``json.dumps`` with no spaces, its C encoder built once, not on each call (the first read of a
    ledger encodes every line twice). The values are what JSON parsing gave: no cycle, no other type."""
    if c_make_encoder is None:  # pragma: no cover - a Python without the C accelerator
        return json.JSONEncoder(separators=(",", ":"), ensure_ascii=ascii_only, sort_keys=sort_keys).encode
    escape = encode_basestring_ascii if ascii_only else encode_basestring
    parts = c_make_encoder(None, None, escape, None, ":", ",", sort_keys, False, True)
    return lambda value: "".join(parts(value, 0))


_AS_WRITTEN = _encoder(ascii_only=True, sort_keys=False)
"""The line as the writer writes it (keys in the order given, ASCII)."""
_CANONICAL = _encoder(ascii_only=False, sort_keys=True)
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

"""Checking one ledger line (strict parse, signature), and many at once in worker processes on a cold cache."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from skillscope.ledger.checked import Checked, CheckedCache
from skillscope.ledger.record import (
    _BODY_START,
    _PLAIN_DECODER,
    _SURROGATE_ESCAPE,
    ACTIONS,
    LineError,
    canonical_review,
    chain_fields,
    describe,
    describe_review,
    review_id,
    strict_decode,
)
from skillscope.ledger.sshsig import SignatureError, verify_signed_by

__all__ = ["check_line", "precheck"]

PARALLEL_FROM = 4000
"""Lines never checked before from which worker processes pay for their start."""


def check_line(line: bytes) -> Checked:
    """Parse a line strictly and verify its signature, if it has one.

    Raises:
        LineError: the line is not in the writer's exact form, or its signature does not verify.
    """
    written = _signed_as_written(line)
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
                "the review holds a string that is not text (a lone surrogate); no signature can cover it"
            ) from None
        _verify(record.sig, record.key, message)
        return Checked(review_id(record, message), record.reviewer, record.key, describe(record))
    return Checked(review_id(record), record.reviewer, record.key, describe(record))


def _verify(sig: str, key: str, message: bytes) -> None:
    try:
        verify_signed_by(sig, message, key)
    except SignatureError as exc:
        raise LineError(f"the signature does not verify: {exc}") from exc


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
_AS_WRITTEN = json.JSONEncoder(separators=(",", ":")).encode
_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode


def _signed_as_written(line: bytes) -> tuple[dict[str, Any], bytes] | None:
    """(the parsed line, the bytes its signature covers) for a signed line exactly as the writer writes one.

    What ``strict_decode`` proves by building the ``Record`` and writing it again, proven on the
    parsed line itself (half the work on the first read of a large ledger): the writer's keys in
    the writer's order, each field of the type the writer writes, the line the exact serialisation
    of what it holds, and its hash. Anything else, even a line the writer might have written,
    gives None and takes ``strict_decode``, which accepts it or says what is wrong.
    """
    if _SURROGATE_ESCAPE.search(line):
        return None
    try:
        data = _PLAIN_DECODER.decode(line.decode("utf-8"))
    except (ValueError, RecursionError):
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
    if any(type(review[name]) is not str for name in _REVIEW_TEXT) or type(review["files"]) is not list:
        return None
    for entry in review["files"]:
        if (
            type(entry) is not dict
            or tuple(entry) != _FILE_KEYS
            or type(entry["uri"]) is not str
            or type(entry["digest"]) is not str
            or type(entry["size"]) is not int
        ):
            return None
    if _AS_WRITTEN(data).encode("ascii") != line or hashlib.sha256(b"{" + line[_BODY_START:]).hexdigest() != digest[7:]:
        return None
    return data, _CANONICAL(review).encode("utf-8")


Row = tuple[str, str, str, str, str, bytes]
"""A checked line as the cache keeps it: (hash, review id, reviewer, key, what, seal)."""


def _check_share(path: str, share: int, shares: int) -> list[Row]:
    """The cache rows of every ``shares``-th line not checked before, from ``share`` (in a worker), sealed.

    A line that fails is left out: the scan checks it again itself and names what is wrong.
    Rows go back as plain tuples whose reviewer and key strings are shared (a ledger has few of
    each), which is what makes them cheap to send back.
    """
    out: list[Row] = []
    same: dict[str, str] = {}
    intern, seal, known = same.setdefault, _SEAL, _KNOWN
    with open(path, "rb") as handle:
        for index, line in enumerate(_lines(iter(lambda: handle.read(1 << 22), b""))):
            if index % shares != share or _claimed(line) in known:
                continue
            try:
                digest = chain_fields(line)[0]
                c = check_line(line)
            except (LineError, ValueError, TypeError, OverflowError, RecursionError):
                continue
            reviewer, key = intern(c.reviewer, c.reviewer), intern(c.key, c.key)
            out.append((digest, c.review_id, reviewer, key, c.what, seal(digest, c.review_id, reviewer, key, c.what)))
    return out


_KNOWN: dict[str, Checked] = {}
"""The lines checked before, as the forked workers inherit them."""


def _no_seal(*_fields: str) -> bytes:
    return b""


_SEAL: Callable[[str, str, str, str, str], bytes] = _no_seal
"""The cache's sealing function, as the forked workers inherit it."""


def _claimed(line: bytes) -> str:
    return "sha256:" + line[16:80].decode("ascii", "replace")


def _workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _lines(chunks: Iterator[bytes]) -> Iterator[bytes]:
    carry = b""
    for chunk in chunks:
        data = carry + chunk if carry else chunk
        start = 0
        while (end := data.find(b"\n", start)) >= 0:
            yield data[start:end]
            start = end + 1
        carry = data[start:]


def _count_lines(path: Path) -> int:
    """The lines in the file, counted through one reused buffer (this runs on every read of the ledger)."""
    buffer = bytearray(1 << 22)
    count = 0
    try:
        with open(path, "rb", buffering=0) as handle:
            while size := handle.readinto(buffer):
                count += buffer.count(b"\n", 0, size)
    except OSError:
        return 0
    return count


def precheck(path: Path, read: Callable[[], Iterator[bytes]], cache: CheckedCache | None) -> dict[str, Checked]:
    """Check in parallel the lines of the ledger at ``path`` not in ``cache``, when there are many.

    ``read`` gives the file's blocks anew on each call (under the ledger's shared lock).

    Signature checks dominate the first read of a large signed ledger; each core takes every
    n-th line, reading the file itself (nothing is copied to it). What comes back is keyed by each
    line's real hash, recomputed in the worker, so a line that claims another's hash gains nothing;
    the scan writes it to the cache (one writer: workers writing at once would wait on each other's
    lock). Workers are forked, so only from a process with no other thread (the TUI reads beside
    its threads, and checks the lines itself). Returns nothing when it is not worth it or the
    workers cannot start: the scan then checks every line itself.
    """
    import threading

    workers = _workers()
    if workers < 2 or threading.active_count() > 1 or not hasattr(os, "fork"):
        return {}
    # A count of lines first (at C speed): with most of them in the cache, as on every read but the
    # first, that is all this costs.
    known = cache.load() if cache is not None else {}
    if _count_lines(path) - len(known) < PARALLEL_FROM:
        return {}
    fresh = sum(1 for line in _lines(read()) if _claimed(line) not in known)
    if fresh < PARALLEL_FROM:
        return {}
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    global _KNOWN, _SEAL
    sealer = cache.sealer() if cache is not None else None
    _KNOWN, _SEAL = known, sealer or _SEAL
    rows: list[Row] = []
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            for part in pool.map(_check_share, [str(path)] * workers, range(workers), [workers] * workers):
                rows.extend(part)
    except (OSError, BrokenProcessPool):
        return {}
    except Exception:  # noqa: BLE001 - whatever went wrong in a worker, the scan checks every line itself
        return {}
    finally:
        _KNOWN, _SEAL = {}, _no_seal
    if cache is not None and sealer is not None:
        cache.add_sealed(rows)  # one writer, one transaction (sealed in the workers)
    return {row[0]: Checked(row[1], row[2], row[3], row[4]) for row in rows}

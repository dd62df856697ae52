"""Checking one ledger line (strict parse, signature), and many at once in worker processes on a cold cache."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

from skillscope.ledger.checked import Checked
from skillscope.ledger.record import LineError, canonical_review, chain_fields, describe, review_id, strict_decode
from skillscope.ledger.sshsig import SignatureError, key_blob, verify_signature

__all__ = ["check_line", "precheck"]

PARALLEL_FROM = 4000
"""Lines never checked before from which worker processes pay for their start."""


def check_line(line: bytes) -> Checked:
    """Parse a line strictly and verify its signature, if it has one.

    Raises:
        LineError: the line is not in the writer's exact form, or its signature does not verify.
    """
    record = strict_decode(line)
    if record.signed:
        try:
            message = canonical_review(record)
        except UnicodeEncodeError:
            raise LineError("the review holds a string that is not text (a lone surrogate); no signature can cover it") from None
        try:
            signer = verify_signature(record.sig, message)
            if signer != key_blob(record.key):
                raise SignatureError("the signature was made by another key than the record names")
        except SignatureError as exc:
            raise LineError(f"the signature does not verify: {exc}") from exc
        return Checked(review_id(record, message), record.reviewer, record.key, describe(record))
    return Checked(review_id(record), record.reviewer, record.key, describe(record))


def _check_share(path: str, share: int, shares: int) -> list[tuple[str, Checked]]:
    """(hash, what checking established) for every ``shares``-th line not checked before, from ``share`` (in a worker).

    A line that fails is left out: the scan checks it again itself and names what is wrong.
    """
    out = []
    with open(path, "rb") as handle:
        for index, line in enumerate(_lines(iter(lambda: handle.read(1 << 22), b""))):
            if index % shares != share or _claimed(line) in _KNOWN:
                continue
            try:
                digest = chain_fields(line)[0]
                out.append((digest, check_line(line)))
            except (LineError, ValueError, TypeError, OverflowError, RecursionError):
                continue
    return out


_KNOWN: dict[str, Checked] = {}
"""The lines checked before, as the forked workers inherit them."""


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


def precheck(path: Path, read: Callable[[], Iterator[bytes]], known: dict[str, Checked]) -> dict[str, Checked]:
    """Check in parallel the lines of the ledger at ``path`` not in ``known``, when there are many.

    ``read`` gives the file's blocks anew on each call (under the ledger's shared lock).

    Signature checks dominate the first read of a large signed ledger; each core takes every
    n-th line, reading the file itself (nothing is copied to it). What comes back is keyed by
    each line's real hash, recomputed in the worker, so a line that claims another's hash gains
    nothing. Workers are forked, so only from a process with no other thread (the TUI reads
    beside its threads, and checks the lines itself). Returns nothing when it is not worth it
    or the workers cannot start: the scan then checks every line itself.
    """
    import threading

    workers = _workers()
    if workers < 2 or threading.active_count() > 1 or not hasattr(os, "fork"):
        return {}
    # A count of lines first (at C speed): with most of them in the cache, as on every read but the
    # first, that is all this costs.
    if known and sum(block.count(b"\n") for block in read()) - len(known) < PARALLEL_FROM:
        return {}
    fresh = sum(1 for line in _lines(read()) if _claimed(line) not in known)
    if fresh < PARALLEL_FROM:
        return {}
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    global _KNOWN
    _KNOWN = known
    found: dict[str, Checked] = {}
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
            for part in pool.map(_check_share, [str(path)] * workers, range(workers), [workers] * workers):
                found.update(part)
    except (OSError, BrokenProcessPool):
        return {}
    except Exception:  # noqa: BLE001 - whatever went wrong in a worker, the scan checks every line itself
        return {}
    finally:
        _KNOWN = {}
    return found

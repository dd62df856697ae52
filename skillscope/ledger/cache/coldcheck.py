"""Checking many ledger lines at once, in forked worker processes, while the scan reads on (a cold cache)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from skillscope.ledger.cache.checked import Checked, CheckedCache
from skillscope.ledger.core.linecheck import check_parsed
from skillscope.ledger.cache.plainline import plain_signed
from skillscope.ledger.core.record import LineError, chain_fields

__all__ = ["PARALLEL_FROM", "Fresh", "precheck"]

PARALLEL_FROM = 4000
"""Lines never checked before from which worker processes pay for their start."""


Row = tuple[str, str, str, str, str, bytes]
"""A checked line as the cache keeps it: (hash, review id, reviewer, key, what, seal)."""

SEGMENT_LINES = 1500
"""About how many lines a worker checks in one go: small enough that the scan starts early and
both cores stay busy to the end, large enough that handing one over costs little."""


def _check_segment(path: str, start: int, end: int) -> list[Row]:
    """The cache rows of the lines not checked before in bytes ``start:end`` of the file (in a worker), sealed.

    A line that fails is left out: the scan checks it again itself and names what is wrong.
    Rows go back as plain tuples whose reviewer and key strings are shared (a ledger has few of
    each), which is what makes them cheap to send back.
    """
    out: list[Row] = []
    same: dict[str, str] = {}
    intern, seal, known = same.setdefault, _SEAL, _KNOWN
    with open(path, "rb") as handle:
        handle.seek(start)
        data = handle.read(end - start)
    lines = data.split(b"\n")
    del lines[-1]  # what follows the last newline (nothing, or a line cut at ``end``)
    for line in lines:
        if known and _claimed(line) in known:  # none on a first read: each line's claim is not cut out
            continue
        try:
            plain = plain_signed(line)
            if plain is None:
                digest, c = chain_fields(line)[0], check_parsed(line, hashed=True)
            else:
                digest, c = plain
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


COUNT_BLOCK = 1 << 22
"""How much of the file a count of its lines reads at a time."""


def _count_lines(path: Path, enough: int | None = None) -> tuple[int, int]:
    """(lines, bytes) of the file, counted through one reused buffer (this runs on every read of the ledger).

    With ``enough``, the count stops after the block that brings it to that many lines: (lines, bytes) of
    the start of the file counted.
    """
    buffer = bytearray(COUNT_BLOCK)
    count = size = 0
    try:
        with open(path, "rb", buffering=0) as handle:
            while got := handle.readinto(buffer):
                count += buffer.count(b"\n", 0, got)
                size += got
                if enough is not None and count >= enough:
                    break
    except OSError:
        return 0, 0
    return count, size


def _segments(path: Path, size: int, count: int) -> list[tuple[int, int]]:
    """The file cut into byte ranges of about ``SEGMENT_LINES`` lines, each starting where a line does."""
    wanted = max(1, count // SEGMENT_LINES)
    cuts = [0]
    with open(path, "rb") as handle:
        for n in range(1, wanted):
            handle.seek(size * n // wanted)
            probe = handle.read(1 << 16)  # a line's end is near, and none the writer writes is longer than 1 MiB
            newline = probe.find(b"\n")
            if newline < 0:
                probe += handle.read((1 << 20) - len(probe))
                newline = probe.find(b"\n")
            at = size * n // wanted + newline + 1
            if newline >= 0 and cuts[-1] < at < size:
                cuts.append(at)
    cuts.append(size)
    return list(zip(cuts, cuts[1:], strict=False))


class Fresh:
    """The lines worker processes check, handed to the scan segment by segment as it reaches them.

    The workers take the segments in file order while the scan reads on behind them, so the scan's
    own work overlaps theirs. What comes back is keyed by each line's real hash, recomputed in
    the worker, so a line that claims another's hash gains nothing. A worker that fails leaves
    its lines to the scan, which then checks them itself.
    """

    def __init__(self, pool: Any = None, pending: list[tuple[int, Any]] | None = None) -> None:
        self._pool = pool
        self._pending = pending or []
        self._next = 0
        self._end = -1
        self._rows: dict[str, Checked] = {}
        self.rows: list[Row] = []
        """Every row the workers sent, for the cache."""

    @property
    def started(self) -> bool:
        """True when worker processes were started."""
        return bool(self._pending)

    def get(self, digest: str, offset: int) -> Checked | None:
        """The check of the line with ``digest`` at byte ``offset``, once its segment is done (None if none)."""
        while offset >= self._end and self._next < len(self._pending):
            end, future = self._pending[self._next]
            self._next += 1
            try:
                rows: list[Row] = future.result()
            except Exception:  # whatever went wrong in a worker, the scan checks those lines itself
                rows = []
            self._end = end
            self.rows.extend(rows)
            self._rows = {row[0]: Checked(row[1], row[2], row[3], row[4]) for row in rows}
        return self._rows.get(digest) if offset < self._end else None

    def close(self, cache: CheckedCache | None, *, apart: bool = False) -> None:
        """Stop the workers (what they have not started is dropped) and keep what they found in ``cache``
        (``apart``: written by another process while this one goes on, see ``CheckedCache.add_sealed_apart``)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        for _end, future in self._pending[self._next :]:
            if future.done() and not future.cancelled() and future.exception() is None:
                self.rows.extend(future.result())
        self._pending, self._rows = [], {}
        if cache is not None and self.rows:
            # One writer, one transaction (sealed in the workers).
            (cache.add_sealed_apart if apart else cache.add_sealed)(self.rows)
        self.rows = []


def precheck(path: Path, read: Callable[[], Iterator[bytes]], cache: CheckedCache | None) -> Fresh:
    """Start checking in worker processes the lines of the ledger at ``path`` not in ``cache``, when there are many.

    ``read`` gives the file's blocks anew on each call (under the ledger's shared lock).

    Signature checks dominate the first read of a large signed ledger; each core takes a
    segment of the file after another, reading the file itself (nothing is copied to it). The scan
    writes what they found to the cache when it is done (one writer: workers writing at once
    would wait on each other's lock). Workers are forked, so only from a process with no other
    thread (the TUI reads beside its threads, and checks the lines itself). Starts nothing when it
    is not worth it or the workers cannot start: the scan then checks every line itself.
    """
    import threading

    workers = _workers()
    if workers < 2 or threading.active_count() > 1 or not hasattr(os, "fork"):
        return Fresh()
    # A count of lines first (at C speed): with most of them in the cache, as on every read but the
    # first, that is all this costs.
    known = cache.load() if cache is not None else {}
    if known:
        count, size = _count_lines(path)
    else:
        # Nothing checked before (a first read): enough lines to pay for the workers is all that needs
        # counting, on one core before they start; the rest is estimated from the bytes (it only sets
        # how many segments the file is cut into, and the cuts still fall where lines start).
        count, counted = _count_lines(path, PARALLEL_FROM)
        try:
            size = os.stat(path).st_size
        except OSError:
            return Fresh()
        if count >= PARALLEL_FROM and 0 < counted < size:
            count = count * size // counted
    if count - len(known) < PARALLEL_FROM:
        return Fresh()
    if known and sum(1 for line in _lines(read()) if _claimed(line) not in known) < PARALLEL_FROM:
        return Fresh()
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    global _KNOWN, _SEAL
    sealer = cache.sealer() if cache is not None else None
    _KNOWN, _SEAL = known, sealer or _SEAL
    pool = None
    try:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"))
        # Submitting forks every worker at once (before the pool starts its own thread): they inherit
        # what is set above, which is then reset.
        pending = [
            (end, pool.submit(_check_segment, str(path), start, end)) for start, end in _segments(path, size, count)
        ]
    except Exception:  # the workers could not start: the scan checks every line itself
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        return Fresh()
    finally:
        _KNOWN, _SEAL = {}, _no_seal
    return Fresh(pool, pending)

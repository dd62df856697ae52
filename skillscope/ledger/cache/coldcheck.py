"""Checking many ledger lines at once, in worker processes, while the scan reads on (a cold cache)."""

from __future__ import annotations

import bisect
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillscope.ledger.cache.checked import CheckedCache, sealer_for
from skillscope.ledger.cache.fastcheck import check_parsed
from skillscope.ledger.cache.plainline import plain_signed
from skillscope.ledger.core.linecheck import Checked
from skillscope.ledger.core.record import LineError, chain_fields

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

__all__ = ["PARALLEL_FROM", "Fresh", "Segment", "check_segment", "precheck"]

PARALLEL_FROM = 4000
"""Lines never checked before from which worker processes pay for their start."""


Row = tuple[str, str, str, str, str, bytes]
"""A checked line as the cache keeps it: (hash, review id, reviewer, key, what, seal)."""

SEGMENT_LINES = 1500
"""About how many lines a worker checks in one go: small enough that the scan starts early and
both cores stay busy to the end, large enough that handing one over costs little."""


@dataclass(frozen=True, slots=True)
class Segment:
    """One worker's job: a byte range of the ledger file, what of it is known, and how to seal the rows.

    Everything a worker needs travels in this object (pickled to it), so a worker started by any
    method (spawn, forkserver) has it, and nothing is left behind in module state.
    """

    path: str
    start: int
    end: int
    known: frozenset[str] = frozenset()
    """The claimed hashes of this range's lines that the cache holds already (skipped)."""
    key: bytes | None = None
    """This user's cache key, to seal each row; None leaves rows unsealed (they are then not kept)."""


def check_segment(job: Segment) -> list[Row]:
    """The cache rows of the lines not checked before in the job's bytes of the file (in a worker), sealed.

    A line that fails is left out: the scan checks it again itself and names what is wrong.
    Rows go back as plain tuples whose reviewer and key strings are shared (a ledger has few of
    each), which is what makes them cheap to send back.
    """
    out: list[Row] = []
    same: dict[str, str] = {}
    intern, known = same.setdefault, job.known
    seal = sealer_for(job.key) if job.key is not None else _no_seal
    with open(job.path, "rb") as handle:
        handle.seek(job.start)
        data = handle.read(job.end - job.start)
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


def _no_seal(*_fields: str) -> bytes:
    return b""


def _claimed(line: bytes) -> str:
    return "sha256:" + line[16:80].decode("ascii", "replace")


def _workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _lines(chunks: Iterator[bytes]) -> Iterator[tuple[int, bytes]]:
    """(offset, line) of every whole line in the file's blocks."""
    carry, base = b"", 0
    for chunk in chunks:
        data = carry + chunk if carry else chunk
        start = 0
        while (end := data.find(b"\n", start)) >= 0:
            yield base + start, data[start:end]
            start = end + 1
        carry = data[start:]
        base += start


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

    def __init__(
        self, pool: Any = None, pending: list[tuple[int, Any]] | None = None, cache: CheckedCache | None = None
    ) -> None:
        self._pool = pool
        self._pending = pending or []
        self._cache = cache
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

    def close(self) -> None:
        """Stop the workers (what they have not started is dropped) and keep what they found in the cache.

        Written here, before the checkpoint is encoded: written beside it (in a thread), the rows and
        the checkpoint's parts were in memory at once, which took a cold read past its peak's target.
        """
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        for _end, future in self._pending[self._next :]:
            if future.done() and not future.cancelled() and future.exception() is None:
                self.rows.extend(future.result())
        self._pending, self._rows = [], {}
        cache = self._cache
        if cache is not None and self.rows:
            # One writer, one transaction (sealed in the workers).
            cache.add_sealed(self.rows)
        self.rows = []


def _context() -> BaseContext:
    """How workers start: from a fork server where there is one (started once per process, with this
    module loaded, so each worker starts at once), else spawned. Never a fork of the reader itself,
    which may hold threads and locks.

    As with any pool started so, each worker imports the main module again: a script that reads a
    large ledger through this library keeps its work under ``if __name__ == "__main__":`` (the
    ``skillscope`` command does), or turns the workers off with ``SKILLSCOPE_LEDGER_CACHE=off``."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        multiprocessing.set_forkserver_preload([__name__])
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


def precheck(path: Path, read: Callable[[], Iterator[bytes]], cache: CheckedCache | None) -> Fresh:
    """Start checking in worker processes the lines of the ledger at ``path`` not in ``cache``, when there are many.

    ``read`` gives the file's blocks anew on each call (under the ledger's shared lock).

    Signature checks dominate the first read of a large signed ledger; each core takes a
    segment of the file after another, reading the file itself (nothing is copied to it). The scan
    writes what they found to the cache when it is done (one writer: workers writing at once
    would wait on each other's lock). Starts nothing when it is not worth it or the workers cannot
    start: the scan then checks every line itself.
    """
    workers = _workers()
    if workers < 2:
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
    segments = _segments(path, size, count)
    skips: list[set[str]] = [set() for _ in segments]
    if known:
        # Each segment is told which of its lines the cache holds, so its worker skips them.
        starts, unknown = [start for start, _end in segments], 0
        for offset, line in _lines(read()):
            claim = _claimed(line)
            if claim in known:
                skips[bisect.bisect_right(starts, offset) - 1].add(claim)
            else:
                unknown += 1
        if unknown < PARALLEL_FROM:
            return Fresh()
    from concurrent.futures import ProcessPoolExecutor

    key = cache.key(create=True) if cache is not None else None
    pool = None
    try:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=_context())
        pending = [
            (end, pool.submit(check_segment, Segment(str(path), start, end, frozenset(skip), key)))
            for (start, end), skip in zip(segments, skips, strict=True)
        ]
    except Exception:  # the workers could not start: the scan checks every line itself
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        return Fresh()
    return Fresh(pool, pending, cache)

"""The accelerators as the reader's seam asks for them (``skillscope.ledger.core.seam``)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

from skillscope.core.errors import LedgerError
from skillscope.ledger.cache import coldcheck, fastcheck
from skillscope.ledger.cache.checked import CheckedCache
from skillscope.ledger.cache.checkpoint import SAVE_AFTER, Checkpoints, Prefix, decode_state
from skillscope.ledger.core.chain import VerifyResult, signing_order
from skillscope.ledger.core.linecheck import Checked
from skillscope.ledger.core.seam import Workers
from skillscope.ledger.core.signers import TrustRule, distrust_of
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.core.summary import LineSummary
from skillscope.ledger.core.verdicts import Verdicts, replay

__all__ = ["CacheAccelerator", "CachedLines"]


class CachedLines:
    """The line cache: lines checked before (sealed, by hash), the fast check, and workers for a first read."""

    def __init__(self, cache: CheckedCache) -> None:
        self.cache = cache

    def lookup(self, *, whole: bool) -> Callable[[str], Checked | None]:
        # All rows at once for a whole file; one at a time after a checkpoint, when few lines are read.
        return self.cache.load().get if whole else self.cache.get

    def check(self, line: bytes) -> Checked:
        return fastcheck.check_line(line)

    def remember(self, found: dict[str, Checked]) -> bool:
        return self.cache.add(found)

    def precheck(self, path: Path, read: Callable[[], Iterator[bytes]]) -> Workers | None:
        fresh = coldcheck.precheck(path, read, self.cache)
        return fresh if fresh.started else None


class CacheAccelerator:
    """One user's accelerators, kept in one SQLite file: checked lines and checkpoints."""

    def __init__(self, path: Path) -> None:
        self.cache = CheckedCache(path)
        self._lines = CachedLines(self.cache)

    @property
    def lines(self) -> CachedLines:
        return self._lines

    def read(
        self, ledger: Ledger, rule: TrustRule, *, summary: bool
    ) -> tuple[VerifyResult, Verdicts, LineSummary | None]:
        """The ledger read from its checkpoint under ``rule`` when the file still starts with its bytes.

        The records of that start are not read again: the verdicts replayed from them are, sealed
        in the checkpoint, and the read goes on from the chain's state there, every later line
        checked as always. A passing read that went well past it (or had none) leaves a new one.
        """
        return self._read_on(ledger, rule, Checkpoints(self.cache, ledger.path, rule), resume=True, summary=summary)

    def _read_on(
        self, ledger: Ledger, rule: TrustRule, checkpoints: Checkpoints, *, resume: bool, summary: bool
    ) -> tuple[VerifyResult, Verdicts, LineSummary | None]:
        found = checkpoints.find() if resume else None
        prefix, state = found if found is not None else (Prefix(), None)
        del found
        result = VerifyResult()
        # The replay needs each line's check only as it goes.
        records = ledger.stream(result, reviews=False, prefix=prefix)
        first = next(records, None)  # the file's start is compared with the checkpoint's before any record
        start = None
        if prefix.matched and state is not None and prefix.file is not None:
            try:
                start = decode_state(state, prefix.file)
            except (ValueError, LedgerError):
                del records
                # An unreadable checkpoint: every line is read.
                return self._read_on(ledger, rule, checkpoints, resume=False, summary=summary)
        state = None  # decoded: its bytes are not held through the rest of the read
        verdicts = replay(itertools.chain(() if first is None else (first,), records), distrust_of(rule, result), start)
        signing_order(result)
        end, lines = prefix.end, None
        if result.ok and end is not None:
            saving = not prefix.matched or end.lines - prefix.lines >= SAVE_AFTER
            if saving or summary:
                lines = prefix.summary(checkpoints.summary)
            if saving and lines is not None:
                checkpoints.save(end, verdicts, lines)
        return result, verdicts, lines

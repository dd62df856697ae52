"""The one seam between the plain ledger reader and its accelerators, with the switch that turns them off.

The reader in this package checks every line itself, one after another, and replays the ledger
from its first record. ``skillscope.ledger.cache`` makes that faster without changing an answer:
a sealed cache of lines checked before, checkpoints that let a read skip a start of the file it
has checked, and worker processes for a first read of a large ledger. It is reached only here,
by name, so the reader works the same when it is switched off (``SKILLSCOPE_LEDGER_CACHE=off``)
or absent; ``tests/ledger/test_cache_seam.py`` holds the two readers to the same verdicts.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from skillscope.ledger.core.linecheck import Checked

if TYPE_CHECKING:
    from skillscope.ledger.core.chain import VerifyResult
    from skillscope.ledger.core.signers import TrustRule
    from skillscope.ledger.core.store import Ledger
    from skillscope.ledger.core.stored import OpenLedger
    from skillscope.ledger.core.summary import LineSummary
    from skillscope.ledger.core.verdicts import Verdicts

__all__ = ["ENV", "Accelerator", "Hasher", "LineCache", "Resume", "Workers", "accelerator", "enabled"]

ENV = "SKILLSCOPE_LEDGER_CACHE"
"""``off`` (or ``0``, ``no``, ``false``) reads every ledger with the plain reader alone."""

_OFF = {"off", "0", "no", "false"}
_PACKAGE = "skillscope.ledger.cache"


class Hasher(Protocol):
    """What hashes the bytes a read goes through (``hashlib.sha256()``)."""

    def update(self, data: bytes, /) -> None: ...
    def digest(self) -> bytes: ...


class Workers(Protocol):
    """Lines being checked elsewhere while the reader reads on."""

    def get(self, digest: str, offset: int) -> Checked | None:
        """The check of the line with ``digest`` at byte ``offset`` of the file, if it was made there."""
        ...

    def close(self) -> None:
        """Stop, and keep what was found."""
        ...


class LineCache(Protocol):
    """What the reader asks about single lines: checked before, checked faster, or checked elsewhere."""

    def lookup(self, *, whole: bool) -> Callable[[str], Checked | None]:
        """How to find the earlier check of a line by its hash (``whole``: the whole file will be read)."""
        ...

    def check(self, line: bytes) -> Checked:
        """``linecheck.check_line``, with the same answers and errors."""
        ...

    def remember(self, found: dict[str, Checked]) -> bool:
        """Keep lines checked now; False when they could not be kept (that only costs time later)."""
        ...

    def precheck(self, path: Path, read: Callable[[], Iterator[bytes]]) -> Workers | None:
        """Start checking the file's unchecked lines elsewhere, when there are enough to be worth it."""
        ...


class Resume(Protocol):
    """A start of the file checked before, and the chain's state at its end: what a read may skip.

    The read hashes the file's first ``size`` bytes through ``skip`` and takes the state below only
    when they are the bytes checked (``matched``); it then reads on from there.
    """

    size: int
    lines: int
    last_hash: str
    last_seq: int
    first_hash: str | None
    first_signed: int | None
    matched: bool
    hasher: Hasher | None
    file: OpenLedger | None

    def skip(self, fd: int, held: bool) -> Hasher: ...
    def note(self, line: int, checked: Checked) -> None: ...
    def small_rest(self, path: Path) -> bool: ...
    def signed_reviews(self) -> dict[str, int]: ...
    def finish(
        self, size: int, lines: int, result: VerifyResult, last_seq: int, reviews: dict[str, int] | None
    ) -> None: ...


class Accelerator(Protocol):
    """The accelerators of one user: the line cache, and reads that start from a checkpoint."""

    @property
    def lines(self) -> LineCache: ...

    def read(
        self, ledger: Ledger, rule: TrustRule, *, summary: bool
    ) -> tuple[VerifyResult, Verdicts, LineSummary | None]:
        """The ledger checked and replayed under ``rule``, as the plain reader would find it; with ``summary``,
        what every line established when the read passed (None when it cannot be had)."""
        ...


def enabled() -> bool:
    """False when ``SKILLSCOPE_LEDGER_CACHE`` switches the accelerators off."""
    return os.environ.get(ENV, "").strip().lower() not in _OFF


def accelerator() -> Accelerator | None:
    """This user's accelerators; None when they are switched off or not installed (the plain reader then reads)."""
    if not enabled():
        return None
    try:
        package = importlib.import_module(_PACKAGE)
    except ImportError:
        return None
    made: Accelerator = package.accelerator()
    return made

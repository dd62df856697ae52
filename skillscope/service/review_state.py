"""Review state for any front end: the ledger read once, and what it says of each entry as served now."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from skillscope.catalog.entry import CatalogEntry
from skillscope.errors import LedgerDamaged, LedgerError
from skillscope.ledger import (
    ObjectStore,
    Record,
    ReviewBook,
    ReviewState,
    Verdicts,
    VerifyResult,
    read_verdicts,
    replay,
    review_state,
    store_dir,
)

__all__ = ["LedgerSnapshot", "entry_review", "load_verdicts", "read_ledger", "review_states"]


def entry_review(verdicts: Verdicts | None, entry: CatalogEntry) -> ReviewState | None:
    """The review state of ``entry`` as served now; None for a malformed entry or an unknown ledger.

    This is the one place an entry meets the ledger: its name, fingerprint and listed files.
    """
    if verdicts is None or entry.status == "malformed":
        return None
    files = [(f.uri, f.digest, f.size) for f in entry.files or ()]
    return review_state(verdicts, entry.name, entry.fingerprint, files)


def review_states(verdicts: Verdicts | None, entries: Iterable[CatalogEntry]) -> dict[str, ReviewState]:
    """The review state of each entry that is not malformed, keyed by name (empty when the ledger is unknown)."""
    out: dict[str, ReviewState] = {}
    for entry in entries:
        state = entry_review(verdicts, entry)
        if state is not None:
            out[entry.name] = state
    return out


def load_verdicts(path: str | Path) -> tuple[Verdicts | None, str | None]:
    """Replay the ledger at ``path``; a damaged ledger gives (None, why) instead of failing the command."""
    try:
        return read_verdicts(path), None
    except LedgerError as exc:
        return None, f"review states unknown: {exc.message}"


@dataclass
class LedgerSnapshot:
    """One reading of the ledger file, with each skill's history and the damage when there is any."""

    path: Path
    verdicts: Verdicts | None = None
    """None when the ledger could not be read (see ``damage`` and ``error``)."""
    history: dict[str, list[Record]] = field(default_factory=dict)
    damage: VerifyResult | None = None
    """The chain check, when the ledger is damaged."""
    error: str | None = None
    objects: ObjectStore | None = None
    """The approved bytes kept beside the ledger (for diffs)."""

    @property
    def ok(self) -> bool:
        """True when the verdicts are known."""
        return self.verdicts is not None

    def review(self, entry: CatalogEntry) -> ReviewState | None:
        """The ``ReviewState`` of an entry as served now; None for malformed entries or an unreadable ledger."""
        return entry_review(self.verdicts, entry)


def read_ledger(path: str | Path) -> LedgerSnapshot:
    """Check and replay the ledger at ``path`` (a missing file is an empty ledger); never raises."""
    ledger = ReviewBook(Path(path)).ledger
    snapshot = LedgerSnapshot(Path(path), objects=ObjectStore(store_dir(Path(path))))
    try:
        records = ledger.records(replay_only=True)
    except LedgerDamaged as exc:
        snapshot.error = exc.message
        try:
            snapshot.damage = ledger.verify()
        except LedgerError:
            pass
        return snapshot
    except LedgerError as exc:
        snapshot.error = exc.message
        return snapshot
    snapshot.verdicts = replay(records)
    for record in records:
        if record.name and record.action != "repair":
            snapshot.history.setdefault(record.name, []).append(record)
    return snapshot

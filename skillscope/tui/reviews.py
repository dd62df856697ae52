"""The ledger as the TUI reads it: verdicts, each skill's history, and damage when there is any."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillscope.errors import LedgerDamaged, LedgerError
from skillscope.ledger import ObjectStore, Record, ReviewBook, Verdicts, VerifyResult, replay, review_state, store_dir

__all__ = ["LedgerSnapshot", "read_ledger"]


@dataclass
class LedgerSnapshot:
    """One reading of the ledger file."""

    path: Path
    verdicts: Verdicts | None = None
    """None when the ledger could not be read (see ``damage`` and ``error``)."""
    history: dict[str, list[Record]] = field(default_factory=dict)
    damage: VerifyResult | None = None
    """The chain check, when the ledger is damaged."""
    error: str | None = None
    objects: ObjectStore | None = None
    """The approved bytes kept beside the ledger (for the Changes tab's diffs)."""

    @property
    def ok(self) -> bool:
        """True when the verdicts are known."""
        return self.verdicts is not None

    def review(self, entry: Any) -> Any:
        """The ``ReviewState`` of an entry as served now; None for malformed entries or an unreadable ledger."""
        if self.verdicts is None or entry.status == "malformed":
            return None
        files = [(f.uri, f.digest, f.size) for f in entry.files or ()]
        return review_state(self.verdicts, entry.name, entry.fingerprint, files)


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


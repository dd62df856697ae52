"""A per-user cache of ledger lines already parsed strictly and whose signature verified, by line hash."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Checked", "CheckedCache"]


@dataclass(frozen=True, slots=True)
class Checked:
    """What checking one line established: its review's id, the reviewer, and the key that signed it."""

    review_id: str
    reviewer: str
    key: str
    """The signer's public key line; empty for an unsigned (legacy) record."""
    what: str = ""
    """The review in one line (action, name, fingerprint, time), to name it when it goes missing."""


class CheckedCache:
    """Line hash -> ``Checked``, in SQLite in the user data dir.

    A line's hash covers every byte of it, so a hit proves the line is the one checked
    before. Whoever can write this file can make a forged line pass as checked; it
    lives beside the signing key, which that person could use anyway.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._rows: dict[str, Checked] | None = None

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=30)
        db.execute("CREATE TABLE IF NOT EXISTS checked (hash TEXT PRIMARY KEY, review TEXT, reviewer TEXT, key TEXT, what TEXT)")
        return db

    def load(self) -> dict[str, Checked]:
        """Every cached line (an unreadable cache is an empty one: lines are then checked again)."""
        if self._rows is None:
            if not self.path.exists():  # reading never creates the cache (a read-only command leaves no trace)
                self._rows = {}
                return self._rows
            try:
                db = self._connect()
                try:
                    # A ledger holds many reviews by few reviewers and keys: each of those strings is kept once.
                    same: dict[str, str] = {}
                    once = same.setdefault
                    self._rows = {h: Checked(r, once(who, who), once(k, k), w)
                                  for h, r, who, k, w in db.execute("SELECT hash, review, reviewer, key, what FROM checked")}
                finally:
                    db.close()
            except (sqlite3.Error, OSError):
                self._rows = {}
        return self._rows

    def add(self, found: dict[str, Checked]) -> None:
        """Remember newly checked lines (failure to write only costs time later)."""
        if not found:
            return
        try:
            db = self._connect()
            try:
                with db:
                    db.executemany("INSERT OR REPLACE INTO checked VALUES (?, ?, ?, ?, ?)",
                                   ((h, c.review_id, c.reviewer, c.key, c.what) for h, c in found.items()))
            finally:
                db.close()
        except (sqlite3.Error, OSError):
            return
        if self._rows is not None:
            self._rows.update(found)

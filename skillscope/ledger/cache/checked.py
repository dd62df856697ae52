"""A per-user cache of ledger lines already parsed strictly and whose signature verified, by line hash."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from skillscope.ledger.core.linecheck import Checked

__all__ = ["CheckedCache", "sealer_for"]


class CheckedCache:
    """Line hash -> ``Checked``, in SQLite in the user data dir, each row sealed with this user's key.

    A line's hash covers every byte of it, so a row is only ever used for the very line that was
    checked. And each row carries a MAC under a random key kept (0600) beside the cache, made by
    the first write: a row someone else wrote (a cache copied from another machine or account,
    or a row added by anything that cannot read that key) is ignored and its line checked again.
    The key lives beside the signing key: whoever can read it could sign reviews anyway.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.key_path = path.with_name(path.name + ".key")
        self._key: bytes | None = None
        self._rows: dict[str, Checked] | None = None
        self._db: sqlite3.Connection | None = None

    # -- reading -------------------------------------------------------------------------------

    def load(self) -> dict[str, Checked]:
        """Every cached line whose seal holds (an unreadable cache, or one without this user's key, is an
        empty one: lines are then checked again). Read once per cache object, in one query."""
        if self._rows is not None:
            return self._rows
        self._rows = {}
        if not self.path.exists():  # reading never creates the cache (a read-only command leaves no trace)
            return self._rows
        key = self._key = self._load_key(create=False)
        if key is None:
            return self._rows  # without this user's key no row can be trusted
        try:
            db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30)
            try:
                # A ledger holds many reviews by few reviewers and keys: each of those strings is kept once.
                same: dict[str, str] = {}
                rows, intern, sealed = self._rows, same.setdefault, sealer_for(key)
                for digest, review, reviewer, signer, what, seal in db.execute(
                    "SELECT hash, review, reviewer, key, what, seal FROM sealed"
                ):
                    if seal == sealed(digest, review, reviewer, signer, what):
                        rows[digest] = Checked(review, intern(reviewer, reviewer), intern(signer, signer), what)
            finally:
                db.close()
        except (sqlite3.Error, TypeError):
            self._rows = {}
        return self._rows

    def get(self, digest: str) -> Checked | None:
        """The cached check of one line whose seal holds (after a checkpoint, few lines are looked up)."""
        if self._rows is not None:
            return self._rows.get(digest)
        if self._key is None:
            if not self.path.exists():
                return None
            self._key = self._load_key(create=False)
            if self._key is None:
                return None
        try:
            if self._db is None:
                # Read-only, so a book read from a worker thread (the TUI) may look lines up too.
                self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30, check_same_thread=False)
            row = self._db.execute(
                "SELECT hash, review, reviewer, key, what, seal FROM sealed WHERE hash = ?", (digest,)
            ).fetchone()
        except sqlite3.Error:
            return None
        try:
            if row is None or row[5] != sealer_for(self._key)(*row[:5]):
                return None
        except (TypeError, AttributeError):  # a field of another type than this user writes
            return None
        return Checked(row[1], row[2], row[3], row[4])

    def key(self, *, create: bool) -> bytes | None:
        """This user's cache key (made now with ``create``); None when there is none or it cannot be read."""
        key = self._key or self._load_key(create=create)
        if key is not None:
            self._key = key
        return key

    # -- writing -------------------------------------------------------------------------------

    def add(self, found: dict[str, Checked]) -> bool:
        """Remember newly checked lines; False when they could not be written (that only costs time later)."""
        if not found:
            return True
        sealed = self.sealer()
        if sealed is None:
            return False
        rows = [
            (h, c.review_id, c.reviewer, c.key, c.what, sealed(h, c.review_id, c.reviewer, c.key, c.what))
            for h, c in found.items()
        ]
        if not self.add_sealed(rows):
            return False
        if self._rows is not None:
            self._rows.update(found)
        return True

    def sealer(self) -> Callable[[str, str, str, str, str], bytes] | None:
        """The sealing function under this user's cache key (made now if there is none); None when it cannot be had.

        Worker processes seal the rows of the lines they check with it, so the one writer only inserts them.
        """
        key = self._key or self._load_key(create=True)
        if key is None:
            return None
        self._key = key
        return sealer_for(key)

    def add_sealed(self, rows: list[tuple[str, str, str, str, str, bytes]]) -> bool:
        """Write rows sealed by ``sealer()`` (hash, review, reviewer, key, what, seal), in one transaction."""
        return self._write(rows)

    def _write(self, rows: list[tuple[str, str, str, str, str, bytes]]) -> bool:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=30)
            try:
                # A cache: a crash loses at most what was being written, which is then checked again.
                db.execute("PRAGMA synchronous=OFF")
                db.execute(
                    "CREATE TABLE IF NOT EXISTS sealed (hash TEXT PRIMARY KEY, review TEXT, reviewer TEXT, "
                    "key TEXT, what TEXT, seal BLOB) WITHOUT ROWID"
                )
                db.execute("DROP TABLE IF EXISTS checked")  # the unsealed rows of earlier versions
                with db:
                    db.executemany(
                        "INSERT OR REPLACE INTO sealed VALUES (?, ?, ?, ?, ?, ?)",
                        # In key order: B-tree appends, not inserts all over the table (half the time).
                        sorted(row for row in rows if "\0" not in row[2] + row[3] + row[4]),
                    )
            finally:
                db.close()
        except (sqlite3.Error, OSError, ValueError):
            return False
        return True

    def _load_key(self, *, create: bool) -> bytes | None:
        """This user's cache key: read, or made once (``create``). Two first writes at once may each make
        one; the key read back after writing is the one kept, and rows sealed under the other are only
        checked again."""
        from skillscope.core.errors import LocalFileError
        from skillscope.core.files import write_file

        for _ in range(2):
            try:
                with open(self.key_path, "rb") as handle:
                    key = handle.read(64)
                return key if len(key) == 32 else None
            except FileNotFoundError:
                if not create:
                    return None
            except OSError:
                return None
            try:
                write_file(self.key_path, os.urandom(32), private=True)
            except LocalFileError:
                return None
        return None


def sealer_for(key: bytes) -> Callable[[str, str, str, str, str], bytes]:
    """The MAC of one row under this user's cache key: its fields joined by NUL.

    ``add`` never writes a row with a NUL in a field, so the fields of every row this user sealed
    are recovered from the joined text alone: no other split of it can carry the same seal.
    """
    keyed = hashlib.blake2b(key=key, digest_size=16)  # the key is absorbed once; each row hashes a copy

    def seal(digest: str, review: str, reviewer: str, signer: str, what: str) -> bytes:
        mac = keyed.copy()
        mac.update("\0".join((digest, review, reviewer, signer, what)).encode("utf-8", "surrogatepass"))
        return mac.digest()

    return seal

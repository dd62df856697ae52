"""A line of the ledger file as a place in it: what a replayed record keeps instead of a copy of its line."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from skillscope.core.errors import LedgerError

__all__ = ["OpenLedger", "StoredLine"]

_BODY_START = len('{"hash":"sha256:') + 64 + 2


class OpenLedger:
    """The ledger file a stream read, held open while any record read from it lives.

    Held open, not opened again by name: a ledger replaced by a checkout or a merge (a new file)
    is still the file the records came from; only one rewritten in place differs, and that shows.
    """

    __slots__ = ("fd", "path")

    def __init__(self, fd: int, path: Path) -> None:
        self.fd = fd
        self.path = path

    @classmethod
    def again(cls, fd: int, path: Path) -> OpenLedger | None:
        """The file open on ``fd`` opened once more; None when ``path`` no longer leads to it.

        Not a ``dup``: that would share, and so keep, the reading lock taken on ``fd``.
        """
        try:
            again = os.open(path, os.O_RDONLY)
        except OSError:
            return None
        first, second = os.fstat(fd), os.fstat(again)
        if (first.st_dev, first.st_ino) != (second.st_dev, second.st_ino):
            os.close(again)
            return None
        return cls(again, path)

    def __del__(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass


class StoredLine:
    """Where one record's line is in an ``OpenLedger``, and the hash it had when it was read.

    A replay keeps a record for every fingerprint ever reviewed; holding each line would hold most
    of a large ledger. ``bytes()`` reads the line again and checks that its hash is still the one
    checked, so a record is only ever completed from the bytes that passed.
    """

    __slots__ = ("file", "offset", "length", "digest")

    def __init__(self, file: OpenLedger, offset: int, length: int, digest: str) -> None:
        self.file = file
        self.offset = offset
        self.length = length
        self.digest = digest

    def __bytes__(self) -> bytes:
        try:
            data = os.pread(self.file.fd, self.length, self.offset)
        except OSError as exc:
            raise LedgerError(f"Cannot read ledger {self.file.path} again: {exc.strerror}") from None
        hasher = hashlib.sha256(b"{")
        hasher.update(memoryview(data)[_BODY_START:])
        if len(data) != self.length or "sha256:" + hasher.hexdigest() != self.digest:
            raise LedgerError(
                f"Ledger {self.file.path} was rewritten while it was read (the record {self.digest} is no longer "
                "where it was); read it again"
            )
        return data

    def __len__(self) -> int:
        return self.length

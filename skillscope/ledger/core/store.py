"""The append-only ledger file: locked, fsynced appends, and reads checked line by line by chain.py."""

from __future__ import annotations

import errno
import fcntl
import os
import secrets
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from skillscope.core.errors import LedgerDamaged, LedgerError
from skillscope.ledger.core.chain import VerifyResult, walk
from skillscope.ledger.core.record import (
    GENESIS,
    LineError,
    Record,
    canonical_review,
    chain_fields,
    encode_line,
)
from skillscope.ledger.core.seam import LineCache, Resume, Workers
from skillscope.ledger.core.stored import OpenLedger

if TYPE_CHECKING:
    from skillscope.ledger.core.signing import Signer

__all__ = [
    "Ledger",
    "TAIL_READ",
    "MAX_RECORD_BYTES",
    "damage_message",
]

MAX_RECORD_BYTES = 1024 * 1024
"""The longest line the writer writes (1 MiB); a bigger record is refused before anything is written."""
TAIL_READ = 64 * 1024
"""How much of the file's end an append reads at a time to find the last record."""
READ_BLOCK = 4 * 1024 * 1024
"""How much of the file a scan reads at a time."""


class Ledger:
    """An append-only JSON Lines file of review records bound into a hash chain.

    Appends take an exclusive lock on the file, check that the last record is
    intact, write one line, flush and fsync; so concurrent processes never
    interleave, and a crash leaves at most a torn last line, which is reported
    and never silently dropped.
    """

    def __init__(self, path: str | Path, *, signer: Signer | None = None, cache: LineCache | None = None) -> None:
        self.path = Path(path)
        self.signer = signer
        """Signs each appended review; without one, records are written unsigned (the legacy format)."""
        self.cache = cache
        """The accelerators' line cache (see ``seam``); without one every line is checked here, in order."""

    # -- reading -------------------------------------------------------------------------------

    def _read(self) -> bytes:
        """The whole file, read under a shared lock so a concurrent append is never seen half-written."""
        return b"".join(self._chunks())

    def _chunks(self, opened: list[OpenLedger] | None = None, prefix: Resume | None = None) -> Iterator[bytes]:
        """The file a block at a time, all under one shared lock (a concurrent append is never seen half-written).

        ``opened``, when given, receives the file, held open for the records that keep a place in it.
        ``prefix``, when given, hashes every byte read; one checked before (``prefix.size``) is
        skipped when the file starts with exactly its bytes (``prefix.matched``), else all is read.
        """
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise LedgerError(f"Cannot read ledger {self.path}: {exc.strerror}") from None
        try:
            if opened is not None and (held := OpenLedger.again(fd, self.path)) is not None:
                opened.append(held)
            fcntl.flock(fd, fcntl.LOCK_SH)
            hasher = None
            if prefix is not None:
                # Hashed under the same lock and through the same descriptor as the rest is read.
                hasher = prefix.skip(fd, bool(opened))
            while True:
                try:
                    block = os.read(fd, READ_BLOCK)
                except OSError as exc:
                    raise LedgerError(f"Cannot read ledger {self.path}: {exc.strerror}") from None
                if not block:
                    return
                if hasher is not None:
                    hasher.update(block)
                yield block
        except OSError as exc:
            raise LedgerError(f"Cannot read ledger {self.path}: {exc.strerror}") from None
        finally:
            os.close(fd)

    def scan(self, *, decode: bool = False, replay_only: bool = True) -> tuple[VerifyResult, list[Record]]:
        """One pass over the file: check every hash and link, and optionally parse the records.

        Every line is parsed strictly and its signature checked once (then remembered in
        the cache, by line hash). Records are parsed for replay only (see ``Record.complete``).
        """
        result = VerifyResult()
        return result, list(
            walk(
                self.path,
                self.cache,
                self._chunks(),
                result,
                decode=decode,
                replay_only=replay_only,
                precheck=self._precheck,
            )
        )

    def stream(self, result: VerifyResult, *, reviews: bool = True, prefix: Resume | None = None) -> Iterator[Record]:
        """The records parsed for replay, one at a time as the file is read; ``result`` is complete once
        they are all consumed. A record not kept by the consumer is freed at once, and so, block by
        block, is the file (a replay of a large ledger never holds all of it). Without ``reviews``,
        ``result.reviews`` stays empty (a replay alone does not need what each line established).

        With ``prefix`` (a start of the file checked before, see ``seam.Resume``), the records of that
        start are not read again when the file still starts with exactly its bytes (``prefix.matched``
        once the first record is taken); and once all are read, ``prefix.end`` describes the file as read.
        """
        opened: list[OpenLedger] = []
        return walk(
            self.path,
            self.cache,
            self._chunks(opened, prefix),
            result,
            decode=True,
            replay_only=True,
            precheck=self._precheck,
            reviews=reviews,
            opened=opened,
            prefix=prefix,
        )

    def _precheck(self) -> Workers | None:
        """Lines never checked before, checked in parallel when there are many (an accelerator's)."""
        return None if self.cache is None else self.cache.precheck(self.path, self._chunks)

    def scan_bytes(
        self, data: bytes, *, decode: bool = False, replay_only: bool = True
    ) -> tuple[VerifyResult, list[Record]]:
        """``scan`` of ledger bytes read elsewhere (another revision of the file, one side of a merge)."""
        result = VerifyResult()
        return result, list(walk(self.path, self.cache, iter([data]), result, decode=decode, replay_only=replay_only))

    def verify(self) -> VerifyResult:
        """Check every line's hash and its link to the previous one."""
        return self.scan()[0]

    def records(self, *, replay_only: bool = False) -> list[Record]:
        """Every record, after checking the chain.

        Args:
            replay_only: parse only the fields replaying needs (much faster on a large
                ledger); ``Record.complete()`` parses the rest of one record later.

        Raises:
            LedgerDamaged: the chain is broken or the last line is torn.
        """
        result, records = self.scan(decode=True, replay_only=replay_only)
        if not result.ok:
            raise LedgerDamaged(damage_message(self.path, result), problems=result.problems)
        return records

    # -- writing -------------------------------------------------------------------------------

    def append(self, record: Record) -> Record:
        """Append one record under an exclusive lock; returns it with ``seq``, ``prev`` and ``hash``.

        Raises:
            LedgerDamaged: the file ends in a torn line or its last record is broken.
            LedgerError: the file cannot be written (the record was not recorded).
        """
        if self.signer is not None and not record.signed:
            record = self.sign(record)
        probe, _ = encode_line(replace(record, seq=10**12 - 1, prev=GENESIS))
        if len(probe.encode("utf-8")) > MAX_RECORD_BYTES:
            raise LedgerError(
                f"This record would be {len(probe.encode('utf-8')):,} bytes, over the ledger's limit of "
                f"{MAX_RECORD_BYTES:,} bytes per record; nothing was written (shorten the note, or review a smaller skill)"
            )
        created = not self.path.exists()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            raise LedgerError(f"Cannot open ledger {self.path}: {exc.strerror}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            prev, seq = self._tail(fd)
            stamped = replace(record, seq=seq + 1, prev=prev)
            line, digest = encode_line(stamped)
            data = line.encode("utf-8")
            try:
                written = os.write(fd, data)
                if written != len(data):
                    raise OSError(errno.EIO, f"short write ({written} of {len(data)} bytes)")
                os.fsync(fd)
            except OSError as exc:
                raise LedgerError(
                    f"Could not write to ledger {self.path}: {exc.strerror or exc}. The record was NOT saved; "
                    "`skillscope ledger verify` shows whether a partial line was left"
                ) from None
        finally:
            os.close(fd)
        if created:
            _fsync_dir(self.path.parent)
        return replace(stamped, hash=digest)

    def sign(self, record: Record) -> Record:
        """``record`` with a fresh nonce, signed by this ledger's signer."""
        assert self.signer is not None
        record = replace(record, nonce=record.nonce or secrets.token_hex(16), key=self.signer.public_key)
        return replace(record, sig=self.signer.sign(canonical_review(record)))

    def _tail(self, fd: int) -> tuple[str, int]:
        """The (hash, seq) of the last record, read from the end of the open file."""
        size = os.fstat(fd).st_size
        if size == 0:
            return GENESIS, 0
        last_byte = os.pread(fd, 1, size - 1)
        if last_byte != b"\n":
            raise LedgerDamaged(
                f"Ledger {self.path} ends in an unfinished line (a write was interrupted). Nothing was appended; "
                "run `skillscope ledger verify`, then `skillscope ledger repair` to cut the torn line"
            )
        # Read backwards a block at a time until the line before the last newline starts.
        end, chunk = size - 1, b""
        while True:
            start = max(0, end - len(chunk) - TAIL_READ)
            chunk = os.pread(fd, end - len(chunk) - start, start) + chunk
            cut = chunk.rfind(b"\n")
            if cut >= 0 or start == 0:
                break
            if len(chunk) > MAX_RECORD_BYTES:
                raise LedgerDamaged(
                    f"Ledger {self.path}: the last line is longer than {MAX_RECORD_BYTES:,} bytes, which no writer writes"
                )
        last = chunk[cut + 1 :].decode("utf-8", errors="replace")
        try:
            digest, _prev, seq = chain_fields(last)
        except LineError as exc:
            raise LedgerDamaged(
                f"Ledger {self.path}: the last record is damaged ({exc}); nothing was appended"
            ) from None
        return digest, seq

    def repair(self, *, reviewer: str, time: str, tool: str) -> tuple[int, Record]:
        """Cut a torn last line, and only that, then record that it was cut.

        Returns:
            The number of bytes removed and the repair record.

        Raises:
            LedgerDamaged: the ledger has damage other than a torn tail (never repaired).
        """
        try:
            fd = os.open(self.path, os.O_RDWR)
        except FileNotFoundError:
            raise LedgerError(f"Ledger {self.path} does not exist; there is nothing to repair") from None
        except OSError as exc:
            raise LedgerError(f"Cannot open ledger {self.path}: {exc.strerror}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            # Read through this descriptor: a shared lock on another one would wait for our own exclusive lock.
            size = os.fstat(fd).st_size
            result = self.scan_bytes(os.pread(fd, size, 0))[0]
            if result.ok:
                raise LedgerError(f"Ledger {self.path} is intact; there is nothing to repair")
            if not result.only_torn_tail:
                raise LedgerDamaged(
                    damage_message(self.path, result)
                    + ". Only an unfinished last line can be repaired; restore the file from a copy or version control",
                    problems=result.problems,
                )
            size = os.fstat(fd).st_size
            keep = size - result.torn_bytes
            torn = os.pread(fd, result.torn_bytes, keep)
            os.ftruncate(fd, keep)
            os.fsync(fd)
        finally:
            os.close(fd)
        note = f"cut an unfinished last line of {len(torn)} bytes at offset {keep}"
        record = self.append(Record(action="repair", time=time, reviewer=reviewer, name="", note=note, tool=tool))
        return len(torn), record


def damage_message(path: Path, result: VerifyResult) -> str:
    first = result.problems[0]
    more = f" (and {len(result.problems) - 1} more)" if len(result.problems) > 1 else ""
    return f"Ledger {path} is damaged: {first.message}{more}"


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

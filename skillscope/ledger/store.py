"""The append-only ledger file: locked, fsynced appends and a full chain check."""

from __future__ import annotations

import errno
import fcntl
import itertools
import os
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from skillscope.core.collector import cycle_collector_paused
from skillscope.core.errors import LedgerDamaged, LedgerError
from skillscope.ledger.checked import Checked, CheckedCache
from skillscope.ledger.checkpoint import Prefix
from skillscope.ledger.linecheck import Fresh, check_line, precheck
from skillscope.ledger.record import (
    GENESIS,
    LineError,
    Record,
    canonical_review,
    chain_fields,
    decode_line,
    encode_line,
    partial_record,
    replay_fields,
    replay_record,
)
from skillscope.ledger.sshsig import SignatureError
from skillscope.ledger.stored import OpenLedger, StoredLine

if TYPE_CHECKING:
    from skillscope.ledger.signing import Signer

__all__ = [
    "Ledger",
    "Problem",
    "VerifyResult",
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
_ACTIONS = {action: action for action in ("approve", "reject", "revoke", "repair")}
"""One string per action, shared by every record (not one per line)."""


@dataclass(frozen=True)
class Problem:
    """One break in the ledger, at a 1-based line number."""

    line: int
    kind: str
    """``torn-tail`` (an unfinished last line), ``edited``, ``chain`` (removed or reordered), ``format``
    (not a strictly parsed record, e.g. a duplicate key), ``signature`` (does not verify), ``replayed``
    (a signed review copied in again) or ``rollback`` (a review seen before is gone)."""
    message: str


@dataclass
class VerifyResult:
    """The outcome of checking the whole chain."""

    records: int = 0
    problems: list[Problem] = field(default_factory=list)
    last_hash: str = GENESIS
    torn_bytes: int = 0
    first_hash: str | None = None
    """The hash of the first record: what identifies the ledger for the rollback check."""
    reviews: list[tuple[int, str, Checked]] = field(default_factory=list)
    """(line number, line hash, what checking it established) for each well-formed record, in order
    (left empty by a stream that does not keep them: see ``Ledger.stream``)."""
    first_signed: int | None = None
    """The line of the first signed record."""
    unsigned_after: list[int] = field(default_factory=list)
    """The lines of unsigned records after ``first_signed`` (see ``book.signing_order``)."""
    current: tuple[str, Checked] | None = None
    """While a stream is read: (line hash, what checking it established) of the record it yielded last."""

    @property
    def ok(self) -> bool:
        """True when the chain is whole and the file ends cleanly."""
        return not self.problems

    @property
    def only_torn_tail(self) -> bool:
        """True when the only problem is an unfinished last line (what ``repair`` may fix)."""
        return len(self.problems) == 1 and self.problems[0].kind == "torn-tail"


class Ledger:
    """An append-only JSON Lines file of review records bound into a hash chain.

    Appends take an exclusive lock on the file, check that the last record is
    intact, write one line, flush and fsync; so concurrent processes never
    interleave, and a crash leaves at most a torn last line, which is reported
    and never silently dropped.
    """

    def __init__(self, path: str | Path, *, signer: Signer | None = None, cache: CheckedCache | None = None) -> None:
        self.path = Path(path)
        self.signer = signer
        """Signs each appended review; without one, records are written unsigned (the legacy format)."""
        self.cache = cache
        """Lines already checked (strict parse, signature); without one every line is checked."""

    # -- reading -------------------------------------------------------------------------------

    def _read(self) -> bytes:
        """The whole file, read under a shared lock so a concurrent append is never seen half-written."""
        return b"".join(self._chunks())

    def _chunks(self, opened: list[OpenLedger] | None = None, prefix: Prefix | None = None) -> Iterator[bytes]:
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
        with cycle_collector_paused():
            return result, list(
                self._walk(self._chunks(), result, decode=decode, replay_only=replay_only, precheck=self._precheck)
            )

    def stream(self, result: VerifyResult, *, reviews: bool = True, prefix: Prefix | None = None) -> Iterator[Record]:
        """The records parsed for replay, one at a time as the file is read; ``result`` is complete once
        they are all consumed. A record not kept by the consumer is freed at once, and so, block by
        block, is the file (a replay of a large ledger never holds all of it). Without ``reviews``,
        ``result.reviews`` stays empty (a replay alone does not need what each line established).

        With ``prefix`` (a start of the file checked before, see ``checkpoint``), the records of that
        start are not read again when the file still starts with exactly its bytes (``prefix.matched``
        once the first record is taken); and once all are read, ``prefix.end`` describes the file as read.
        """
        opened: list[OpenLedger] = []
        return self._walk(
            self._chunks(opened, prefix),
            result,
            decode=True,
            replay_only=True,
            precheck=self._precheck,
            reviews=reviews,
            opened=opened,
            prefix=prefix,
        )

    def _precheck(self) -> Fresh:
        """Lines never checked before, checked in parallel when there are many (see ``precheck``)."""
        return precheck(self.path, self._chunks, self.cache)

    def scan_bytes(
        self, data: bytes, *, decode: bool = False, replay_only: bool = True
    ) -> tuple[VerifyResult, list[Record]]:
        """``scan`` of ledger bytes read elsewhere (another revision of the file, one side of a merge)."""
        result = VerifyResult()
        with cycle_collector_paused():
            return result, list(self._walk(iter([data]), result, decode=decode, replay_only=replay_only))

    def _walk(
        self,
        chunks: Iterator[bytes],
        result: VerifyResult,
        *,
        decode: bool,
        replay_only: bool,
        precheck: Callable[[], Fresh] | None = None,
        reviews: bool = True,
        opened: list[OpenLedger] | None = None,
        prefix: Prefix | None = None,
    ) -> Iterator[Record]:
        cache = self.cache
        chunks = iter(chunks)
        first_block = next(chunks, None)  # reads past a checked prefix of the file, if it is still there
        seen_reviews: dict[str, int] | None = {}
        expected_prev, expected_seq = GENESIS, 1
        number, carry, read = 0, b"", 0
        resumed = prefix is not None and prefix.matched
        if resumed:
            assert prefix is not None
            number, read = prefix.lines, prefix.size
            expected_prev, expected_seq = prefix.last_hash, prefix.last_seq + 1
            result.records, result.last_hash = prefix.lines, prefix.last_hash
            result.first_hash, result.first_signed = prefix.first_hash, prefix.first_signed
            prefix.file = opened[0] if opened else None
            seen_reviews = None  # the prefix's signed reviews, loaded when a signed line follows
        # Checked lines: all of them read at once for a whole file, one at a time after a prefix.
        lookup = (cache.get if resumed else cache.load().get) if cache is not None else _nothing
        fresh = _NO_WORKERS  # lines the workers check as the scan reads on (kept in the cache when it ends)
        if precheck is not None and not (resumed and prefix is not None and prefix.small_rest(self.path)):
            fresh = precheck()
        whole = False  # the file read to its end (and so its descriptor, which holds the reading lock, closed)
        try:
            found: dict[str, Checked] = {}  # newly checked here, for the cache
            # The loop runs once per record on every command that reads the ledger: methods are looked up once.
            problem = result.problems.append
            review = result.reviews.append if reviews else _ignore
            note = prefix.rest.add if prefix is not None else _ignore_line  # for the next checkpoint
            file: OpenLedger | None = None
            for chunk in itertools.chain((first_block,), chunks) if first_block is not None else ():
                data = carry + chunk if carry else chunk
                base = read - len(carry)  # where ``data`` starts in the file
                read += len(chunk)
                if opened:
                    file = opened[0]
                # Lines are views into the block, never copies. A record streamed from the file keeps only
                # where its line is (a large ledger's verdicts keep a record for every fingerprint); one
                # read otherwise holds its view (``replay`` copies out those it keeps).
                view, find, start = memoryview(data), data.find, 0
                while True:
                    end = find(b"\n", start)
                    if end < 0:
                        break
                    line: bytes | memoryview = view[start:end]
                    at, start = start, end + 1
                    number += 1
                    head = replay_fields(line)
                    if head is not None:
                        digest, prev, seq = head[0], head[1], head[2]
                    else:
                        line = bytes(line)  # the careful path works on bytes
                        try:
                            digest, prev, seq = chain_fields(bytes(line))
                        except LineError as exc:
                            kind = "edited" if "edited" in str(exc) else "format"
                            problem(Problem(number, kind, f"line {number}: {exc}"))
                            expected_prev = "?"
                            continue
                    if (prev != expected_prev or seq != expected_seq) and expected_prev != "?":
                        what = (
                            "a record before it was removed"
                            if seq > expected_seq
                            else "records were reordered or duplicated"
                        )
                        problem(Problem(number, "chain", f"line {number}: does not follow line {number - 1} ({what})"))
                    elif expected_prev != "?":
                        prev = expected_prev  # the same string as the previous hash: held once
                    expected_prev, expected_seq = digest, seq + 1
                    result.records += 1
                    result.last_hash = digest
                    if result.first_hash is None:
                        result.first_hash = digest
                    checked = lookup(digest) or fresh.get(digest, base + at) or found.get(digest)
                    if checked is None:
                        try:
                            checked = check_line(bytes(line))
                        except LineError as exc:
                            kind = (
                                "signature"
                                if isinstance(exc.__cause__, SignatureError) or "signature" in str(exc)
                                else "format"
                            )
                            problem(Problem(number, kind, f"line {number}: {exc}"))
                            continue
                        found[digest] = checked
                    if checked.key:
                        if seen_reviews is None:
                            assert prefix is not None
                            seen_reviews = prefix.signed_reviews()
                        first = seen_reviews.setdefault(checked.review_id, number)
                        if first != number:
                            problem(
                                Problem(
                                    number,
                                    "replayed",
                                    f"line {number}: repeats the signed review of line {first} (a copied record)",
                                )
                            )
                        if result.first_signed is None:
                            result.first_signed = number
                    elif result.first_signed is not None:
                        result.unsigned_after.append(number)
                    review((number, digest, checked))
                    note(number, checked)
                    result.current = (digest, checked)
                    if decode:
                        try:
                            if replay_only and head is not None:
                                record = partial_record(
                                    _ACTIONS.get(head[3], head[3]),
                                    head[4],
                                    head[5],
                                    seq,
                                    prev,
                                    digest,
                                    line if file is None else StoredLine(file, base + at, end - at, digest),
                                )
                            elif replay_only:
                                record = replay_record(bytes(line), digest, prev, seq)
                            else:
                                record = decode_line(bytes(line))
                        except LineError as exc:
                            problem(Problem(number, "format", f"line {number}: {exc}"))
                            continue
                        yield record
                carry = data[start:]
                if cache is not None and len(found) > 2000 and cache.add(found):  # kept as read: memory stays bounded
                    found = {}
            if carry:  # bytes after the last newline: a line whose write never finished
                number += 1
                result.problems.append(
                    Problem(
                        number,
                        "torn-tail",
                        f"line {number} is unfinished (a write was interrupted); run `skillscope ledger repair`",
                    )
                )
                result.torn_bytes = len(carry)
            if self.cache is not None:
                self.cache.add(found)
            if prefix is not None and prefix.hasher is not None and not carry:
                prefix.finish(read, number, result, expected_seq - 1, seen_reviews)
            whole = True
        finally:
            # The workers stopped, and what they found kept (also when the reader stops early). A whole read
            # that leaves a checkpoint (``prefix``) has it written apart while the checkpoint is encoded.
            fresh.close(cache, apart=whole and prefix is not None)

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


_NO_WORKERS = Fresh()


def _ignore(_item: object) -> None:
    return None


def _ignore_line(_line: int, _checked: Checked) -> None:
    return None


def _nothing(_digest: str) -> None:
    return None


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

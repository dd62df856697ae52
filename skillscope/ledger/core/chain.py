"""The ledger's chain check: one pass over its lines, each hash, link and signature checked once."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from skillscope.ledger.core.linecheck import Checked, check_line
from skillscope.ledger.core.record import (
    GENESIS,
    LineError,
    Record,
    chain_fields,
    decode_line,
    partial_record,
    replay_fields,
    replay_record,
)
from skillscope.ledger.core.seam import LineCache, Resume, Workers
from skillscope.ledger.core.stored import OpenLedger, StoredLine

__all__ = ["Problem", "VerifyResult", "signing_order", "walk"]

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


def walk(
    path: Path,
    cache: LineCache | None,
    chunks: Iterator[bytes],
    result: VerifyResult,
    *,
    decode: bool,
    replay_only: bool,
    precheck: Callable[[], Workers | None] | None = None,
    reviews: bool = True,
    opened: list[OpenLedger] | None = None,
    prefix: Resume | None = None,
) -> Iterator[Record]:
    """Check the lines of ``chunks`` (a ledger file, a block at a time) hash by hash and link by link into
    ``result``; yields their records when ``decode`` (see ``Ledger.scan`` and ``Ledger.stream``).

    ``cache``, ``precheck`` and ``prefix`` are the accelerators' hooks (see ``seam``); without them
    every line is checked here, in order, and the verdicts are the same.
    """
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
    lookup = cache.lookup(whole=not resumed) if cache is not None else _nothing
    check = cache.check if cache is not None else check_line
    fresh: Workers = _NO_WORKERS  # lines the workers check as the scan reads on (kept in the cache when it ends)
    if precheck is not None and not (resumed and prefix is not None and prefix.small_rest(path)):
        fresh = precheck() or _NO_WORKERS
    try:
        found: dict[str, Checked] = {}  # newly checked here, for the cache
        # The loop runs once per record on every command that reads the ledger: methods are looked up once.
        problem = result.problems.append
        review = result.reviews.append if reviews else _ignore
        note = prefix.note if prefix is not None else _ignore_line  # for the next checkpoint
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
                        problem(Problem(number, exc.kind, f"line {number}: {exc}"))
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
                        checked = check(bytes(line))
                    except LineError as exc:
                        problem(Problem(number, exc.kind, f"line {number}: {exc}"))
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
            if cache is not None and len(found) > 2000 and cache.remember(found):  # kept as read: memory stays bounded
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
        if cache is not None:
            cache.remember(found)
        if prefix is not None and prefix.hasher is not None and not carry:
            prefix.finish(read, number, result, expected_seq - 1, seen_reviews)
    finally:
        # The workers stopped, and what they found kept (also when the reader stops early).
        fresh.close()


class _NoWorkers:
    """No line is checked elsewhere: the scan checks each itself."""

    def get(self, _digest: str, _offset: int) -> Checked | None:
        return None

    def close(self) -> None:
        return None


_NO_WORKERS = _NoWorkers()


def signing_order(result: VerifyResult) -> None:
    """Add to ``result`` each unsigned record that follows a signed one: damage, not a legacy record.

    Records from before signing may be unsigned; once a ledger holds a signed review, every
    writer signs, so an unsigned line after it was written by hand or by someone without a key.
    """
    first, late = result.first_signed, result.unsigned_after  # as a scan noted them, kept reviews or not
    if result.reviews:  # a result assembled from its reviews
        first = next((line for line, _digest, c in result.reviews if c.key), None)
        late = [line for line, _digest, c in result.reviews if first is not None and line > first and not c.key]
    if first is None:
        return
    if late:
        result.problems.extend(
            Problem(
                line,
                "unsigned",
                f"line {line}: an unsigned record after the signed one on line {first} "
                "(only records from before signing may be unsigned)",
            )
            for line in late
        )
        result.problems.sort(key=lambda p: p.line)


def _ignore(_item: object) -> None:
    return None


def _ignore_line(_line: int, _checked: Checked) -> None:
    return None


def _nothing(_digest: str) -> None:
    return None

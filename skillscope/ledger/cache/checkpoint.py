"""Sealed checkpoints of a checked ledger: a prefix's digest and the replay after it, so a later read skips it.

Every part is JSON or ``columns`` (no interpreter-private format), tagged with a version and sealed
under the cache's key with the SHA-256 of each part, so a checkpoint is used only as this code wrote it.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillscope.ledger.cache.coldcheck import PARALLEL_FROM
from skillscope.ledger.cache.columns import pack, unpack
from skillscope.ledger.cache.rows import RecordTable, RowMap
from skillscope.ledger.core.linecheck import Checked
from skillscope.ledger.core.record import GENESIS, FileEntry, Record
from skillscope.ledger.core.stored import OpenLedger, StoredLine
from skillscope.ledger.core.summary import LineSummary
from skillscope.ledger.core.verdicts import Content, Verdict, Verdicts

if TYPE_CHECKING:
    from skillscope.ledger.cache.checked import CheckedCache
    from skillscope.ledger.core.chain import VerifyResult
    from skillscope.ledger.core.signers import TrustRule

__all__ = ["SAVE_AFTER", "Checkpoints", "Prefix", "decode_state", "decode_summary", "encode_state", "encode_summary"]

FORMAT = 3
"""The layout of a checkpoint's state; a checkpoint of another layout is not used."""
_TABLE = "checkpoint"
KEEP = 4
"""Checkpoints kept (one per ledger and trust rule), the most recently saved."""
SAVE_AFTER = 1000
"""Lines read past a checkpoint before a new one is saved (a few appends are cheap to read again)."""
_BLOCK = 4 * 1024 * 1024


class Prefix:
    """The start of a ledger file checked before, and the chain's state at its end: what a read may skip.

    A read hashes the file's first ``size`` bytes and skips them only when they hash to ``digest``
    (then ``matched``); else it reads the whole file. Either way it hashes every byte it reads,
    and once it has read all, ``end`` describes the file as read: the next checkpoint.
    """

    def __init__(
        self,
        size: int = 0,
        digest: bytes = b"",
        lines: int = 0,
        last_hash: str = GENESIS,
        last_seq: int = 0,
        first_hash: str | None = None,
        first_signed: int | None = None,
        reviews: bytes | dict[str, int] | None = None,
        summary_digest: bytes = b"",
    ) -> None:
        self.size, self.digest, self.lines = size, digest, lines
        self.last_hash, self.last_seq = last_hash, last_seq
        self.first_hash, self.first_signed = first_hash, first_signed
        self.reviews: bytes | dict[str, int] = {} if reviews is None else reviews
        """The signed reviews of the prefix (review id -> line), kept as read until a signed line follows."""
        self.summary_digest = summary_digest
        """The SHA-256 of the prefix's ``LineSummary`` as stored (it is fetched only when asked for)."""
        self.rest = LineSummary()
        """What the lines read after the prefix established (all of them when it did not match)."""
        self.matched = False
        self.hasher: Any = None
        self.file: OpenLedger | None = None
        """The file the skipped records are read from again (their lines are not copied)."""
        self.end: Prefix | None = None

    def skip(self, fd: int, held: bool) -> Any:
        """Hash the first ``size`` bytes of the open file: past them when they are the ones checked, else
        back to the start. Returns the hasher, which the read feeds every byte it reads after."""
        hasher = hashlib.sha256()
        if self.size > 0 and held:
            left = self.size
            while left > 0:
                block = os.read(fd, min(left, _BLOCK))
                if not block:
                    break
                hasher.update(block)
                left -= len(block)
            if left == 0 and hmac.compare_digest(hasher.digest(), self.digest):
                self.matched = True
            else:
                os.lseek(fd, 0, os.SEEK_SET)
                hasher = hashlib.sha256()
        self.hasher = hasher
        return hasher

    def small_rest(self, path: Path) -> bool:
        """True when what follows the prefix is too little to check in worker processes."""
        try:
            size = os.stat(path).st_size
        except OSError:
            return True
        return size - self.size < PARALLEL_FROM * (self.size / max(self.lines, 1))

    def signed_reviews(self) -> dict[str, int]:
        """The prefix's signed reviews by id, with their lines (so a later copy of one is caught)."""
        if not isinstance(self.reviews, dict):
            try:
                ids, lines = unpack(self.reviews)
                self.reviews = dict(zip(ids, lines, strict=True))
            except (ValueError, TypeError):
                self.reviews = {}
        return self.reviews

    def note(self, line: int, checked: Checked) -> None:
        """Note what a line read after the prefix established (for the next checkpoint's summary)."""
        self.rest.add(line, checked)

    def summary(self, stored: Callable[[Prefix], LineSummary | None]) -> LineSummary | None:
        """What every line read established: the prefix's (from ``stored``) and the lines after it.

        None when the prefix's summary cannot be had (then the lines must be read again).
        """
        if not self.matched:
            return self.rest
        before = stored(self)
        return None if before is None else before.extend(self.rest)

    def finish(
        self, size: int, lines: int, result: VerifyResult, last_seq: int, reviews: dict[str, int] | None
    ) -> None:
        """Note where the read ended (``end``): ``size`` bytes, all hashed, and the chain's state there."""
        self.end = Prefix(
            size,
            self.hasher.digest(),
            lines,
            result.last_hash,
            last_seq,
            result.first_hash,
            result.first_signed,
            self.reviews if reviews is None else reviews,
        )


class Checkpoints:
    """The checkpoints of one ledger under one trust rule, kept in the cache of checked lines.

    A checkpoint holds a prefix of the file (its size and SHA-256), the chain's state at its end
    and the verdicts replayed under the trust rule, sealed together under the cache's key with
    the ledger's path and the rule's digest. One whose seal fails (written without the key, or
    for another ledger or rule), or whose bytes the file no longer starts with, is not used: the
    read then checks every line as it would without one.
    """

    def __init__(self, cache: CheckedCache, ledger: Path, rule: TrustRule) -> None:
        self.cache = cache
        self.ledger = os.path.realpath(ledger)
        self.trust = rule.digest()

    def find(self) -> tuple[Prefix, bytes] | None:
        """The prefix this ledger's checkpoint names and its sealed state; None when there is none that holds."""
        if not self.cache.path.exists():
            return None
        key = self.cache.key(create=False)
        if key is None:
            return None
        try:
            db = sqlite3.connect(f"file:{self.cache.path}?mode=ro", uri=True, timeout=30)
            try:
                row = db.execute(
                    f"SELECT size, prefix, chain, reviews, state, seal FROM {_TABLE} WHERE ledger = ? AND trust = ?",
                    (self.ledger, self.trust),
                ).fetchone()
            finally:
                db.close()
        except sqlite3.Error:
            return None
        if row is None or not all(type(part) is bytes for part in row[1:]) or type(row[0]) is not int:
            return None
        size, digest, chain, reviews, state, seal = row
        if not hmac.compare_digest(seal, self._seal(key, size, digest, chain, reviews, state)):
            return None
        try:
            form, lines, last_hash, last_seq, first_hash, first_signed, summary = json.loads(chain)
            summary_digest = bytes.fromhex(summary)
        except (ValueError, TypeError):
            return None
        if form != FORMAT:
            return None
        return Prefix(
            size, digest, lines, last_hash, last_seq, first_hash, first_signed, reviews, summary_digest
        ), state

    def summary(self, prefix: Prefix) -> LineSummary | None:
        """The ``LineSummary`` kept with the checkpoint ``prefix`` came from; None when it is not that one.

        Fetched apart (most reads never need it) and checked against the digest sealed with the prefix.
        """
        try:
            db = sqlite3.connect(f"file:{self.cache.path}?mode=ro", uri=True, timeout=30)
            try:
                row = db.execute(
                    f"SELECT summary FROM {_TABLE} WHERE ledger = ? AND trust = ?", (self.ledger, self.trust)
                ).fetchone()
            finally:
                db.close()
        except sqlite3.Error:
            return None
        if row is None or type(row[0]) is not bytes or not prefix.summary_digest:
            return None
        if not hmac.compare_digest(hashlib.sha256(row[0]).digest(), prefix.summary_digest):
            return None  # another checkpoint was saved since, or the row was changed
        try:
            return decode_summary(row[0])
        except ValueError:
            return None

    def save(self, end: Prefix, verdicts: Verdicts, summary: LineSummary) -> bool:
        """Keep ``end`` (a whole file as a passing read found it), the verdicts replayed from it and what its lines established."""
        state = encode_state(verdicts)
        key = self.cache.key(create=True)
        if state is None or key is None:
            return False
        lines = encode_summary(summary)
        chain = _json(
            [
                FORMAT,
                end.lines,
                end.last_hash,
                end.last_seq,
                end.first_hash,
                end.first_signed,
                hashlib.sha256(lines).hexdigest(),
            ]
        )
        signed = end.signed_reviews()
        reviews = pack([list(signed), list(signed.values())])
        seal = self._seal(key, end.size, end.digest, chain, reviews, state)
        try:
            self.cache.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.cache.path, timeout=30)
            try:
                db.execute("PRAGMA synchronous=OFF")
                if "summary" not in {row[1] for row in db.execute(f"PRAGMA table_info({_TABLE})")}:
                    db.execute(f"DROP TABLE IF EXISTS {_TABLE}")  # an earlier version's, without line summaries
                db.execute(
                    f"CREATE TABLE IF NOT EXISTS {_TABLE} (ledger TEXT, trust BLOB, size INTEGER, prefix BLOB, "
                    "chain BLOB, reviews BLOB, state BLOB, summary BLOB, seal BLOB, saved REAL, PRIMARY KEY (ledger, trust))"
                )
                with db:
                    db.execute(
                        f"INSERT OR REPLACE INTO {_TABLE} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            self.ledger,
                            self.trust,
                            end.size,
                            end.digest,
                            chain,
                            reviews,
                            state,
                            lines,
                            seal,
                            time.time(),
                        ),
                    )
                    db.execute(
                        f"DELETE FROM {_TABLE} WHERE rowid NOT IN "
                        f"(SELECT rowid FROM {_TABLE} ORDER BY saved DESC LIMIT ?)",
                        (KEEP,),
                    )
            finally:
                db.close()
        except (sqlite3.Error, OSError):
            return False
        return True

    def _seal(
        self, key: bytes, size: int, digest: bytes, chain: bytes, reviews: bytes | bytearray, state: bytes | bytearray
    ) -> bytes:
        """The MAC of one checkpoint: every part of it, with the ledger and trust rule it was made for."""
        mac = hashlib.blake2b(key=key, digest_size=32, person=b"ledger-prefix")
        for part in (
            _code_digest(),
            self.ledger.encode("utf-8", "surrogateescape"),
            self.trust,
            str(size).encode("ascii"),
            digest,
            hashlib.sha256(chain).digest(),
            hashlib.sha256(reviews).digest(),
            hashlib.sha256(state).digest(),
        ):
            mac.update(len(part).to_bytes(8, "big"))
            mac.update(part)
        return mac.digest()


@functools.cache
def _code_digest() -> bytes:
    """A digest of the code that checks, replays and judges the ledger: a checkpoint made by other code
    (an upgrade that changed a rule) holds verdicts this code might not reach, so it is not used."""
    hasher = hashlib.sha256()
    package = Path(__file__).parents[1]  # skillscope/ledger: the reader and its accelerators
    for source in sorted(package.rglob("*.py")):
        try:
            hasher.update(source.relative_to(package).as_posix().encode() + b"\0" + source.read_bytes())
        except OSError:
            hasher.update(os.urandom(32))  # unreadable: no checkpoint made now is ever used again
    return hasher.digest()


class _NoPlace(Exception):
    """A record the verdicts keep has no place in the file (it was built in memory)."""


def encode_state(verdicts: Verdicts) -> bytearray | None:
    """The verdicts as plain data, each record as where its line is; None when a record has no such place."""
    return _encode_state(verdicts)


def _encode_state(verdicts: Verdicts) -> bytearray | None:
    index: dict[int, int] = {}
    actions: list[str] = []
    names: list[str] = []
    fps: list[str] = []
    no_fp: list[int] = []
    seqs: list[int] = []
    prevs: list[str] = []
    hashes: list[str] = []
    offsets: list[int] = []
    lengths: list[int] = []

    def ref(record: Record | None) -> int:
        if record is None:
            return -1
        at = index.get(id(record))
        if at is None:
            raw = record.raw
            if type(raw) is not StoredLine:
                raise _NoPlace
            at = index[id(record)] = len(actions)
            actions.append(record.action)
            names.append(record.name)
            if record.fingerprint is None:
                no_fp.append(at)
            fps.append(record.fingerprint or "")
            seqs.append(record.seq)
            prevs.append(record.prev)
            hashes.append(record.hash)
            offsets.append(raw.offset)
            lengths.append(raw.length)
        return at

    heads: list[object] = []
    pairs: dict[str, tuple[list[str], list[int]]] = {"approved": ([], []), "untrusted": ([], []), "rejected": ([], [])}
    whys: list[str] = []
    try:
        for name, v in verdicts.by_name.items():
            heads.append(
                [name, v.action, ref(v.source), _whole(v.record), len(v.approved), len(v.untrusted), len(v.rejected)]
            )
            for fp, r in v.approved.items():
                pairs["approved"][0].append(fp)
                pairs["approved"][1].append(ref(r))
            for fp, (r, why) in v.untrusted.items():
                pairs["untrusted"][0].append(fp)
                pairs["untrusted"][1].append(ref(r))
                whys.append(why)
            for fp, r in v.rejected.items():
                pairs["rejected"][0].append(fp)
                pairs["rejected"][1].append(ref(r))
        content_fps, latest, distrusted, reasons = [], [], [], []
        for fp, c in verdicts.content.items():
            content_fps.append(fp)
            latest.append(ref(c.latest))
            distrusted.append(-1 if c.untrusted is None else ref(c.untrusted[0]))
            reasons.append("" if c.untrusted is None else c.untrusted[1])
    except _NoPlace:
        return None
    return pack(
        [
            [verdicts.records],
            actions,
            names,
            fps,
            no_fp,
            seqs,
            prevs,
            hashes,
            offsets,
            lengths,
            heads,
            *pairs["approved"],
            *pairs["untrusted"],
            whys,
            *pairs["rejected"],
            content_fps,
            latest,
            distrusted,
            reasons,
        ]
    )


_FIELDS = tuple(f.name for f in fields(Record) if f.name != "raw")


def _whole(record: Record) -> tuple[Any, ...]:
    """Every field of a fully parsed record (its files as tuples)."""
    if record.raw is not None:
        raise _NoPlace
    values = [getattr(record, name) for name in _FIELDS]
    values[_FIELDS.index("files")] = tuple((f.uri, f.digest, f.size) for f in record.files)
    return tuple(values)


def _record(values: tuple[Any, ...]) -> Record:
    fields = dict(zip(_FIELDS, values, strict=True))
    fields["files"] = tuple(FileEntry(*entry) for entry in fields["files"])
    return Record(**fields)


def decode_state(data: bytes, file: OpenLedger) -> Verdicts:
    """The verdicts ``encode_state`` kept, each record's line read again from ``file`` when it is completed.

    Raises:
        ValueError: the state is not one ``encode_state`` wrote.
    """
    return _decode_state(data, file)


def _decode_state(data: bytes, file: OpenLedger) -> Verdicts:
    try:
        (
            (count,),
            actions, names, fps, no_fp, seqs, prevs, hashes, offsets, lengths,
            heads,
            approved_fps, approved_refs, untrusted_fps, untrusted_refs, whys, rejected_fps, rejected_refs,
            content_fps, latest, distrusted, reasons,
        ) = unpack(data, arrays=True)  # fmt: skip
        fingerprints: list[str | None] = fps
        if no_fp:
            fingerprints = list(fps)
            for at in no_fp:
                fingerprints[at] = None
        # The records stay columns: each is built when a verdict that names it is read (see ``rows``).
        table = RecordTable(file, actions, names, fingerprints, seqs, prevs, hashes, offsets, lengths)
        record = table.record
        for column in (approved_refs, untrusted_refs, rejected_refs, latest, distrusted):
            if column and not -1 <= min(column) <= max(column) < len(table):
                raise ValueError("a reference to a record the checkpoint does not hold")
        if not (
            len(approved_fps) == len(approved_refs)
            and len(untrusted_fps) == len(untrusted_refs) == len(whys)
            and len(rejected_fps) == len(rejected_refs)
            and len(content_fps) == len(latest) == len(distrusted) == len(reasons)
        ):
            raise ValueError("the columns of the verdicts' maps differ in length")

        def approved(at: int) -> Record:
            return record(approved_refs[at])

        def untrusted(at: int) -> tuple[Record, str]:
            return record(untrusted_refs[at]), whys[at]

        def rejected(at: int) -> Record:
            return record(rejected_refs[at])

        def content(at: int) -> Content:
            last, bad = latest[at], distrusted[at]
            return Content(None if last < 0 else record(last), None if bad < 0 else (record(bad), reasons[at]))

        verdicts = Verdicts(records=count)
        a = u = r = 0
        for name, action, last, whole, n_approved, n_untrusted, n_rejected in heads:
            verdict = Verdict(
                name,
                action,
                _record(whole),  # the last record of each name is shown: kept in full, as a replay leaves it
                RowMap(_rows(approved_fps, a, n_approved), approved),
                RowMap(_rows(untrusted_fps, u, n_untrusted), untrusted),
                RowMap(_rows(rejected_fps, r, n_rejected), rejected),
            )
            a, u, r = a + n_approved, u + n_untrusted, r + n_rejected
            verdict.source = None if last < 0 else record(last)
            verdicts.by_name[name] = verdict
        if (a, u, r) != (len(approved_fps), len(untrusted_fps), len(rejected_fps)):
            raise ValueError("the verdicts by name do not account for every row")
        verdicts.content = RowMap(_rows(content_fps, 0, len(content_fps)), content)
    except (ValueError, TypeError, IndexError) as exc:
        raise ValueError(f"not a checkpoint's state ({exc})") from None
    return verdicts


def _rows(keys: list[str], start: int, count: int) -> dict[str, Any]:
    """``count`` keys from ``start``, each with its row (``RowMap`` builds the value when it is read)."""
    return dict(zip(keys[start : start + count], range(start, start + count), strict=True))


def _json(value: object) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode("ascii")


def encode_summary(summary: LineSummary) -> bytearray:
    """A ``LineSummary`` in columns: review ids and descriptions, the first, signers with their lines, unsigned lines."""
    signers = [[reviewer, key, len(lines)] for (reviewer, key), lines in summary.signed.items()]
    signed_lines = [line for lines in summary.signed.values() for line in lines]
    return pack(
        [
            list(summary.current),
            list(summary.current.values()),
            [summary.first],
            signers,
            signed_lines,
            [line for line, _reviewer in summary.unsigned],
            [reviewer for _line, reviewer in summary.unsigned],
        ]
    )


def decode_summary(data: bytes) -> LineSummary:
    """The summary ``encode_summary`` wrote.

    Raises:
        ValueError: it is not one.
    """
    try:
        ids, whats, (first,), signers, signed_lines, unsigned_lines, unsigned_by = unpack(data)
        summary = LineSummary()
        summary.current = dict(zip(_typed(ids, list), _typed(whats, list), strict=True))
        summary.first = first if first is None else _typed(first, str)
        at = 0
        for reviewer, key, count in signers:
            summary.signed[(_typed(reviewer, str), _typed(key, str))] = signed_lines[at : at + count]
            at += count
        summary.unsigned = list(zip(unsigned_lines, unsigned_by, strict=True))
    except (ValueError, TypeError) as exc:
        raise ValueError(f"not a line summary ({exc})") from None
    return summary


def _typed(value: Any, kind: type) -> Any:
    if type(value) is not kind:
        raise TypeError(f"{kind.__name__} expected")
    return value

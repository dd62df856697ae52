"""Merge two branches' ledgers (a git merge driver): every review of both sides once, in an order neither side picks."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from skillscope.core.errors import LedgerDamaged
from skillscope.core.files import write_file
from skillscope.ledger.core.record import GENESIS, Record, encode_line, review_id
from skillscope.ledger.core.store import Ledger, damage_message
from skillscope.ledger.core.verdicts import replay

__all__ = ["MergeResult", "merge_ledgers", "merged_order"]


@dataclass
class MergeResult:
    """What a merge did: how many reviews it added to OURS, and approvals to look at again."""

    added: int = 0
    warnings: list[str] = field(default_factory=list)


def merged_order(ours: list[Record], theirs: list[Record]) -> tuple[int, list[Record]]:
    """The records both sides share at their start (how many), then the rest of both, each review once.

    After the shared start, the two sides' reviews are interleaved by review time (then review
    id), each side keeping its own order: the result is the same whichever side is OURS, so a
    merge in either direction gives the same verdicts (an approval made before a revoke stays
    before it, and is withdrawn by it).
    """
    shared = 0
    while shared < min(len(ours), len(theirs)) and ours[shared].hash == theirs[shared].hash:
        shared += 1
    out = list(ours[:shared])
    emitted = {review_id(r) for r in out}
    a, b = ours[shared:], theirs[shared:]
    i = j = 0
    keys_a = [(r.time, review_id(r)) for r in a]
    keys_b = [(r.time, review_id(r)) for r in b]
    while i < len(a) or j < len(b):
        if i < len(a) and keys_a[i][1] in emitted:
            i += 1
            continue
        if j < len(b) and keys_b[j][1] in emitted:
            j += 1
            continue
        if j >= len(b) or (i < len(a) and keys_a[i] <= keys_b[j]):
            out.append(a[i])
            emitted.add(keys_a[i][1])
            i += 1
        else:
            out.append(b[j])
            emitted.add(keys_b[j][1])
            j += 1
    return shared, out


def merge_ledgers(ours: Path, theirs: Path) -> MergeResult:
    """Write into ``ours`` the reviews of both sides: the shared start unchanged, then the rest
    interleaved by review time (see ``merged_order``), re-chained.

    Re-chained records get new ``seq``/``prev``/``hash``; their reviews, and so their
    signatures, are unchanged.

    Raises:
        LedgerDamaged: either side is damaged (nothing is written; git reports a conflict).
    """
    sides = []
    for path in (ours, theirs):
        result, records = Ledger(path).scan(decode=True, replay_only=False)
        if not result.ok:
            raise LedgerDamaged(damage_message(path, result), problems=result.problems)
        sides.append(records)
    ours_records, theirs_records = sides
    shared, merged = merged_order(ours_records, theirs_records)
    outcome = MergeResult(added=len(merged) - len(ours_records))
    if [r.hash for r in merged] == [r.hash for r in ours_records]:
        return outcome
    outcome.warnings = _overruled(ours_records[shared:], theirs_records[shared:], merged)
    lines: list[str] = []
    prev = merged[shared - 1].hash if shared else GENESIS
    for seq, record in enumerate(merged[shared:], start=shared + 1):
        line, prev = encode_line(replace(record, seq=seq, prev=prev, hash=""))
        lines.append(line)
    kept = b"".join(ours.read_bytes().splitlines(keepends=True)[:shared]) if shared else b""
    write_file(ours, kept + "".join(lines).encode("utf-8"))
    return outcome


def _overruled(ours: list[Record], theirs: list[Record], merged: list[Record]) -> list[str]:
    """One warning per approval in force after the merge that the other side had revoked or rejected."""
    from skillscope.core.textsafe import safe_line

    verdicts = replay(merged)
    in_force = {review_id(r) for v in verdicts.by_name.values() for r in v.approved.values()}
    warnings = []
    for mine, other, here, there in (
        (ours, theirs, "this branch", "the other branch"),
        (theirs, ours, "the other branch", "this branch"),
    ):
        for record in mine:
            if record.action != "approve" or review_id(record) not in in_force:
                continue
            against = [
                r
                for r in other
                if (r.action == "revoke" and r.name == record.name)
                or (r.action == "reject" and r.fingerprint == record.fingerprint)
            ]
            for r in against:
                warnings.append(
                    f"the merge keeps an approval of {safe_line(record.name)} ({record.fingerprint}) made on {here} "
                    f"at {safe_line(record.time)} by {safe_line(record.reviewer)}, which {there} "
                    f"{'revoked' if r.action == 'revoke' else 'rejected'} at {safe_line(r.time)} by {safe_line(r.reviewer)}: review it"
                )
    return warnings

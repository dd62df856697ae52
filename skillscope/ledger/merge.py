"""Merge two branches' ledgers (a git merge driver): every review of both sides once, re-chained."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from skillscope.errors import LedgerDamaged
from skillscope.files import write_file
from skillscope.ledger.record import GENESIS, encode_line, review_id
from skillscope.ledger.store import Ledger, damage_message

__all__ = ["merge_ledgers"]


def merge_ledgers(ours: Path, theirs: Path) -> int:
    """Write into ``ours`` its records unchanged, then each review of ``theirs`` it lacks, in order.

    The added records get new ``seq``/``prev``/``hash``; their reviews, and so their
    signatures, are unchanged. Returns how many records were added.

    Raises:
        LedgerDamaged: either side is damaged (nothing is written; git reports a conflict).
    """
    sides = []
    for path in (ours, theirs):
        result, records = Ledger(path).scan(decode=True, replay_only=False)
        if not result.ok:
            raise LedgerDamaged(damage_message(path, result), problems=result.problems)
        sides.append((result, records))
    (ours_result, ours_records), (_theirs_result, theirs_records) = sides
    present = {review_id(r) for r in ours_records}
    prev, seq = (ours_result.last_hash, ours_records[-1].seq) if ours_records else (GENESIS, 0)
    lines: list[str] = []
    for record in theirs_records:
        rid = review_id(record)
        if rid in present:
            continue
        present.add(rid)
        seq += 1
        line, prev = encode_line(replace(record, seq=seq, prev=prev, hash=""))
        lines.append(line)
    if lines:
        original = ours.read_bytes().decode("utf-8") if ours.exists() else ""
        write_file(ours, original + "".join(lines))
    return len(lines)

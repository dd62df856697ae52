"""A warm read keeps a checkpoint's records as columns and builds each when a verdict is read, the same record."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from skillscope.ledger.book import ReviewBook, read_verdicts
from skillscope.ledger.cache.checkpoint import decode_state, encode_state
from skillscope.ledger.cache.columns import pack, unpack
from skillscope.ledger.cache.rows import RowMap
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.signing import load_signer
from skillscope.ledger.core.store import Ledger
from skillscope.ledger.core.stored import OpenLedger
from tests.ledger.helpers import record, write_chained

NAMES = 20


def write(path: Path, count: int) -> None:
    """``count`` signed, chained records under ``NAMES`` names: approvals, rejections and revocations."""
    write_chained(path, count, NAMES)


def records_alive() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is Record)


def test_a_warm_read_builds_a_record_only_when_a_verdict_names_it(tmp_path):
    path = tmp_path / "ledger.jsonl"
    write(path, 1000)
    read_verdicts(path)  # the first read checks every line and leaves a checkpoint
    full = ReviewBook(path).read(keep=[])[1]  # every line replayed (no checkpoint), to compare with
    assert full is not None

    gc.collect()
    tracked = len(gc.get_objects())
    before = records_alive()
    warm = read_verdicts(path)
    built = records_alive() - before
    # Each name's last record (in full and as read): nothing else until it is asked for.
    assert built <= 2 * NAMES
    # The collector is handed a few objects per name, not a few per record.
    assert len(gc.get_objects()) - tracked < 1000

    verdict = warm.by_name["srv:skill-1"]
    fingerprint = next(iter(verdict.approved))
    approval = verdict.approved[fingerprint]
    assert records_alive() - before == built + 1
    # The same record by name and by content, as a replay leaves them; and what a full read found.
    assert warm.content[fingerprint].latest is approval
    assert approval == full.by_name["srv:skill-1"].approved[fingerprint]
    assert warm.standing(fingerprint) == full.standing(fingerprint)
    assert warm == full


def test_lines_after_the_checkpoint_replay_onto_its_unbuilt_verdicts(tmp_path):
    path = tmp_path / "ledger.jsonl"
    write(path, 300)
    read_verdicts(path)
    ledger = Ledger(path, signer=load_signer())
    approved = read_verdicts(path).by_name["srv:skill-3"].approved
    withdrawn = sorted(approved)
    assert withdrawn
    # A revocation withdraws what the name approved, held in the checkpoint as rows still to build.
    ledger.append(record(name="srv:skill-3", action="revoke", fingerprint=None, n=900))
    ledger.append(record(name="srv:skill-4", action="approve", fingerprint="sha256:" + "e" * 64, n=901))
    warm = read_verdicts(path)
    full = ReviewBook(path).read(keep=[])[1]
    assert warm == full
    assert dict(warm.by_name["srv:skill-3"].approved) == {}
    assert all(warm.content[fp].latest.action == "revoke" for fp in withdrawn)
    assert warm.in_force("srv:skill-4") == full.in_force("srv:skill-4")


def test_a_row_map_builds_each_value_once_and_never_hands_out_a_row():
    made: list[int] = []

    def build(row: int) -> str:
        made.append(row)
        return f"value {row}"

    rows = RowMap({"a": 0, "b": 1, "c": 2}, build)
    assert "a" in rows and "z" not in rows and len(rows) == 3 and made == []
    assert rows.get("a") == rows["a"] == "value 0" and made == [0]
    assert rows.get("z") is None and rows.get("z", "x") == "x"
    assert rows.setdefault("b", "other") == "value 1"
    assert rows.setdefault("d", "new") == "new"
    assert rows.pop("c") == "value 2" and "c" not in rows
    assert made == [0, 1, 2]
    assert dict(rows) == {"a": "value 0", "b": "value 1", "d": "new"}
    assert rows == {"a": "value 0", "b": "value 1", "d": "new"}
    rows["e"] = "set"
    whole = RowMap({"p": 7, "q": "built"}, build)
    assert list(whole.items()) == [("p", "value 7"), ("q", "built")] and made == [0, 1, 2, 7]
    assert list(whole.values()) == ["value 7", "built"] and made == [0, 1, 2, 7]  # kept, not built again
    unbuilt = RowMap({"x": 5, "y": 6}, build)
    unbuilt.clear()  # withdrawn without building what it held
    assert len(unbuilt) == 0 and made == [0, 1, 2, 7]


def test_a_state_that_names_a_record_it_does_not_hold_is_refused(tmp_path):
    path = tmp_path / "ledger.jsonl"
    write(path, 50)
    verdicts = read_verdicts(path)
    state = encode_state(verdicts)
    assert state is not None
    columns = unpack(state)
    with open(path, "rb") as handle:
        file = OpenLedger.again(handle.fileno(), path)
    assert file is not None
    assert decode_state(bytes(pack(columns)), file) == verdicts
    records = len(columns[1])
    columns[12] = [records] + columns[12][1:]  # an approval's record past the last row
    with pytest.raises(ValueError, match="not a checkpoint's state"):
        decode_state(bytes(pack(columns)), file)

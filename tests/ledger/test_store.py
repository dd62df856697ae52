"""The ledger file: chain, tamper detection at the right line, torn tails, locking and crashes."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from itertools import pairwise

import pytest

from skillscope.core.errors import LedgerDamaged, LedgerError
from skillscope.ledger.core.record import GENESIS, chain_fields
from skillscope.ledger.core.store import Ledger
from tests.fixtures.http import REPO_ROOT
from tests.ledger.helpers import record


def filled(tmp_path, count=5):
    ledger = Ledger(tmp_path / "ledger.jsonl")
    saved = [ledger.append(record(n=n)) for n in range(count)]
    return ledger, saved


def test_appends_form_a_chain(tmp_path):
    ledger, saved = filled(tmp_path)
    assert [r.seq for r in saved] == [1, 2, 3, 4, 5]
    assert saved[0].prev == GENESIS
    assert all(b.prev == a.hash for a, b in pairwise(saved))
    result = ledger.verify()
    assert result.ok and result.records == 5 and result.last_hash == saved[-1].hash
    assert [r.hash for r in ledger.records()] == [r.hash for r in saved]


def test_each_line_is_json_a_person_can_read(tmp_path):
    import json

    ledger, _ = filled(tmp_path, 2)
    lines = ledger.path.read_text().splitlines()
    assert len(lines) == 2
    data = json.loads(lines[0])
    assert data["action"] == "approve" and data["reviewer"].startswith("Ada")
    assert data["files"][0]["size"] == 120


def test_record_round_trips(tmp_path):
    ledger, saved = filled(tmp_path, 1)
    (back,) = ledger.records()
    assert back == saved[0]


def lines_of(ledger):
    return ledger.path.read_text().splitlines(keepends=True)


def write_lines(ledger, lines):
    ledger.path.write_text("".join(lines))


@pytest.mark.parametrize("line", [1, 3, 5])
def test_one_changed_byte_is_found_at_its_line(tmp_path, line):
    ledger, _ = filled(tmp_path)
    lines = lines_of(ledger)
    lines[line - 1] = lines[line - 1].replace("note", "nope", 1)
    write_lines(ledger, lines)
    result = ledger.verify()
    assert not result.ok
    assert (result.problems[0].line, result.problems[0].kind) == (line, "edited")
    with pytest.raises(LedgerDamaged, match=f"line {line}"):
        ledger.records()


def test_changed_hash_field_is_found(tmp_path):
    ledger, _ = filled(tmp_path)
    lines = lines_of(ledger)
    lines[1] = lines[1][:20] + ("0" if lines[1][20] != "0" else "1") + lines[1][21:]
    write_lines(ledger, lines)
    assert ledger.verify().problems[0].line == 2


def test_removed_line_is_found_where_the_gap_is(tmp_path):
    ledger, _ = filled(tmp_path)
    lines = lines_of(ledger)
    del lines[2]
    write_lines(ledger, lines)
    problems = ledger.verify().problems
    assert [(p.line, p.kind) for p in problems] == [(3, "chain")]
    assert "removed" in problems[0].message


def test_removed_first_line_is_found(tmp_path):
    ledger, _ = filled(tmp_path)
    write_lines(ledger, lines_of(ledger)[1:])
    assert ledger.verify().problems[0].line == 1


def test_swapped_lines_are_found(tmp_path):
    ledger, _ = filled(tmp_path)
    lines = lines_of(ledger)
    lines[1], lines[2] = lines[2], lines[1]
    write_lines(ledger, lines)
    problems = ledger.verify().problems
    assert problems and problems[0].line == 2 and problems[0].kind == "chain"


def test_append_refuses_after_a_damaged_last_record(tmp_path):
    ledger, _ = filled(tmp_path)
    lines = lines_of(ledger)
    lines[-1] = lines[-1].replace("note", "nope", 1)
    write_lines(ledger, lines)
    before = ledger.path.read_bytes()
    with pytest.raises(LedgerDamaged, match="last record is damaged"):
        ledger.append(record(n=99))
    assert ledger.path.read_bytes() == before


def test_torn_tail_is_reported_refused_and_repaired(tmp_path):
    ledger, saved = filled(tmp_path)
    intact = ledger.path.read_bytes()
    with ledger.path.open("ab") as handle:
        handle.write(b'{"hash":"sha256:12ab')
    result = ledger.verify()
    assert result.only_torn_tail and result.problems[0].line == 6 and result.torn_bytes == 20
    with pytest.raises(LedgerDamaged, match="unfinished line"):
        ledger.append(record(n=99))
    removed, repair = ledger.repair(reviewer="ops", time="2026-11-30T07:00:00Z", tool="t")
    assert removed == 20
    assert ledger.path.read_bytes().startswith(intact)
    assert repair.action == "repair" and repair.prev == saved[-1].hash and "20 bytes" in repair.note
    assert ledger.verify().ok
    ledger.append(record(n=100))
    assert ledger.verify().records == 7


def test_repair_never_touches_other_damage(tmp_path):
    ledger, _ = filled(tmp_path)
    lines = lines_of(ledger)
    lines[1] = lines[1].replace("note", "nope", 1)
    write_lines(ledger, lines)
    with ledger.path.open("a") as handle:
        handle.write('{"hash":')
    before = ledger.path.read_bytes()
    with pytest.raises(LedgerDamaged, match="Only an unfinished last line can be repaired"):
        ledger.repair(reviewer="ops", time="t", tool="t")
    assert ledger.path.read_bytes() == before


def test_repair_of_an_intact_ledger_is_refused(tmp_path):
    ledger, _ = filled(tmp_path)
    with pytest.raises(LedgerError, match="nothing to repair"):
        ledger.repair(reviewer="ops", time="t", tool="t")


def test_missing_ledger_reads_as_empty(tmp_path):
    ledger = Ledger(tmp_path / "none.jsonl")
    assert ledger.records() == [] and ledger.verify().ok


def test_unwritable_location_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(LedgerError, match="Cannot open ledger|Not a directory|File exists"):
        Ledger(blocker / "ledger.jsonl").append(record())


def _helper(*args):
    return [sys.executable, "-m", "tests.ledger.helpers", *args]


def test_concurrent_processes_never_interleave_or_lose_records(tmp_path):
    path = str(tmp_path / "ledger.jsonl")
    procs = [
        subprocess.Popen(_helper("many", path, f"p{i}", "60"), cwd=REPO_ROOT, stdout=subprocess.PIPE, text=True)
        for i in range(4)
    ]
    acknowledged = set()
    for proc in procs:
        out, _ = proc.communicate(timeout=600)
        assert proc.returncode == 0
        acknowledged.update(out.split())
    ledger = Ledger(path)
    result = ledger.verify()
    assert result.ok and result.records == 240
    assert all(
        checked.key.startswith("ssh-ed25519 ") for _line, _hash, checked in result.reviews
    )  # signed, and verified
    assert {r.hash for r in ledger.records()} == acknowledged


def test_sigkill_mid_append_loses_nothing_acknowledged(tmp_path):
    path = str(tmp_path / "ledger.jsonl")
    rng = random.Random(2640)
    acknowledged: set[str] = set()
    for round_ in range(6):
        proc = subprocess.Popen(
            _helper("forever", path, f"k{round_}"), cwd=REPO_ROOT, stdout=subprocess.PIPE, text=True
        )
        # Killed while it appends, however slowly a loaded machine started it: after its first
        # acknowledged record, plus a random moment, so the kill lands at varying points of a write.
        first = proc.stdout.readline()
        time.sleep(rng.random() * 0.3)  # timing: a random moment to kill at, not a wait for anything
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=300)
        out = first + out
        acknowledged.update(line.split()[2] for line in out.splitlines() if len(line.split()) == 3)
        ledger = Ledger(path)
        result = ledger.verify()
        assert result.ok or result.only_torn_tail, result.problems
        if not result.ok:
            ledger.repair(reviewer="crash-test", time="t", tool="t")
            assert ledger.verify().ok
    present = {r.hash for r in Ledger(path).records()}
    assert acknowledged <= present
    assert len(acknowledged) > 10
    assert sum(1 for _line, _hash, checked in Ledger(path).verify().reviews if checked.key) >= len(acknowledged)


def test_kill_between_write_and_newline_leaves_a_torn_tail_only(tmp_path):
    ledger, _ = filled(tmp_path, 3)
    line = ledger.path.read_text().splitlines()[-1]
    with ledger.path.open("a") as handle:
        handle.write(line[: len(line) // 2])
    result = ledger.verify()
    assert result.only_torn_tail


def test_disk_full_reports_the_record_was_not_saved(tmp_path):
    path = tmp_path / "ledger.jsonl"
    out = subprocess.run(
        _helper("fsize", str(path), "x", "4000"), cwd=REPO_ROOT, capture_output=True, text=True, timeout=60
    ).stdout
    lines = out.splitlines()
    assert lines[-1].startswith("error Could not write to ledger") and "NOT saved" in lines[-1]
    saved = sum(1 for line in lines if line.startswith("ok"))
    ledger = Ledger(path)
    result = ledger.verify()
    assert result.records == saved
    assert result.ok or result.only_torn_tail


def test_chain_fields_reads_without_parsing(tmp_path):
    ledger, saved = filled(tmp_path, 2)
    second = ledger.path.read_text().splitlines()[1]
    assert chain_fields(second) == (saved[1].hash, saved[0].hash, 2)


def test_fsync_is_called_for_each_append(tmp_path, monkeypatch):
    calls = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append(fd), real(fd))[1])
    ledger = Ledger(tmp_path / "new" / "ledger.jsonl")
    ledger.append(record())
    assert len(calls) == 2, "the file and, on creation, its directory"
    ledger.append(record(n=1))
    assert len(calls) == 3


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(
    name=st.text(min_size=1, max_size=40),
    note=st.text(max_size=40),
    action=st.sampled_from(["approve", "reject", "revoke"]),
    fingerprint=st.one_of(st.none(), st.from_regex(r"sha256:[0-9a-f]{64}", fullmatch=True)),
)
def test_fast_replay_fields_agree_with_a_full_parse(tmp_path_factory, name, note, action, fingerprint):
    from dataclasses import replace

    ledger = Ledger(tmp_path_factory.mktemp("l") / "ledger.jsonl")
    saved = ledger.append(replace(record(n=1), name=name, note=note, action=action, fingerprint=fingerprint))
    (fast,) = ledger.records(replay_only=True)
    assert (fast.name, fast.action, fast.fingerprint, fast.seq, fast.hash) == (name, action, fingerprint, 1, saved.hash)
    assert fast.complete() == saved
    (full,) = ledger.records()
    assert full == saved and full.note == note

"""The ledger's fast read path (one pattern per line, records built without ``__init__``) sees what the careful path sees."""

from __future__ import annotations

import gc
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillscope.ledger.book import ReviewBook, read_verdicts
from skillscope.ledger.core.record import (
    Record,
    chain_fields,
    encode_line,
    partial_record,
    replay_fields,
    replay_record,
)
from skillscope.ledger.core.store import Ledger
from tests.ledger.helpers import record, signed_ledger


def test_a_partial_record_is_the_record_init_would_build():
    fast = partial_record("reject", "srv:x", None, 7, "sha256:" + "a" * 64, "sha256:" + "b" * 64, b"{}")
    slow = Record(
        action="reject",
        time="",
        reviewer="",
        name="srv:x",
        fingerprint=None,
        seq=7,
        prev="sha256:" + "a" * 64,
        hash="sha256:" + "b" * 64,
        raw=b"{}",
    )
    assert fast == slow and repr(fast) == repr(slow)
    assert replace(fast, note="n") == replace(slow, note="n")
    assert (fast.files, fast.sig, fast.key, fast.extra, fast.raw) == ((), "", "", {}, b"{}")
    with pytest.raises(AttributeError):
        fast.name = "other"  # type: ignore[misc]
    assert fast.extra is not partial_record("reject", "srv:x", None, 7, "", "", b"{}").extra


@settings(max_examples=100, deadline=None)
@given(
    signed=st.booleans(),
    name=st.text(min_size=1, max_size=30),
    action=st.sampled_from(["approve", "reject", "revoke"]),
    # Some fingerprints a careless or hostile server might have had recorded, not only well-formed ones.
    fingerprint=st.one_of(st.none(), st.from_regex(r"sha256:[0-9a-f]{64}", fullmatch=True), st.text(max_size=80)),
)
def test_fast_and_careful_reads_of_a_line_agree(tmp_path_factory, signed, name, action, fingerprint):
    path = tmp_path_factory.mktemp("l") / "ledger.jsonl"
    ledger = signed_ledger(path) if signed else Ledger(path)
    ledger.append(record(n=0))
    saved = ledger.append(replace(record(n=1), name=name, action=action, fingerprint=fingerprint))
    line = path.read_bytes().splitlines()[1]
    careful = replay_record(line, *chain_fields(line))
    head = replay_fields(line)
    if head is not None:  # lines the pattern does not take are read carefully, which the records below show
        assert head == (saved.hash, saved.prev, 2, action, name, fingerprint)
    (_, fast) = Ledger(path).records(replay_only=True)
    assert fast == careful and fast.complete() == saved


def test_an_edited_line_is_found_with_the_cache_of_checked_lines_warm(tmp_path):
    path = tmp_path / "ledger.jsonl"
    ledger = signed_ledger(path)
    for n in range(3):
        ledger.append(record(name=f"srv:skill-{n}", n=n))
    assert ReviewBook(path).ledger.verify().ok  # every line is now in the cache
    lines = path.read_bytes().splitlines(keepends=True)
    lines[1] = lines[1].replace(b"srv:skill-1", b"srv:skill-9")
    path.write_bytes(b"".join(lines))
    result = ReviewBook(path).ledger.verify()
    assert [(p.line, p.kind) for p in result.problems] == [(2, "edited")]


def test_a_rehashed_edit_still_fails_its_signature_with_the_cache_warm(tmp_path):
    path = tmp_path / "ledger.jsonl"
    ledger = signed_ledger(path)
    saved = [ledger.append(record(name=f"srv:skill-{n}", n=n)) for n in range(3)]
    assert ReviewBook(path).ledger.verify().ok
    # Someone rewrites the second review's name and fixes up its hash, but cannot sign it again.
    forged, _ = encode_line(replace(saved[1], name="srv:skill-9"))
    lines = path.read_bytes().splitlines(keepends=True)
    lines[1] = forged.encode()
    path.write_bytes(b"".join(lines))
    result = ReviewBook(path).ledger.verify()
    assert [(p.line, p.kind) for p in result.problems] == [(2, "signature"), (3, "chain")]
    with pytest.raises(Exception, match="damaged"):
        read_verdicts(path)


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_the_ledger_leaves_the_cycle_collector_as_it_found_it(tmp_path, enabled):
    path = tmp_path / "ledger.jsonl"
    Ledger(path).append(record())
    (gc.enable if enabled else gc.disable)()
    try:
        read_verdicts(path)
        assert gc.isenabled() is enabled
    finally:
        gc.enable()

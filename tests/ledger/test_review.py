"""Replaying verdicts, review states with drift, and exports, checked against a simple model."""

from __future__ import annotations

import json

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from skillscope.ledger.core.record import FileEntry, Record
from skillscope.ledger.core.verdicts import diff_files, replay, review_state
from skillscope.ledger.team.export import export_approved
from tests.ledger.helpers import record

FP = ["sha256:" + c * 64 for c in "abc"]
NAMES = ["srv:a", "srv:b", "other:a"]

actions = st.lists(
    st.tuples(st.sampled_from(["approve", "reject", "revoke"]), st.sampled_from(NAMES), st.sampled_from(FP)),
    max_size=40,
)


def build(steps):
    return [
        Record(action=a, time="t", reviewer="r", name=n, label=n.split(":")[0], fingerprint=f, seq=i + 1)  # type: ignore[arg-type]
        for i, (a, n, f) in enumerate(steps)
    ]


def model(steps):
    """The rules in their plainest form: (the (name, fingerprint) pairs approved now, each fingerprint's verdict).

    Verdicts are by content: the latest review of a fingerprint decides, whatever the name or
    label. A revocation under a name withdraws what that name approved since its last revocation,
    and its own fingerprint, but never turns a standing rejection into a mere revocation.
    """
    content: dict[str, str] = {}
    approved_by: dict[str, set[str]] = {}
    for action, name, fp in steps:
        if action == "approve":
            content[fp] = "approve"
            approved_by.setdefault(name, set()).add(fp)
        elif action == "reject":
            content[fp] = "reject"
        else:
            for withdrawn in approved_by.pop(name, set()) | {fp}:
                if content.get(withdrawn) != "reject":
                    content[withdrawn] = "revoke"
    pairs = {(n, f) for n, fps in approved_by.items() for f in fps if content.get(f) == "approve"}
    return pairs, content


@settings(max_examples=300)
@given(actions)
def test_replay_matches_the_model(steps):
    verdicts = replay(build(steps))
    got = {(r.name, r.fingerprint) for r in verdicts.approved_fingerprints()}
    assert got == model(steps)[0]


@settings(max_examples=200)
@given(actions, st.sampled_from(NAMES), st.sampled_from(FP))
def test_state_is_approved_exactly_when_the_model_says_so(steps, name, fp):
    state = review_state(replay(build(steps)), name, fp, [])
    verdict = model(steps)[1].get(fp)
    assert (state.state == "approved") == (verdict == "approve")
    assert (state.state == "rejected") == (verdict == "reject")


@given(actions)
def test_export_txt_lists_each_approved_fingerprint_once(steps):
    text = export_approved(replay(build(steps)), "txt")
    lines = text.splitlines()
    assert len(lines) == len(set(lines))
    assert set(lines) == {fp for _, fp in model(steps)[0]}


def test_changed_since_approval_diffs_files_without_reading():
    approved = record(fingerprint=FP[0])
    approved = Record(
        **{
            **approved.__dict__,
            "files": (
                FileEntry("skill://x/SKILL.md", "sha256:" + "1" * 64, 10),
                FileEntry("skill://x/old.md", "sha256:" + "2" * 64, 5),
                FileEntry("skill://x/same.md", "sha256:" + "3" * 64, 7),
            ),
        }
    )
    verdicts = replay([approved])
    current = [
        ("skill://x/SKILL.md", "sha256:" + "9" * 64, 11),
        ("skill://x/same.md", "sha256:" + "3" * 64, 7),
        ("skill://x/new.md", "sha256:" + "4" * 64, 3),
    ]
    state = review_state(verdicts, approved.name, FP[1], current)
    assert state.state == "changed-since-approval" and state.record is approved
    assert [(c.change, c.uri.rsplit("/", 1)[1]) for c in state.changes] == [
        ("changed", "SKILL.md"),
        ("added", "new.md"),
        ("removed", "old.md"),
    ]


def test_states_in_words():
    verdicts = replay(
        [record(name="srv:x", fingerprint=FP[0]), record(name="srv:y", action="reject", fingerprint=FP[1])]
    )
    assert review_state(verdicts, "srv:x", FP[0], []).label == "approved"
    assert review_state(verdicts, "srv:y", FP[1], []).label == "rejected"
    assert review_state(verdicts, "other:y", FP[1], []).label == "rejected under srv"  # the same content elsewhere
    assert review_state(verdicts, "srv:z", FP[2], []).label == "not reviewed"
    assert review_state(verdicts, "srv:x", None, None).state == "unverifiable"
    revoked = replay([record(name="srv:x", fingerprint=FP[0]), record(name="srv:x", action="revoke", fingerprint=None)])
    assert review_state(revoked, "srv:x", FP[0], []).state == "revoked"


def test_same_fingerprint_under_another_name_is_approved_and_says_where():
    verdicts = replay([record(name="srv:x", fingerprint=FP[0])])
    state = review_state(verdicts, "other:x", FP[0], [])
    assert state.state == "approved" and state.label == "approved under srv"


def test_diff_of_identical_lists_is_empty():
    files = [FileEntry("u", "d", 1)]
    assert diff_files(files, [("u", "d", 1)]) == []


def test_json_and_yaml_exports_carry_who_and_when():
    verdicts = replay([record(name="srv:x", fingerprint=FP[0]), record(name="other:y", fingerprint=FP[1])])
    data = json.loads(export_approved(verdicts, "json"))
    assert [row["fingerprint"] for row in data["approved"]] == [FP[0], FP[1]]
    assert set(data["approved"][0]) >= {"fingerprint", "name", "uri", "label", "reviewer", "time"}
    assert yaml.safe_load(export_approved(verdicts, "yaml")) == data
    only = json.loads(export_approved(verdicts, "json", label="other"))
    assert [row["name"] for row in only["approved"]] == ["other:y"]

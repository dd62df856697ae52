"""The trust rule inside the replay, against a plain model; and where unsigned records may stand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skillscope.ledger.book import signing_order
from skillscope.ledger.cache.checked import Checked
from skillscope.ledger.core.chain import VerifyResult
from skillscope.ledger.core.record import Record
from skillscope.ledger.core.verdicts import replay, review_state

FP = ["sha256:" + c * 64 for c in "abc"]
NAMES = ["srv:a", "other:a", "srv:b"]

steps_strategy = st.lists(
    st.tuples(
        st.sampled_from(["approve", "reject", "revoke"]), st.sampled_from(NAMES), st.sampled_from(FP), st.booleans()
    ),
    max_size=30,
)


def build(steps) -> tuple[list[Record], set[str]]:
    """Records, and the hashes of those whose signature does not count."""
    records, untrusted = [], set()
    for i, (action, name, fp, trusted) in enumerate(steps):
        digest = f"sha256:{i:064d}"
        records.append(
            Record(
                action=action,
                time="t",
                reviewer="r",
                name=name,
                label=name.split(":")[0],
                fingerprint=fp,
                seq=i + 1,
                hash=digest,
            )
        )
        if not trusted:
            untrusted.add(digest)
    return records, untrusted


def model(steps, fp: str) -> str:
    """The state of content ``fp`` in plain terms: untrusted approvals never approve and never lift a verdict;
    a revocation withdraws what its name approved or claimed, and its own fingerprint."""
    verdict, claimed = None, False
    approved_by: dict[str, set[str]] = {}
    claimed_by: dict[str, set[str]] = {}
    for action, name, step_fp, trusted in steps:
        if action == "approve" and not trusted:
            claimed_by.setdefault(name, set()).add(step_fp)
            claimed = claimed or step_fp == fp
        elif action == "approve":
            approved_by.setdefault(name, set()).add(step_fp)
            if step_fp == fp:
                verdict, claimed = "approved", False
        elif action == "reject" and step_fp == fp:
            verdict, claimed = "rejected", False
        elif action == "revoke":
            withdrawn = approved_by.pop(name, set()) | claimed_by.pop(name, set()) | {step_fp}
            if fp in withdrawn and verdict != "rejected":
                verdict, claimed = "revoked", False
    if verdict in ("approved", "rejected"):
        return verdict
    if claimed:
        return "approved-untrusted"
    return verdict or "none"


@settings(max_examples=300)
@given(steps_strategy, st.sampled_from(NAMES), st.sampled_from(FP))
def test_only_trusted_approvals_approve_under_any_label(steps, name, fp):
    records, untrusted = build(steps)
    verdicts = replay(
        records, lambda r: "signed by a key not allowed for its reviewer" if r.hash in untrusted else None
    )
    state = review_state(verdicts, name, fp, [])
    expected = model(steps, fp)
    if expected in ("approved", "rejected", "approved-untrusted", "revoked"):
        assert state.state == expected
    else:
        assert state.state in ("not-reviewed", "changed-since-approval", "revoked")
    exported = {r.fingerprint for r in verdicts.approved_fingerprints()}
    assert (fp in exported) == (expected == "approved")


def result_of(keys: list[str]) -> VerifyResult:
    result = VerifyResult(records=len(keys))
    result.reviews = [(n, f"h{n}", Checked(f"r{n}", "rita", key)) for n, key in enumerate(keys, start=1)]
    return result


def test_unsigned_records_before_the_first_signed_one_are_legacy_not_damage():
    honest = result_of(["", "", "ssh-ed25519 AAAA", "ssh-ed25519 AAAA"])
    signing_order(honest)
    assert honest.ok
    unsigned_only = result_of(["", ""])
    signing_order(unsigned_only)
    assert unsigned_only.ok


def test_an_unsigned_record_after_a_signed_one_is_damage_naming_its_line():
    late = result_of(["", "ssh-ed25519 AAAA", "", "ssh-ed25519 AAAA", ""])
    signing_order(late)
    assert [(p.line, p.kind) for p in late.problems] == [(3, "unsigned"), (5, "unsigned")]
    assert late.problems[0].message.startswith("line 3: an unsigned record after the signed one on line 2")


def test_a_read_that_keeps_no_reviews_still_finds_an_unsigned_record_after_a_signed_one(tmp_path):
    from skillscope.ledger.book import ReviewBook
    from skillscope.ledger.core.store import Ledger
    from tests.ledger.helpers import record, signed_ledger

    path = tmp_path / "ledger.jsonl"
    Ledger(path).append(record(name="srv:legacy", n=0))  # before signing: a legacy record
    signed_ledger(path).append(record(name="srv:signed", n=1))
    Ledger(path).append(record(name="srv:late", n=2))
    book = ReviewBook(path)
    result, verdicts = book.read()
    assert verdicts is None and result.reviews == []  # the replay kept no list of reviews
    assert [(p.line, p.kind) for p in result.problems] == [(3, "unsigned")]
    assert [(p.line, p.kind) for p in book.check(learn=False).result.problems] == [(3, "unsigned")]

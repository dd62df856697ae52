"""The regular-expression reading of a plain signed line answers as the JSON parse does, for every line it reads."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from skillscope.ledger.cache.fastcheck import check_line, check_parsed
from skillscope.ledger.cache.plainline import plain_signed
from skillscope.ledger.core.linecheck import Checked
from skillscope.ledger.core.record import GENESIS, FileEntry, LineError, canonical_review, chain_fields, encode_line
from skillscope.ledger.core.sshsig import sign_with_key
from tests.ledger.helpers import record
from tests.ledger.test_line_check import CHANGES, KEY, PUBLIC, changed


def signed(review, *, sign_as=None) -> bytes:
    """``review`` signed (over ``sign_as`` when given: a signature of other content) and written as a line."""
    sig = sign_with_key(KEY, canonical_review(sign_as or review))
    return encode_line(replace(review, sig=sig))[0].rstrip("\n").encode()


def base(**changes):
    return replace(record(n=3), **{"nonce": "ab" * 16, "key": PUBLIC, "seq": 4, "prev": GENESIS, **changes})


def outcome(check, line: bytes):
    """What a check of ``line`` says: its result, or that it refused the signature or the line."""
    try:
        return check(line)
    except LineError as exc:
        return "bad signature" if "signature" in str(exc) else "refused"


def agree(line: bytes) -> bool:
    """True when ``plain_signed`` reads ``line`` (else it declined); then its answer is the JSON parse's."""
    fast = outcome(plain_signed, line)
    if fast is None:
        return False
    careful = outcome(lambda raw: check_parsed(raw, hashed=False), line)
    if fast == "bad signature":
        assert careful == "bad signature"
    else:
        assert fast == (chain_fields(line)[0], careful)
    return True


# Text of every kind the writer escapes: quotes, backslashes, the short escapes, other control characters,
# DEL, non-ASCII, and what is none of those.
TEXT = st.text(alphabet=st.sampled_from('ab /"\\\b\f\n\r\t\x00\x1f\x7féß\u2028😀'), max_size=6)


@settings(max_examples=300, deadline=None)
@example(  # no file listed: a size too long for the plain read is not in the line at all
    name="a",
    note="",
    reviewer="r",
    time="t",
    uri="u",
    digest="d",
    key_comment="",
    size=2**65,
    files=0,
    fingerprint=None,
    forged=False,
)
@given(
    name=TEXT,
    note=TEXT,
    reviewer=TEXT,
    time=TEXT,
    uri=TEXT,
    digest=TEXT,
    key_comment=TEXT,
    size=st.one_of(st.integers(-3, 3), st.integers(-(2**70), 2**70)),
    files=st.integers(0, 3),
    fingerprint=st.sampled_from([None, "sha256:" + "1" * 64, 'sha256:"\\']),
    forged=st.booleans(),
)
def test_a_line_the_writer_writes_is_read_as_the_json_parse_reads_it(
    name, note, reviewer, time, uri, digest, key_comment, size, files, fingerprint, forged
):
    review = base(
        name="srv:" + name,
        note=note,
        reviewer=reviewer,
        time=time,
        fingerprint=fingerprint,
        files=tuple(FileEntry(f"skill://x/{uri}{i}", f"sha256:{digest}{i}", size) for i in range(files)),
        key=f"{PUBLIC} {key_comment}" if key_comment else PUBLIC,
    )
    line = signed(review, sign_as=replace(review, note=note + "x") if forged else None)
    read = agree(line)
    # Every line whose strings need no \u escape and whose sizes have at most 18 digits is read this way (the
    # common line: no JSON parse); with no files listed, no size is in the line.
    assert read == (b"\\u" not in line and (files == 0 or len(str(abs(size))) <= 18))
    if read and not forged:
        assert check_line(line) == plain_signed(line)[1]


@settings(max_examples=400, deadline=None)
@given(**CHANGES)
def test_a_line_changed_in_any_way_is_read_as_the_json_parse_reads_it_or_left_to_it(where, key, how, value, layout):
    agree(changed(json.loads(signed(base())), where, key, how, value, layout))


@pytest.mark.parametrize(
    ("uri", "digest"),
    [
        ('a"},{"uri":"b', 'c","size":1'),  # what separates files and their fields, inside their strings
        ('a","digest":"b', 'c"},{"uri":"d'),
        ("a\\", "b\\"),  # a string that ends in a backslash, just before the separator
        ('\\"},{"uri":"', '\\","size":'),
    ],
)
def test_files_whose_strings_hold_the_separators_are_read_as_the_json_parse_reads_them(uri, digest):
    files = tuple(FileEntry(uri + str(i), digest + str(i), i) for i in range(3))
    line = signed(base(files=files))
    assert agree(line)
    assert check_line(line) == plain_signed(line)[1]


def rehashed(line: bytes) -> bytes:
    """``line`` with its hash recomputed (an edit that keeps the chain)."""
    body = line[len(b'{"hash":"sha256:') + 64 + 2 :]
    return b'{"hash":"sha256:' + hashlib.sha256(b"{" + body).hexdigest().encode() + b'",' + body


@pytest.mark.parametrize(
    ("written", "edited"),
    [
        (b'"size":120}', b'"size":-0}'),  # a JSON integer the writer never writes
        (b'"size":120}', b'"size":0120}'),
        (b'"size":120}', b'"size":120.0}'),
        (b'"size":120}', b'"size":' + b"9" * 5000 + b"}"),  # more digits than Python converts
        (b'"seq":4,', b'"seq":04,'),
        (b'"note":"note 3"', b'"note":"note\\/3"'),  # an escape the writer never writes
        (b'"note":"note 3"', b'"note":"note\\u00333"'),  # one it writes only for other text
        (b'"note":"note 3"', b'"note":"\\ud800"'),  # half a surrogate pair: no text at all
        (b'"note":"note 3"', b'"note":"note\t3"'),  # a control character written raw
        (b'"note":"note 3"', b'"note":"note \xc3\xa9"'),  # raw UTF-8, which the writer escapes
        (b'"note":"note 3"', b'"note":"note 3","note":"note 3"'),  # a key twice
        (b'"review":{"v":2,', b'"review":{"v":2 ,'),
    ],
)
def test_what_the_writer_never_writes_is_left_to_the_json_parse_which_refuses_it(written, edited):
    line = signed(base())
    assert written in line
    edited_line = rehashed(line.replace(written, edited, 1))
    assert plain_signed(edited_line) is None
    assert outcome(check_line, edited_line) in ("refused", "bad signature")


def test_an_edited_line_whose_hash_was_not_recomputed_is_not_read():
    line = signed(base()).replace(b"note 3", b"note 4")
    assert plain_signed(line) is None
    with pytest.raises(LineError):
        check_line(line)


def test_a_signature_of_other_content_fails_as_in_the_json_parse():
    review = base()
    line = signed(review, sign_as=replace(review, note="approved after all"))
    with pytest.raises(LineError, match="signature does not verify"):
        plain_signed(line)
    assert isinstance(check_line(signed(review)), Checked)

"""The first read's shortcut for signed lines accepts only lines the strict parse accepts, and signs the same bytes."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519
from hypothesis import given, settings
from hypothesis import strategies as st

from skillscope.ledger.cache.fastcheck import _signed_as_written, check_line
from skillscope.ledger.core.linecheck import Checked
from skillscope.ledger.core.record import (
    GENESIS,
    FileEntry,
    LineError,
    canonical_review,
    describe,
    encode_line,
    review_id,
    strict_decode,
)
from skillscope.ledger.core.sshsig import sign_with_key
from tests.ledger.helpers import record

KEY = ed25519.Ed25519PrivateKey.generate()
PUBLIC = " ".join(
    KEY.public_key()
    .public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    .decode()
    .split()[:2]
)


def signed_line(**changes) -> bytes:
    review = replace(record(n=3), nonce="ab" * 16, key=PUBLIC, seq=4, prev=GENESIS, **changes)
    line, _ = encode_line(replace(review, sig=sign_with_key(KEY, canonical_review(review))))
    return line.rstrip("\n").encode()


def rewritten(data: dict, *, ensure_ascii: bool = True, spaced: bool = False, sort_keys: bool = False) -> bytes:
    """``data`` written as a line (its hash recomputed the writer's way), in one of several layouts."""
    body = {k: v for k, v in data.items() if k != "hash"}
    text = json.dumps(
        body, ensure_ascii=ensure_ascii, separators=(", ", ": ") if spaced else (",", ":"), sort_keys=sort_keys
    )
    digest = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    return (f'{{"hash":"{digest}",' + text[1:]).encode()


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=4),
    st.lists(st.integers(0, 2), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(0, 2), max_size=2),
)
REVIEW_KEYS = [
    "v",
    "action",
    "name",
    "fingerprint",
    "label",
    "uri",
    "time",
    "reviewer",
    "note",
    "server",
    "protocol",
    "tool",
    "nonce",
    "files",
]


# One change to a signed line: a key of the line, its review or a file set, deleted, moved last or first,
# and the line written in the writer's layout or another one.
CHANGES = {
    "where": st.sampled_from(["outer", "review", "file"]),
    "key": st.sampled_from(["hash", "prev", "seq", "review", "sig", "key", *REVIEW_KEYS, "digest", "size", "extra"]),
    "how": st.sampled_from(["set", "delete", "append", "prepend"]),
    "value": VALUES,
    "layout": st.sampled_from(["writer", "unicode", "spaced", "sorted"]),
}


def changed(data: dict, where: str, key: str, how: str, value: object, layout: str) -> bytes:
    """The line of ``data`` (a parsed signed line, changed in place) after one change drawn from ``CHANGES``."""
    target = {"outer": data, "review": data["review"], "file": data["review"]["files"][0]}[where]
    if how == "set":
        target[key] = value
    elif how == "delete":
        target.pop(key, None)
    elif how == "append":
        target.pop(key, None)
        target[key] = value
    else:
        rest = dict(target)
        target.clear()
        target[key] = value
        target.update({k: v for k, v in rest.items() if k != key})
    return rewritten(data, ensure_ascii=layout != "unicode", spaced=layout == "spaced", sort_keys=layout == "sorted")


@settings(max_examples=400, deadline=None)
@given(**CHANGES, name=st.text(max_size=6))
def test_the_shortcut_accepts_only_what_the_strict_parse_accepts(where, key, how, value, layout, name):
    line = changed(json.loads(signed_line(name=name or "srv:x")), where, key, how, value, layout)
    fast = _signed_as_written(line)
    if fast is None:
        return  # the strict parse decides such a line, alone
    careful = strict_decode(line)
    assert careful.signed and canonical_review(careful) == fast[1]
    assert fast[0]["review"]["reviewer"] == careful.reviewer and fast[0]["key"] == careful.key


@pytest.mark.parametrize("name", ["srv:plain", "srv:ünïcode", 'srv:"quoted"\\', "srv:\u2028line"])
def test_the_shortcut_takes_every_line_the_writer_writes_and_checks_it_as_the_strict_parse_does(name):
    line = signed_line(name=name)
    assert _signed_as_written(line) is not None
    fast = check_line(line)
    careful = strict_decode(line)
    assert fast == Checked(review_id(careful), careful.reviewer, careful.key, describe(careful))
    assert fast.key == PUBLIC
    # A review whose fields changed after signing fails either way.
    data = json.loads(line)
    data["review"]["note"] = "changed"
    with pytest.raises(LineError, match="signature"):
        check_line(rewritten(data))


ASCII_TEXT = st.text(alphabet=st.characters(max_codepoint=127), max_size=8)


@settings(max_examples=300, deadline=None)
@given(
    name=ASCII_TEXT,
    note=ASCII_TEXT,
    reviewer=ASCII_TEXT,
    uri=ASCII_TEXT,
    size=st.integers(-(2**70), 2**70),
    files=st.integers(0, 3),
    fingerprint=st.sampled_from([None, "sha256:" + "1" * 64]),
)
def test_the_shortcut_writes_plain_text_lines_as_the_json_encoders_do(
    name, note, reviewer, uri, size, files, fingerprint
):
    """Plain (ASCII) lines take the field-by-field writing of both forms: control characters, DEL, quotes and
    backslashes, no files or several, a null fingerprint, any size: accepted exactly when the strict parse
    accepts the line, signing the same bytes."""
    review = replace(
        record(name="srv:" + name, fingerprint=fingerprint, n=1),
        note=note,
        reviewer=reviewer,
        files=tuple(FileEntry(f"skill://x/{uri}{i}", "sha256:" + "2" * 64, size) for i in range(files)),
        nonce="ab" * 16,
        key=PUBLIC,
        seq=4,
        prev=GENESIS,
    )
    line = encode_line(replace(review, sig=sign_with_key(KEY, canonical_review(review))))[0].rstrip("\n").encode()
    careful = strict_decode(line)
    fast = _signed_as_written(line)
    assert fast is not None and canonical_review(careful) == fast[1]
    assert check_line(line) == Checked(review_id(careful), careful.reviewer, careful.key, describe(careful))
    # The same line spaced out, its keys sorted, or a file's keys swapped is left to the strict parse.
    data = json.loads(line)
    assert _signed_as_written(rewritten(data, spaced=True)) is None
    assert _signed_as_written(rewritten(data, sort_keys=True)) is None
    if files:
        first = data["review"]["files"][0]
        data["review"]["files"][0] = {"digest": first["digest"], "uri": first["uri"], "size": first["size"]}
        assert _signed_as_written(rewritten(data)) is None

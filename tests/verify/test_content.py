"""Raw bytes from read results: text and blob to exact bytes, and normalisation hints."""

from __future__ import annotations

import base64

import pytest

from skillscope.protocol.values import parse_read
from skillscope.verify.content import ReadError, normalisation_hint, served_bytes, sha256_digest

URI = "skill://x/SKILL.md"


def result(**item):
    return parse_read({"contents": [{"uri": URI, **item}]})


def test_text_is_utf8_bytes_untouched():
    text = "\ufeff---\r\nname: café\r\n---\r\n"
    served = served_bytes(result(text=text), URI)
    assert served.data == text.encode("utf-8") and served.form == "text"
    assert served.data.startswith(b"\xef\xbb\xbf") and b"\r\n" in served.data


def test_blob_is_strict_base64():
    raw = bytes(range(256))
    assert served_bytes(result(blob=base64.b64encode(raw).decode()), URI).data == raw
    with pytest.raises(ReadError, match="not valid base64"):
        served_bytes(result(blob="AAEC!!=="), URI)


def test_text_and_blob_of_the_same_bytes_are_interchangeable():
    data = b"---\nname: x\n---\n"
    a = served_bytes(result(text=data.decode()), URI).data
    b = served_bytes(result(blob=base64.b64encode(data).decode()), URI).data
    assert a == b == data


def test_lone_surrogate_is_a_read_failure():
    with pytest.raises(ReadError, match=r"lone UTF-16 surrogate \(U\+D800 at offset 1\), which no UTF-8 bytes encode"):
        served_bytes(result(text="a\ud800b"), URI)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (parse_read({"contents": []}), "empty contents"),
        (parse_read({}), "no contents array"),
        (parse_read({"contents": "text"}), "no contents array"),
        (parse_read({"contents": [{"uri": "skill://x/other", "text": "a"}]}), "no contents item has the requested uri"),
        (result(), "neither text nor blob"),
        (result(text=5), "neither text nor blob"),
    ],
)
def test_unusable_results(value, words):
    with pytest.raises(ReadError, match=words):
        served_bytes(value, URI)


def test_the_item_with_the_requested_uri_is_used():
    value = parse_read({"contents": [{"uri": "skill://x/other", "text": "no"}, {"uri": URI, "text": "yes"}]})
    assert served_bytes(value, URI).data == b"yes"


def test_hint_for_crlf_normalisation():
    original = b"---\r\nname: a\r\n---\r\nbody\r\n"
    served = original.replace(b"\r\n", b"\n")
    assert "CRLF line ends into LF" in normalisation_hint(served, sha256_digest(original))


def test_hint_for_bom_stripping():
    original = b"\xef\xbb\xbf---\nname: a\n---\n"
    assert "stripped a UTF-8 byte order mark" in normalisation_hint(original[3:], sha256_digest(original))


def test_no_hint_for_real_tampering():
    assert normalisation_hint(b"evil", sha256_digest(b"good")) is None

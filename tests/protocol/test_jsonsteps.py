"""A large message is decoded in short steps, and accepted or refused exactly as the SDK's parser does."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillscope.protocol import jsonsteps
from skillscope.protocol.jsonsteps import loads_in_steps
from skillscope.protocol.transport import _parse, _parse_in_steps

_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5),
    max_leaves=30,
)
_spacing = st.sampled_from([None, 0, 1, "\t", " \r\n "])


def _dumps(value: Any, indent: Any) -> str:
    return json.dumps(value, indent=indent, ensure_ascii=False)


@settings(max_examples=300, deadline=None)
@given(value=_values, indent=_spacing, pad=st.sampled_from(["", " ", "\n\t "]))
def test_any_json_text_decodes_to_what_json_loads_gives(value: Any, indent: Any, pad: str) -> None:
    text = pad + _dumps(value, indent) + pad
    assert loads_in_steps(text) == json.loads(text)


@settings(max_examples=400, deadline=None)
@given(value=_values, indent=_spacing, cut=st.integers(min_value=0), junk=st.sampled_from(list(',:]}[{"x \\')))
def test_damaged_text_is_refused_exactly_when_json_loads_refuses_it(
    value: Any, indent: Any, cut: int, junk: str
) -> None:
    text = _dumps(value, indent)
    at = cut % (len(text) + 1)
    for damaged in (text[:at], text[:at] + junk + text[at:], text[:at] + text[at + 1 :]):
        try:
            expected = json.loads(damaged)
        except ValueError:
            with pytest.raises(ValueError):
                loads_in_steps(damaged)
        else:
            assert loads_in_steps(damaged) == expected


def _page(entries: int) -> bytes:
    skills = [
        {
            "name": f"skill-{n:05d}",
            "uri": f"skill://bench/team-{n % 100:02d}/skill-{n:05d}/SKILL.md",
            "frontmatter": {"name": f"skill-{n:05d}", "description": f"Skill number {n}."},
            "files": [{"path": "SKILL.md", "digest": "sha256:" + "ab" * 32, "size": 100}],
        }
        for n in range(entries)
    ]
    return json.dumps({"jsonrpc": "2.0", "id": 7, "result": {"skills": skills, "nextCursor": "c2"}}).encode()


def test_a_large_page_is_decoded_one_entry_per_call(monkeypatch) -> None:
    """What keeps the GIL (and so the TUI's keys) waiting is the longest single decode call: here one entry."""
    spans: list[int] = []
    decoder = jsonsteps._DECODER

    class Recording:
        def raw_decode(self, text: str, at: int) -> tuple[Any, int]:
            value, end = decoder.raw_decode(text, at)
            spans.append(end - at)
            return value, end

    monkeypatch.setattr(jsonsteps, "_DECODER", Recording())
    line = _page(10_000)
    message = _parse_in_steps(line)
    assert not isinstance(message, Exception)
    assert message.message == _parse(line).message
    assert len(spans) >= 10_000
    assert max(spans) < 400 < len(line) // 10_000 * 2  # one entry (~270 bytes), never the page (~2.7 MB)


_MESSAGE = '{"jsonrpc": "2.0", "id": 3, "result": {"skills": [], "text": %s}}'


@pytest.mark.parametrize(
    "line",
    [
        _MESSAGE.encode() % b'"plain"',
        _MESSAGE.encode() % b"NaN",
        _MESSAGE.encode() % b"-Infinity",
        _MESSAGE.encode() % b"1e400",
        _MESSAGE.encode() % b'"lone \\ud800 half"',
        _MESSAGE.encode() % b'"pair \\ud83d\\ude00"',
        _MESSAGE.encode() % '"caf\u00e9 \u202e"'.encode(),
        _MESSAGE.encode() % b'"raw \x01 control"',
        _MESSAGE.encode() % b'"bad utf-8 \xff"',
        b"\xef\xbb\xbf" + _MESSAGE.encode() % b"1",
        _MESSAGE.encode() % b"1" + b" trailing",
        _MESSAGE.encode() % b"1" + b"\r",
        _MESSAGE.encode() % (b"[" * 50_000 + b"]" * 50_000),
        b'{"jsonrpc": "2.0", "id": 1.5, "result": {}}',
        b'{"jsonrpc": "1.0", "id": 1, "result": {}}',
        b'{"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": 1}}',
        b'{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}',
        b'{"jsonrpc": "2.0", "id": 1, "result": {}, "result": []}',
        b"[]",
        b"",
    ],
)
def test_a_stepped_parse_accepts_and_refuses_what_the_sdk_parser_does(line: bytes) -> None:
    stepped, whole = _parse_in_steps(line), _parse(line)
    if isinstance(whole, Exception):
        assert isinstance(stepped, Exception)
        assert str(stepped) == str(whole)  # the error is the SDK's own, word for word
    else:
        assert not isinstance(stepped, Exception), stepped
        assert repr(stepped.message) == repr(whole.message)  # repr: NaN is not equal to itself

"""Lone surrogate escapes are marked, valid pairs and escaped backslashes are left alone."""

from __future__ import annotations

import json

from skillscope.core.surrogates import LONE_SURROGATE, lone_surrogate_at, mark_lone_surrogates
from skillscope.protocol.transport import _hold_escape_tail


def test_lone_halves_are_marked_and_pairs_kept():
    # The mark, then the surrogate it stands for, kept as U+10F800 + (surrogate - U+D800).
    assert json.loads(mark_lone_surrogates(rb'"a\ud800b"')) == f"a{LONE_SURROGATE}\U0010f800b"
    assert json.loads(mark_lone_surrogates(rb'"\udc00"')) == f"{LONE_SURROGATE}\U0010fc00"
    assert json.loads(mark_lone_surrogates(rb'"\ud83d\ude00"')) == "\U0001f600"
    assert json.loads(mark_lone_surrogates(rb'"\\ud800"')) == "\\ud800"
    assert json.loads(mark_lone_surrogates(rb'"\ud800\ud800\udc00"')) == f"{LONE_SURROGATE}\U0010f800\U00010000"


def test_which_surrogate_stood_where_is_read_back():
    assert lone_surrogate_at(json.loads(mark_lone_surrogates(rb'"run this \uDFFF now \ud800"'))) == (0xDFFF, 9)
    assert lone_surrogate_at(json.loads(mark_lone_surrogates(rb'"\udffe"'))) == (0xDFFE, 0)  # kept as the mark itself
    assert lone_surrogate_at("left in by a parser: \ud801") == (0xD801, 21)
    assert lone_surrogate_at(f"sent as is: {LONE_SURROGATE}") == (None, 12)  # no transport wrote it
    assert lone_surrogate_at("\U0001f600 and \U0010f800 are text") is None


def test_a_stream_holds_back_only_a_possibly_unfinished_escape():
    assert _hold_escape_tail(b'data: {"a": "x\\ud8') == (b'data: {"a": "x', b"\\ud8")
    assert _hold_escape_tail(b'data: {"a": "\\n"}\n\n') == (b'data: {"a": "\\n"}\n\n', b"")
    assert _hold_escape_tail(b"plain") == (b"plain", b"")

"""Lone surrogate escapes are marked, valid pairs and escaped backslashes are left alone."""

from __future__ import annotations

import json

from skillscope.core.surrogates import LONE_SURROGATE, mark_lone_surrogates
from skillscope.protocol.transport import _hold_escape_tail


def test_lone_halves_are_marked_and_pairs_kept():
    assert json.loads(mark_lone_surrogates(rb'"a\ud800b"')) == f"a{LONE_SURROGATE}b"
    assert json.loads(mark_lone_surrogates(rb'"\udc00"')) == LONE_SURROGATE
    assert json.loads(mark_lone_surrogates(rb'"\ud83d\ude00"')) == "\U0001f600"
    assert json.loads(mark_lone_surrogates(rb'"\\ud800"')) == "\\ud800"
    assert json.loads(mark_lone_surrogates(rb'"\ud800\ud800\udc00"')) == LONE_SURROGATE + "\U00010000"


def test_a_stream_holds_back_only_a_possibly_unfinished_escape():
    assert _hold_escape_tail(b'data: {"a": "x\\ud8') == (b'data: {"a": "x', b"\\ud8")
    assert _hold_escape_tail(b'data: {"a": "\\n"}\n\n') == (b'data: {"a": "\\n"}\n\n', b"")
    assert _hold_escape_tail(b"plain") == (b"plain", b"")

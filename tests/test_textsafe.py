"""The one sanitiser: control sequences and hidden characters never reach a terminal raw."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from skillscope.core.textsafe import has_hidden_characters, safe_line, safe_text


def test_escape_sequences_become_visible():
    assert safe_text("a\x1b]0;pwned\x07b") == "a\\x1b]0;pwned\\x07b"
    assert safe_text("\x9b31m") == "\\x9b31m"


def test_hidden_unicode_becomes_visible():
    assert safe_text("gnp\u202e.exe") == "gnp\\u202e.exe"
    assert safe_text("a\u200bb") == "a\\u200bb"
    assert safe_text("x\U000e0041") == "x\\U000e0041"


def test_newlines_kept_or_escaped():
    assert safe_text("a\nb\tc") == "a\nb\tc"
    assert safe_line("a\nb") == "a\\nb"


def test_markup_is_left_as_text():
    assert safe_text("[bold red]x[/]") == "[bold red]x[/]"


@given(st.text())
def test_no_control_character_survives(value):
    out = safe_line(value, limit=10_000)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in out)
    assert not has_hidden_characters(out)

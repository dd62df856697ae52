"""The one table of characters that hide, reorder or control text: what each is and whether it is legitimate."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

__all__ = [
    "Kind",
    "letter_scripts",
    "KIND_CHECK",
    "HiddenRun",
    "classify",
    "hidden_runs",
    "escape_char",
    "escape_run",
    "describe",
    "decode_tags",
    "decode_variation_selectors",
]

Kind = Literal["control", "bidi", "invisible", "tag", "variation-selector"]
"""What a hidden character does: move or rewrite a terminal, reorder text, vanish, carry tag text, select glyphs."""

KIND_CHECK: dict[str, str] = {
    "control": "skillscope/control-sequence",
    "bidi": "skillscope/bidi-control",
    "invisible": "skillscope/invisible-character",
    "tag": "skillscope/tag-characters",
    "variation-selector": "skillscope/variation-selectors",
}
"""The audit check that reports each kind."""

# The table. Ranges are inclusive; a character matches the first row that holds it, and
# everything else in the categories below (format, control, surrogate, private use,
# unassigned, line and paragraph separators) is invisible.
_TABLE: tuple[tuple[int, int, Kind], ...] = (
    (0x0000, 0x001F, "control"),  # C0 (TAB and LF are exempt below)
    (0x007F, 0x009F, "control"),  # DEL and C1
    (0xDC80, 0xDCFF, "control"),  # a byte that is not UTF-8, kept by surrogateescape decoding
    (0x061C, 0x061C, "bidi"),  # Arabic letter mark
    (0x200E, 0x200F, "bidi"),  # LRM, RLM
    (0x202A, 0x202E, "bidi"),  # embeddings and overrides
    (0x2066, 0x2069, "bidi"),  # isolates
    (0x180B, 0x180D, "variation-selector"),  # Mongolian free variation selectors
    (0x180F, 0x180F, "variation-selector"),
    (0xFE00, 0xFE0F, "variation-selector"),  # VS1-VS16
    (0xE0100, 0xE01EF, "variation-selector"),  # VS17-VS256
    (0xE0000, 0xE007F, "tag"),  # tag characters: invisible ASCII
    (0x115F, 0x1160, "invisible"),  # Hangul choseong and jungseong fillers
    (0x3164, 0x3164, "invisible"),  # Hangul filler
    (0xFFA0, 0xFFA0, "invisible"),  # halfwidth Hangul filler
    (0x034F, 0x034F, "invisible"),  # combining grapheme joiner
    (0x2800, 0x2800, "invisible"),  # Braille pattern blank
    (0x200B, 0x200D, "invisible"),  # zero width space, non-joiner, joiner
    (0x2060, 0x2064, "invisible"),  # word joiner, invisible operators
    (0xFEFF, 0xFEFF, "invisible"),  # zero width no-break space (BOM)
    (0x00AD, 0x00AD, "invisible"),  # soft hyphen
    (0x180E, 0x180E, "invisible"),  # Mongolian vowel separator
    (0xFFF9, 0xFFFB, "invisible"),  # interlinear annotation anchor, separator, terminator
    (0x1D173, 0x1D17A, "invisible"),  # musical symbol format characters (begin/end beam, tie, slur, phrase)
)
_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_EXEMPT = frozenset("\t\n")
_VS_TEXT_EMOJI = frozenset("\ufe0e\ufe0f")
_ZWJ, _ZWNJ = "\u200d", "\u200c"
_KEYCAP_BASES = frozenset("#*0123456789")


@lru_cache(maxsize=4096)
def classify(char: str) -> Kind | None:
    """The kind of a hidden character, or None for an ordinary visible one (TAB and LF included)."""
    if char in _EXEMPT:
        return None
    code = ord(char)
    for low, high, kind in _TABLE:
        if low <= code <= high:
            return kind
    if unicodedata.category(char) in _CATEGORIES:
        return "invisible"
    return None


@lru_cache(maxsize=64)
def _pattern(chars: frozenset[str]) -> re.Pattern[str]:
    return re.compile("[" + "".join(re.escape(c) for c in sorted(chars)) + "]")


def _candidates(text: str) -> re.Pattern[str] | None:
    """A pattern for exactly the hidden characters this text holds (set() runs at C speed)."""
    found = frozenset(c for c in set(text) if classify(c) is not None)
    return _pattern(found) if found else None


def _is_emoji_base(char: str) -> bool:
    category = unicodedata.category(char)
    return category in ("So", "Sm") or char in _KEYCAP_BASES or char in "\u203c\u2049\u2122\u2139\u3030\u303d"


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return (
        0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0x20000 <= code <= 0x3FFFF
    )


def _is_script_letter(char: str) -> bool:
    """A letter or mark outside ASCII: joiners are part of spelling in Indic, Arabic and Persian text."""
    return not char.isascii() and unicodedata.category(char)[0] in ("L", "M")


@dataclass(frozen=True)
class HiddenRun:
    """A run of adjacent hidden characters of one kind in a text.

    Attributes:
        start: index of the first character.
        end: index after the last character.
        kind: what the characters are.
        flagged: False for a harmless use that is still shown as an escape (a leading byte order
            mark, the CR of a CRLF line end); True for everything the audit reports.
    """

    start: int
    end: int
    kind: Kind
    flagged: bool = True


def _legitimate(text: str, index: int, char: str) -> bool:
    """True for uses rendered as they are: one VS15/VS16 after an emoji or CJK base, a joiner inside a sequence."""
    before = text[index - 1] if index > 0 else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    kind = classify(char)
    if kind == "variation-selector":
        if (
            before == ""
            or classify(before) == "variation-selector"
            or (after and classify(after) == "variation-selector")
        ):
            return False  # a run of selectors encodes data; one alone after nothing is meaningless
        # Only VS15/VS16 (text or emoji presentation): two values carry next to no data, while
        # any other selector after every character would be a channel of a byte each.
        return char in _VS_TEXT_EMOJI and (_is_emoji_base(before) or _is_cjk(before))
    if char == _ZWJ:
        emoji_before = _is_emoji_base(before) or before in _VS_TEXT_EMOJI or "\U0001f3fb" <= before <= "\U0001f3ff"
        if emoji_before and after and _is_emoji_base(after):
            return True
    if char in (_ZWJ, _ZWNJ):
        return bool(before and after) and _is_script_letter(before) and _is_script_letter(after)
    return False


def _subdivision_flag(text: str, start: int) -> int:
    """End of a flag tag sequence (U+1F3F4, 2-6 tag letters or digits, cancel tag) starting at ``start``, or -1."""
    if start == 0 or text[start - 1] != "\U0001f3f4":
        return -1
    end = start
    while (
        end < len(text)
        and end - start < 7
        and ("\U000e0030" <= text[end] <= "\U000e0039" or "\U000e0061" <= text[end] <= "\U000e007a")
    ):
        end += 1
    if 2 <= end - start <= 6 and end < len(text) and text[end] == "\U000e007f":
        return end + 1
    return -1


def hidden_runs(text: str) -> Iterator[HiddenRun]:
    """Every run of hidden characters, legitimate uses left out, in order.

    Adjacent characters of the same kind form one run, so a run of tag characters or variation
    selectors that spells out text is one run the caller can decode.
    """
    pattern = _candidates(text)
    if pattern is None:
        return
    run: HiddenRun | None = None
    skip_to = 0
    for match in pattern.finditer(text):
        index = match.start()
        if index < skip_to:
            continue
        char = match.group(0)
        kind = classify(char)
        assert kind is not None
        if kind == "tag":
            end = _subdivision_flag(text, index)
            if end > 0:
                skip_to = end
                continue
        if _legitimate(text, index, char):
            continue
        harmless = (index == 0 and char == "\ufeff") or (char == "\r" and text.startswith("\n", index + 1))
        if run is not None and run.end == index and run.kind == kind and run.flagged != harmless:
            run = HiddenRun(run.start, index + 1, kind, run.flagged)
            continue
        if run is not None:
            yield run
        run = HiddenRun(index, index + 1, kind, not harmless)
    if run is not None:
        yield run


def escape_char(char: str) -> str:
    """The visible escape of one character: ``\\x1b``, ``\\u200b`` or ``\\U000e0041``."""
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte: show the byte itself
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def escape_run(chars: str) -> str:
    """The visible escapes of several characters."""
    return "".join(escape_char(c) for c in chars)


def describe(chars: str) -> str:
    """Name the characters of a run: ``U+200B ZERO WIDTH SPACE`` (with a count when several differ)."""
    first = chars[0]
    if "\udc80" <= first <= "\udcff":
        text = f"byte 0x{ord(first) - 0xDC00:02X} that is not UTF-8"
        return text + (f" and {len(chars) - 1} more" if len(chars) > 1 else "")
    name = unicodedata.name(first, "") or {
        "Cn": "unassigned",
        "Co": "private use",
        "Cs": "surrogate",
        "Cc": "control",
    }.get(unicodedata.category(first), "")
    text = f"U+{ord(first):04X} {name}".rstrip()
    if len(chars) > 1:
        text += f" and {len(chars) - 1} more"
    return text


def decode_tags(chars: str) -> str:
    """The ASCII text that tag characters spell (each is U+E0000 plus an ASCII code)."""
    return "".join(chr(ord(c) - 0xE0000) for c in chars if 0x20 <= ord(c) - 0xE0000 < 0x7F)


def decode_variation_selectors(chars: str) -> bytes:
    """The bytes a run of variation selectors encodes: VS1-VS16 are 0-15, VS17-VS256 are 16-255."""
    out = bytearray()
    for char in chars:
        code = ord(char)
        if 0xFE00 <= code <= 0xFE0F:
            out.append(code - 0xFE00)
        elif 0xE0100 <= code <= 0xE01EF:
            out.append(code - 0xE0100 + 16)
    return bytes(out)


def letter_scripts(text: str) -> set[str]:
    """The scripts of ``text``'s letters, by the first word of each letter's Unicode name
    (``LATIN``, ``CYRILLIC``, ``GREEK``...; ``UNKNOWN`` for a letter without a name).

    Paths and hosts that mix scripts are how look-alike names are spotted."""
    scripts = set()
    for char in text:
        if char.isalpha():
            name = unicodedata.name(char, "")
            scripts.add(name.split(" ", 1)[0] if name else "UNKNOWN")
    return scripts

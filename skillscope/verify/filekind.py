"""Text or binary, decided by content and tolerantly: a stray byte never hides a script from review."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["MAGIC", "FileText", "BinaryString", "read_as", "printable_strings"]

MAGIC: tuple[tuple[bytes, str, str | None], ...] = (
    # (first bytes, what it is, the audit check it raises or None)
    (b"\x7fELF", "ELF executable", "skillscope/native-executable"),
    (b"MZ", "Windows PE executable", "skillscope/native-executable"),
    (b"\xfe\xed\xfa\xce", "Mach-O executable", "skillscope/native-executable"),
    (b"\xfe\xed\xfa\xcf", "Mach-O executable", "skillscope/native-executable"),
    (b"\xce\xfa\xed\xfe", "Mach-O executable", "skillscope/native-executable"),
    (b"\xcf\xfa\xed\xfe", "Mach-O executable", "skillscope/native-executable"),
    (b"\xca\xfe\xba\xbe", "Mach-O universal binary or Java class", "skillscope/native-executable"),
    (b"\x00asm", "WebAssembly module", "skillscope/native-executable"),
    (b"PK\x03\x04", "ZIP archive", "skillscope/archive"),
    (b"\x1f\x8b", "gzip archive", "skillscope/archive"),
    (b"BZh", "bzip2 archive", "skillscope/archive"),
    (b"\xfd7zXZ\x00", "xz archive", "skillscope/archive"),
    (b"7z\xbc\xaf\x27\x1c", "7-Zip archive", "skillscope/archive"),
    (b"Rar!\x1a\x07", "RAR archive", "skillscope/archive"),
    (b"\x28\xb5\x2f\xfd", "zstd archive", "skillscope/archive"),
    (b"\x89PNG\r\n\x1a\n", "PNG image", None),
    (b"\xff\xd8\xff", "JPEG image", None),
    (b"GIF87a", "GIF image", None),
    (b"GIF89a", "GIF image", None),
    (b"%PDF-", "PDF document", None),
    (b"SQLite format 3\x00", "SQLite database", None),
)
"""Known magic numbers: a file that starts with one of these is binary whatever else it holds."""

_STRING = re.compile(rb"[\x09\x20-\x7e]{4,}")
_BYTE_ESCAPE = re.compile("[\udc80-\udcff]")
_NOT_CONTROL = bytes(b for b in range(256) if b >= 0x20 or b in b"\t\n\r\f\v")


@dataclass(frozen=True)
class BinaryString:
    """A run of printable bytes inside a binary, with its offset."""

    offset: int
    text: str


@dataclass(frozen=True)
class FileText:
    """How a file is read for review.

    Attributes:
        binary: True only for real binaries (a known magic number, or many NUL or non-UTF-8 bytes).
        text: for a text file, its UTF-8 text; a byte that is not UTF-8 stays in it as a lone
            surrogate U+DC80-U+DCFF (Python's surrogateescape), which every view shows as ``\\xNN``
            and the audit reports. For a binary, its printable strings, one per line.
        bad_bytes: how many bytes were not UTF-8 (text files).
        magic: what the magic number says, when one matched.
        strings: a binary's printable strings with their offsets.
    """

    binary: bool
    text: str
    bad_bytes: int = 0
    magic: str | None = None
    check: str | None = None
    strings: list[BinaryString] = field(default_factory=list)


def _magic(data: bytes) -> tuple[str, str | None] | None:
    for magic, what, check in MAGIC:
        if data.startswith(magic) and not (magic == b"MZ" and len(data) < 64):
            return what, check
    return None


def printable_strings(data: bytes, *, minimum: int = 4) -> list[BinaryString]:
    """Runs of at least ``minimum`` printable ASCII bytes, as ``strings(1)`` finds them."""
    pattern = _STRING if minimum == 4 else re.compile(rb"[\x09\x20-\x7e]{%d,}" % minimum)
    return [BinaryString(m.start(), m.group(0).decode("ascii")) for m in pattern.finditer(data)]


def read_as(data: bytes, path: str) -> FileText:
    """Decide text or binary by content and decode accordingly.

    A file is text when it decodes as UTF-8 with at most a few bad bytes and NULs (one in a
    thousand, and at least eight, are tolerated) and at most one byte in ten is a bad byte or a
    control character; or when it starts with a shebang or lives under ``scripts/``. It is
    binary when it starts with a known magic number, or is noisier than that.
    """
    magic = _magic(data)
    if magic is None:
        text = data.decode("utf-8", errors="surrogateescape")
        bad = len(_BYTE_ESCAPE.findall(text)) if not text.isascii() else 0
        tolerated = max(8, len(data) // 1000)
        scripted = data.startswith(b"#!") or path.startswith("scripts/")
        noise = bad + len(data.translate(None, _NOT_CONTROL))  # NUL and other C0 controls
        if scripted or (bad <= tolerated and data.count(0) <= tolerated and noise * 10 <= len(data)):
            return FileText(False, text, bad)
    strings = printable_strings(data)
    what, check = magic if magic is not None else (None, None)
    return FileText(True, "\n".join(s.text for s in strings), magic=what, check=check, strings=strings)

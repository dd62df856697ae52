"""Scan verified file content and server-written strings for hidden text and risky material."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

from skillscope.textsafe import safe_line

__all__ = ["Hit", "scan_text", "scan_string", "scan_bytes_kind", "EXCERPT"]

EXCERPT = 60
"""Characters of context on each side of a hit in an excerpt."""


@dataclass(frozen=True)
class Hit:
    """One match: which check, where (1-based line and column), what it says, and an excerpt."""

    id: str
    message: str
    line: int | None = None
    column: int | None = None
    excerpt: str | None = None


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
_INVISIBLE = re.compile("[\u200b-\u200d\u2060-\u2064\ufeff\u00ad\u034f\u180e\u115f\u1160\u3164\uffa0]")
_TAGS = re.compile("[\U000e0000-\U000e007f]+")
_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
_LINK_TITLE = re.compile(r"\]\(\s*<?[^)\s>]+>?\s+(\"[^\"]*\"|'[^']*'|\([^)]*\))\s*\)")
_REFERENCE = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*(\S+)(.*)$", re.MULTILINE)
_URL = re.compile(r"\b(?:https?|ftp|file|data|javascript)://[^\s<>\"'`)\]]+|\bwww\.[^\s<>\"'`)\]]+", re.IGNORECASE)
_DIRECTIVE = re.compile(r"!`[^`\n]+`")
# Each pattern with words that must occur for it to match at all (a cheap guard before the regex).
_RISKY = [
    (("curl", "wget", "fetch"), re.compile(r"\b(?:curl|wget|fetch)\b[^\n|;]*\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b"), "downloads and runs a script (… | sh)"),
    (("base64",), re.compile(r"\bbase64\s+(?:-d|--decode|-D)\b[^\n]*\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"), "decodes and runs hidden content (base64 -d | sh)"),
    (("python", "node", "perl", "ruby"), re.compile(r"\b(?:python3?|node|perl|ruby)\s+-(?:c|e)\s+[^\n]*(?:urlopen|requests\.get|fetch\(|http\.get)"), "runs code fetched from the network"),
    (("eval",), re.compile(r"\beval\s*[\(\"'`$]"), "uses eval"),
    (("chmod",), re.compile(r"\bchmod\s+(?:[ugoa]*\+x|[0-7]*[1357][0-7]{0,2})\b"), "makes a file executable (chmod +x)"),
    (("rm",), re.compile(r"\brm\s+-(?:[a-zA-Z]*r[a-zA-Z]*f|[a-zA-Z]*f[a-zA-Z]*r)\b"), "deletes recursively (rm -rf)"),
]
_MAGIC = [
    (b"\x7fELF", "skillscope/native-executable", "ELF executable"),
    (b"MZ", "skillscope/native-executable", "Windows PE executable"),
    (b"\xfe\xed\xfa\xce", "skillscope/native-executable", "Mach-O executable"),
    (b"\xfe\xed\xfa\xcf", "skillscope/native-executable", "Mach-O executable"),
    (b"\xce\xfa\xed\xfe", "skillscope/native-executable", "Mach-O executable"),
    (b"\xcf\xfa\xed\xfe", "skillscope/native-executable", "Mach-O executable"),
    (b"\xca\xfe\xba\xbe", "skillscope/native-executable", "Mach-O universal binary"),
    (b"PK\x03\x04", "skillscope/archive", "ZIP archive"),
    (b"\x1f\x8b", "skillscope/archive", "gzip archive"),
    (b"BZh", "skillscope/archive", "bzip2 archive"),
    (b"\xfd7zXZ\x00", "skillscope/archive", "xz archive"),
    (b"7z\xbc\xaf\x27\x1c", "skillscope/archive", "7-Zip archive"),
    (b"Rar!\x1a\x07", "skillscope/archive", "RAR archive"),
]
_ARCHIVE_SUFFIXES = (".zip", ".tar", ".tgz", ".tar.gz", ".gz", ".bz2", ".xz", ".7z", ".rar", ".jar", ".whl")


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    return line, index - start + 1


def _excerpt(text: str, start: int, end: int) -> str:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    lo, hi = max(line_start, start - EXCERPT), min(line_end, end + EXCERPT)
    prefix = "…" if lo > line_start else ""
    suffix = "…" if hi < line_end else ""
    return prefix + safe_line(text[lo:hi], limit=4 * EXCERPT + 40) + suffix


def _hits(text: str, pattern: re.Pattern[str], check: str, message: str) -> Iterator[Hit]:
    for match in pattern.finditer(text):
        line, column = _position(text, match.start())
        yield Hit(check, message, line, column, _excerpt(text, match.start(), match.end()))


def _hidden_characters(text: str) -> Iterator[Hit]:
    yield from _hits(text, _CONTROL, "skillscope/control-sequence", "terminal control character")
    yield from _hits(text, _BIDI, "skillscope/bidi-control", "bidirectional control character")
    for hit in _hits(text, _INVISIBLE, "skillscope/invisible-character", "invisible character"):
        if not (hit.line == 1 and hit.column == 1 and text.startswith("\ufeff")):  # a byte order mark is not hidden text
            yield hit
    for match in _TAGS.finditer(text):
        hidden = "".join(chr(ord(c) - 0xE0000) for c in match.group(0) if 0x20 <= ord(c) - 0xE0000 < 0x7F)
        line, column = _position(text, match.start())
        yield Hit(
            "skillscope/tag-characters",
            f"Unicode tag characters hide the text {safe_line(hidden, limit=120)!r}",
            line, column, _excerpt(text, match.start(), match.end()),
        )


def scan_string(value: str) -> list[Hit]:
    """Hidden characters in a server-written string (a name, description or file name)."""
    return list(_hidden_characters(value))


def scan_text(text: str, path: str, *, markdown: bool) -> list[Hit]:
    """Every content check on a verified text file.

    Args:
        text: the file decoded as UTF-8.
        path: its path relative to the skill directory (for script detection).
        markdown: whether the file is Markdown (SKILL.md and *.md).
    """
    hits = list(_hidden_characters(text))
    if markdown and "<!--" in text:
        for match in _COMMENT.finditer(text):
            line, column = _position(text, match.start())
            inner = safe_line(match.group(1).strip(), limit=160)
            hits.append(Hit("skillscope/hidden-markdown", f"HTML comment hidden when rendered: {inner!r}", line, column, _excerpt(text, match.start(), match.end())))
    if markdown and "](" in text:
        for match in _LINK_TITLE.finditer(text):
            line, column = _position(text, match.start(1))
            hits.append(Hit("skillscope/hidden-markdown", f"link title shown only on hover: {safe_line(match.group(1), limit=160)}", line, column, _excerpt(text, match.start(), match.end())))
    if markdown and "]:" in text:
        for match in _REFERENCE.finditer(text):
            line, column = _position(text, match.start())
            hits.append(Hit("skillscope/markdown-reference", f"reference definition [{safe_line(match.group(1), limit=60)}] -> {safe_line(match.group(2), limit=160)}", line, column, _excerpt(text, match.start(), match.end())))
    for words, pattern, what in _RISKY:
        if not any(word in text for word in words):
            continue
        for match in pattern.finditer(text):
            line, column = _position(text, match.start())
            hits.append(Hit("skillscope/risky-shell", f"risky shell pattern: {what}", line, column, _excerpt(text, match.start(), match.end())))
    if "!`" in text:
        hits.extend(_hits(text, _DIRECTIVE, "skillscope/command-directive", "command directive runs a command when loaded"))
    seen: set[str] = set()
    for match in _URL.finditer(text) if ("://" in text or "ww." in text.lower()) else ():
        url = match.group(0).rstrip(".,;:")
        if url in seen:
            continue
        seen.add(url)
        domain = urlsplit(url if "://" in url else "http://" + url).hostname or "?"
        line, column = _position(text, match.start())
        hits.append(Hit("skillscope/url", f"URL to {safe_line(domain, limit=120)}: {safe_line(url, limit=200)}", line, column, _excerpt(text, match.start(), match.end())))
    if text.startswith("#!"):
        first = text.split("\n", 1)[0]
        hits.append(Hit("skillscope/script", f"script with interpreter {safe_line(first[2:].strip(), limit=120)!r}", 1, 1, safe_line(first, limit=200)))
    elif path.startswith("scripts/"):
        hits.append(Hit("skillscope/script", "file under scripts/", None, None, None))
    return hits


def scan_bytes_kind(data: bytes, path: str) -> list[Hit]:
    """Executables and archives recognised by their first bytes or their name."""
    for magic, check, what in _MAGIC:
        if data.startswith(magic) and not (magic == b"MZ" and len(data) < 64):
            return [Hit(check, f"{what} ({len(data):,} bytes)")]
    if path.lower().endswith(_ARCHIVE_SUFFIXES):
        return [Hit("skillscope/archive", f"archive by its name ({len(data):,} bytes)")]
    return []

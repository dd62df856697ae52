"""Words in files a page tells the agent to read: an instruction is an instruction wherever it sits.

A skill can say "before converting, read ``assets/reference.svg``" and hide its order in the SVG's ``<desc>``, in a
cell of a CSV it calls its synonyms list, or in the doc comment of a source file it sends the agent to. Those files
are neither Markdown nor configuration, so the prose rules never read them. Here, for each such file that SKILL.md or
a reference page names, the human words in it are laid out at their own offsets (markup, code and separators become
spaces, so every finding keeps its line) and read by the instruction rules as prose is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["told_text", "named_by_pages"]

_MARKUP = (".svg", ".xml", ".html", ".htm", ".xhtml")
_TABLE = (".csv", ".tsv")
_CODE_COMMENT = {
    ".go": ("//",),
    ".rs": ("//",),
    ".js": ("//",),
    ".mjs": ("//",),
    ".cjs": ("//",),
    ".ts": ("//",),
    ".java": ("//",),
    ".kt": ("//",),
    ".swift": ("//",),
    ".c": ("//",),
    ".h": ("//",),
    ".cs": ("//",),
    ".dart": ("//",),
    ".py": ("#",),
    ".rb": ("#",),
    ".sh": ("#",),
    ".r": ("#",),
    ".pl": ("#",),
    ".ex": ("#",),
    ".exs": ("#",),
    ".jl": ("#",),
    ".lua": ("--",),
    ".sql": ("--",),
}
_PAGES = re.compile(r"(?:^|/)SKILL\.md$|(?:^|/)references/[^/]+\.md$", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]*>")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


def named_by_pages(texts: Mapping[str, str]) -> set[str]:
    """The files SKILL.md or a reference page names by their path in the skill (``assets/x.svg``, ``doc.go``)."""
    pages = [text for path, text in texts.items() if _PAGES.search(path)]
    named: set[str] = set()
    for path in texts:
        if _PAGES.search(path):
            continue
        base = path.rsplit("/", 1)[-1]
        if any(
            path in page or (len(base) > 4 and re.search(rf"(?<![\w./-]){re.escape(base)}\b", page)) for page in pages
        ):
            named.add(path)
    return named


def told_text(path: str, text: str) -> str | None:
    """The human words of a markup, table or source file, each at its offset (all else blanked), or None for a file
    of another kind."""
    lower = path.lower()
    if lower.endswith(_MARKUP):
        return _TAG.sub(lambda m: " " * len(m.group(0)), text)
    if lower.endswith(_TABLE):
        return re.sub(r"[,\t\"]", " ", text)
    marks = next((m for suffix, m in _CODE_COMMENT.items() if lower.endswith(suffix)), None)
    if marks is None:
        return None
    out = [" " * len(line) for line in text.split("\n")]
    lines = text.split("\n")
    for index, line in enumerate(lines):
        stripped = line.lstrip()
        for mark in marks:
            if stripped.startswith(mark):
                indent = len(line) - len(stripped)
                out[index] = " " * (indent + len(mark)) + stripped[len(mark) :]
    words = "\n".join(out)
    if "//" in marks:  # /* ... */ blocks (Go, Rust, Java, C) are comments too
        chars = list(words)
        for block in _BLOCK_COMMENT.finditer(text):
            for at in range(block.start() + 2, block.end() - 2):
                chars[at] = text[at]
        words = "".join(chars)
    return words

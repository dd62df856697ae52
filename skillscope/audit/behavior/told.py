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

from skillscope.audit.behavior.regions import FOLLOWED_PAGE

__all__ = ["told_text", "named_by_pages"]

_MARKUP = (".svg", ".xml", ".html", ".htm", ".xhtml")
_TABLE = (".csv", ".tsv")
_COMMENT_MARK = {
    **dict.fromkeys(
        (".go", ".rs", ".js", ".mjs", ".cjs", ".ts", ".java", ".kt", ".swift", ".c", ".h", ".cs", ".dart"), "//"
    ),
    **dict.fromkeys((".py", ".rb", ".sh", ".r", ".pl", ".ex", ".exs", ".jl"), "#"),
    **dict.fromkeys((".lua", ".sql"), "--"),
}
"""The line-comment mark of each source language whose comments are read (``//`` languages also have ``/* */``)."""
_TAG = re.compile(r"<[^<>]*>")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


def named_by_pages(texts: Mapping[str, str]) -> set[str]:
    """The files SKILL.md or a reference page names by their path in the skill (``assets/x.svg``, ``doc.go``)."""
    pages = [text for path, text in texts.items() if FOLLOWED_PAGE.search(path)]
    named: set[str] = set()
    for path in texts:
        if FOLLOWED_PAGE.search(path):
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
    mark = _COMMENT_MARK.get("." + lower.rsplit(".", 1)[-1])
    if mark is None:
        return None
    out = []
    for line in text.split("\n"):
        stripped = line.lstrip()
        kept = stripped.startswith(mark)
        out.append(" " * (len(line) - len(stripped) + len(mark)) + stripped[len(mark) :] if kept else " " * len(line))
    words = "\n".join(out)
    if mark == "//":  # /* ... */ blocks (Go, Rust, Java, C) are comments too
        for block in _BLOCK_COMMENT.finditer(text):
            inner = slice(block.start() + 2, block.end() - 2)
            words = words[: inner.start] + text[inner] + words[inner.stop :]
    return words

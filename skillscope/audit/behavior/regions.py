"""Where a file holds code and where prose: fenced blocks, inline code, scripts by name or shebang."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "Region",
    "code_regions",
    "prose_spans",
    "language_of",
    "negated_before",
    "is_markdown",
    "is_data_file",
    "is_prose_file",
    "MAX_SCAN",
]

MAX_SCAN = 512 * 1024
"""Characters of one file the behaviour rules read; the rest is left to the other content checks."""

_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})[ \t]*([^\n`]*)$", re.MULTILINE)
_INLINE = re.compile(r"(?<!`)(`{1,2})(?!`)([^`\n]+?)(?<!`)\1(?!`)")
_NEGATION = re.compile(
    r"\b(?:no|not|never|nor|don'?t|do\s+not|does\s+not|doesn'?t|avoid|without|instead\s+of|rather\s+than|forbid\w*|"
    r"prohibit\w*|disallow\w*|refuse|reject|block\w*|flag\w*|detect\w*|warn\w*\s+about|such\s+as|e\.g\.)(?!\w)[^.!?\n]*$",
    re.IGNORECASE,
)
_LANGS = {
    "python": "python",
    "py": "python",
    "python3": "python",
    "ipython": "python",
    "sh": "shell",
    "bash": "shell",
    "shell": "shell",
    "zsh": "shell",
    "console": "shell",
    "shell-session": "shell",
    "terminal": "shell",
    "js": "javascript",
    "javascript": "javascript",
    "node": "javascript",
    "ts": "typescript",
    "typescript": "typescript",
    "mjs": "javascript",
    "cjs": "javascript",
    "jsx": "javascript",
    "tsx": "typescript",
    "powershell": "powershell",
    "pwsh": "powershell",
    "ps1": "powershell",
    "ps": "powershell",
    "ruby": "ruby",
    "rb": "ruby",
    "go": "go",
    "golang": "go",
    "make": "makefile",
    "makefile": "makefile",
    "mk": "makefile",
}
_SUFFIX = {
    ".py": "python",
    ".sh": "shell",
    ".bash": "shell",
    ".zsh": "shell",
    ".command": "shell",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "typescript",
    ".jsx": "javascript",
    ".ps1": "powershell",
    ".psm1": "powershell",
    ".rb": "ruby",
    ".rake": "ruby",
    ".go": "go",
    ".mk": "makefile",
    ".mak": "makefile",
}
_NAMES = {"makefile": "makefile", "gnumakefile": "makefile", "rakefile": "ruby", "gemfile": "ruby"}
_PROSE_SUFFIX = (".md", ".markdown", ".txt", ".rst", ".mdx")


@dataclass(frozen=True)
class Region:
    """A stretch of code inside a file: where it starts (a character offset), its text and its language.

    ``language`` is python, shell, javascript, typescript, powershell, ruby, go, makefile or None (unknown: the shell and generic rules read it).
    ``inline`` marks a code span inside a prose line; ``documented`` marks code shown in a Markdown page.
    """

    start: int
    text: str
    language: str | None
    inline: bool = False
    documented: bool = False


def is_markdown(path: str) -> bool:
    """Whether ``path`` names a Markdown file."""
    return path.lower().endswith((".md", ".markdown", ".mdx"))


_DATA_SUFFIX = (".yaml", ".yml", ".json", ".toml", ".ini", ".cfg", ".conf")


def is_data_file(path: str) -> bool:
    """Whether ``path`` is a configuration or data file whose string values the agent may be told to read and obey."""
    return path.lower().endswith(_DATA_SUFFIX)


def is_prose_file(path: str) -> bool:
    """Whether the instruction rules read ``path`` (Markdown and plain text; SKILL.md among them)."""
    name = path.rsplit("/", 1)[-1].lower()
    return name.endswith(_PROSE_SUFFIX) or ("." not in name and not path.startswith(("scripts/", "bin/")))


def language_of(path: str, text: str) -> str | None:
    """The script language of a whole file, from its suffix or shebang, or None when it is not a script."""
    lower = path.lower()
    named = _NAMES.get(lower.rsplit("/", 1)[-1])
    if named:
        return named
    for suffix, language in _SUFFIX.items():
        if lower.endswith(suffix):
            return language
    if text.startswith("#!"):
        first = text.split("\n", 1)[0]
        if "python" in first:
            return "python"
        if "node" in first or "deno" in first or "bun" in first:
            return "javascript"
        if re.search(r"\b(?:ba|z|da|k)?sh\b", first):
            return "shell"
        if re.search(r"\b(?:pwsh|powershell)\b", first):
            return "powershell"
        if re.search(r"\bruby\b", first):
            return "ruby"
        return None  # another interpreter (perl, php) named by the shebang: not shell
    if lower.startswith(("scripts/", "bin/")) and not is_prose_file(path):
        return "shell" if "." not in lower.rsplit("/", 1)[-1] else None
    return None


def negated_before(text: str, start: int) -> bool:
    """Whether the sentence before ``start`` negates or lists what follows ("No `eval()`", "never run ...")."""
    line_start = text.rfind("\n", 0, start) + 1
    return _NEGATION.search(text[max(line_start, start - 80) : start]) is not None


def code_regions(text: str, path: str) -> list[Region]:
    """The code in a file: all of a script, or a Markdown page's fenced blocks and code spans."""
    text = text[:MAX_SCAN]
    language = language_of(path, text)
    if language is not None or (
        not is_markdown(path) and not is_prose_file(path) and path.startswith(("scripts/", "bin/"))
    ):
        return [Region(0, text, language)]
    if not is_markdown(path):
        return []
    regions: list[Region] = []
    covered: list[tuple[int, int]] = []
    fence: re.Match[str] | None = None
    for match in _FENCE.finditer(text) if ("```" in text or "~~~" in text) else ():
        if fence is None:
            fence = match
            continue
        marker = fence.group(2)
        if match.group(2)[0] == marker[0] and len(match.group(2)) >= len(marker) and not match.group(3).strip():
            body_start = fence.end() + 1
            info = fence.group(3).strip().split()
            lang = _LANGS.get(info[0].lower().strip("{}.")) if info else None
            regions.append(Region(body_start, text[body_start : match.start()], lang, documented=True))
            covered.append((fence.start(), match.end()))
            fence = None
    if fence is not None:  # an unclosed fence runs to the end, as CommonMark renders it
        body_start = fence.end() + 1
        regions.append(Region(body_start, text[body_start:], None, documented=True))
        covered.append((fence.start(), len(text)))
    for start, end, _ in prose_spans(text, covered) if "`" in text else ():
        for match in _INLINE.finditer(text, start, end):
            if not negated_before(text, match.start()):
                regions.append(Region(match.start(2), match.group(2), None, inline=True, documented=True))
    regions.sort(key=lambda r: r.start)
    return regions


def prose_spans(text: str, covered: list[tuple[int, int]] | None = None) -> list[tuple[int, int, str]]:
    """The stretches of a Markdown or text file outside fenced code, as (start, end, text)."""
    if covered is None:
        covered = []
        if "```" in text or "~~~" in text:
            covered = [(r.start, r.start + len(r.text)) for r in code_regions(text, "x.md") if not r.inline]
    out = []
    position = 0
    for start, end in sorted(covered):
        if start > position:
            out.append((position, start, text[position:start]))
        position = max(position, end)
    if position < len(text):
        out.append((position, len(text), text[position:]))
    return out

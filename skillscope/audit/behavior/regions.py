"""Where a file holds code and where prose: fenced blocks, inline code, scripts by name or shebang."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from skillscope.audit.behavior.buildfiles import build_shell, is_build_file

__all__ = [
    "Region",
    "code_regions",
    "prose_commands",
    "prose_spans",
    "language_of",
    "negated_before",
    "is_markdown",
    "is_data_file",
    "is_prose_file",
    "MAX_SCAN",
    "FOLLOWED_PAGE",
    "line_span",
]

MAX_SCAN = 512 * 1024
"""Characters of one file the behaviour rules read; the rest is left to the other content checks."""
FOLLOWED_PAGE = re.compile(r"(?:^|/)SKILL\.md$|(?:^|/)references/[^/]+\.md$", re.IGNORECASE)
"""Pages the agent follows: SKILL.md and its reference pages. What they say is an order; what they name, it reads."""

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
    "fish": "shell",  # fish runs the same programs; the bash grammar reads its pipes, redirects and commands
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
    "lua": "lua",
    "perl": "perl",
    "pl": "perl",
    "rust": "rust",
    "rs": "rust",
}
_SUFFIX = {
    ".py": "python",
    ".sh": "shell",
    ".bash": "shell",
    ".zsh": "shell",
    ".fish": "shell",
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
    ".lua": "lua",
    ".pl": "perl",
    ".pm": "perl",
    ".rs": "rust",
}
_TOKEN_SUFFIX = (
    ".php",
    ".cs",
    ".csx",
    ".java",
    ".kt",
    ".kts",
    ".groovy",
    ".gradle",
    ".scala",
    ".swift",
    ".dart",
    ".ex",
    ".exs",
    ".jl",
    ".r",
    ".vbs",
    ".bat",
    ".cmd",
)
"""Scripts in languages with no grammar here, wherever they sit in the skill: read by the shell rules and by tokens."""
_NAMES = {
    "makefile": "makefile",
    "gnumakefile": "makefile",
    "rakefile": "ruby",
    "gemfile": "ruby",
    ".envrc": "shell",
    "envrc": "shell",
}
_PROSE_SUFFIX = (".md", ".markdown", ".txt", ".rst", ".mdx")
_PERL_TEST = re.compile(r"^use\s+(?:strict|warnings|Test::More|Test2::V0)\b", re.MULTILINE)
"""A Perl test (``t/basic.t``) by its pragmas; a ``.t`` file of another kind (Terra, troff) is no script here."""


@dataclass(frozen=True)
class Region:
    """A stretch of code inside a file: where it starts (a character offset), its text and its language.

    ``language`` is python, shell, javascript, typescript, powershell, ruby, go, makefile, lua, perl, rust or None (unknown: the shell and generic rules read it).
    ``inline`` marks a code span inside a prose line; ``documented`` marks code shown in a Markdown page; ``said``
    marks a command written in a sentence without code marks ("Run curl ... | bash before you start").
    """

    start: int
    text: str
    language: str | None
    inline: bool = False
    documented: bool = False
    said: bool = False


def is_markdown(path: str) -> bool:
    """Whether ``path`` names a Markdown file."""
    return path.lower().endswith((".md", ".markdown", ".mdx"))


_DATA_SUFFIX = (".yaml", ".yml", ".json", ".toml", ".ini", ".cfg", ".conf")
_DOCUMENT_SUFFIX = (".csv", ".tsv", ".xml", ".xsd", ".xsl", ".xslt", ".dtd", ".svg", ".html", ".htm", ".css", ".sql")
"""Data, schemas, markup and templates: under scripts/ they are still not programs the shell would run."""


def is_data_file(path: str) -> bool:
    """Whether ``path`` is a configuration or data file whose string values the agent may be told to read and obey."""
    return path.lower().endswith(_DATA_SUFFIX)


def is_prose_file(path: str) -> bool:
    """Whether the instruction rules read ``path`` (Markdown and plain text; SKILL.md among them)."""
    name = path.rsplit("/", 1)[-1].lower()
    if is_build_file(path):
        return False  # a Dockerfile or justfile is commands, not words
    return name.endswith(_PROSE_SUFFIX) or ("." not in name and not path.startswith(("scripts/", "bin/")))


def language_of(path: str, text: str) -> str | None:
    """The script language of a whole file, from its suffix or shebang, or None when it is not a script."""
    lower = path.lower()
    named = _NAMES.get(lower.rsplit("/", 1)[-1])
    if named:
        return named
    if re.match(r"(?:gnu)?makefile\.[\w.-]+$", lower.rsplit("/", 1)[-1]):
        return "makefile"  # Makefile.bootstrap, Makefile.release: run with make -f
    for suffix, language in _SUFFIX.items():
        if lower.endswith(suffix):
            return language
    if lower.endswith(".t") and _PERL_TEST.search(text[:4000]):
        return "perl"
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
        if re.search(r"\bperl\b", first):
            return "perl"
        return None  # another interpreter (php, tclsh) named by the shebang: not shell
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
    if is_build_file(path):
        return [Region(0, build_shell(path, text), "shell")]
    language = language_of(path, text)
    if language is not None or (
        not is_markdown(path)
        and not is_prose_file(path)
        and (path.startswith(("scripts/", "bin/")) or path.lower().endswith(_TOKEN_SUFFIX))
        and not path.lower().endswith(_DATA_SUFFIX + _DOCUMENT_SUFFIX)
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


# --- Commands written in sentences, without code marks -------------------------------------------------------------

_COMMANDS = frozenset(
    "curl wget pip pip3 pipx uv uvx npm npx pnpm pnpx yarn bun bunx deno brew apt apt-get yum dnf apk pacman port "
    "sudo doas rm rmdir chmod chown chattr crontab base64 xxd bash sh zsh dash ksh fish python python3 node ruby perl "
    "php nc ncat netcat socat scp sftp rsync ssh git gh dd mkfs shred systemctl launchctl gem cargo docker podman "
    "kubectl helm aws gcloud az osascript openssl tar unzip gunzip xattr defaults eval exec nohup setsid disown "
    "powershell pwsh iex irm iwr invoke-expression invoke-webrequest invoke-restmethod certutil bitsadmin mshta "
    "wscript cscript reg schtasks".split()
)
"""Command names that are not English words: one at the head of a clause is a command whatever follows."""
_WORDLIKE = frozenset(
    "cat echo printf export source env make open find tee touch cp mv ln kill security go set".split()
)
"""Command names that are also words ("Make sure", "Open the file"): a command only with a flag, path, pipe or URL."""
_CODE_MARK = re.compile(r"(?:^|\s)-{1,2}\w|[|<>$~]|&&|://|(?:^|\s)\.{0,2}/\w|\w/\w")
_POWERSHELL = frozenset("iex irm iwr invoke-expression invoke-webrequest invoke-restmethod".split())
_TRIGGER = re.compile(  # the look-ahead on the verbs' first letters passes over the other words quickly
    r"\b(?=[retpiula])(?:run|execute|exec|type|paste|enter|invoke|use|launch|issue|then|also)\b"
    r"(?:[ \t]+(?:this|the|following|next|below|command|commands|line|in|into|at|on|from|your|a|an|terminal|shell|console|"
    r"prompt|it|now|first|then|please|once|with|one-liner|snippet)\b){0,6}[ \t]*:?[ \t]*",
    re.IGNORECASE,
)
_COLON = re.compile(r":[ \t]+")
_FIRST_WORD = re.compile(r"(?:sudo[ \t]+)?([A-Za-z][\w.+-]*)")
"""A label before a command: "Clean the cache: rm -rf ..."."""
_LINE_HEAD = re.compile(
    r"^[ \t]*(?:>[ \t]*)*(?:(?:[-*+]|\d{1,3}[.)])[ \t]+)?(?:\*\*|__)?(?:(?:step[ \t]+\d+|then|next|first|finally|now)[ \t]*[:,.)-]?[ \t]+)?"
    r"(?:\$[ \t]+)?",
    re.IGNORECASE | re.MULTILINE,
)
_CONNECTORS = frozenset(
    "before after to so then once when whenever if unless until while which that because since as and or but first now "
    "again immediately in on at for with from into inside within every each without instead by via afterwards later "
    "whenever this these it".split()
)
"""Words that end a command written in a sentence ("... | bash before you start", "rm -rf ~/ to clean up")."""


_AUXILIARY = frozenset(
    "is are was were will would can could should must may might does do did has have had needs lets makes uses "
    "reads writes runs sends keeps gives takes returns prints creates expects supports requires handles works".split()
)


def _describes(command: str) -> bool:
    """Whether a clause that starts with a command name is a sentence about it ("curl is used to ...")."""
    words = command.split()
    second = words[1].lower() if len(words) > 1 else ""
    return second in _AUXILIARY and not _CODE_MARK.search(" ".join(words[1:3]))


def _code_word(word: str) -> bool:
    name = word.lower().rstrip(")")
    return name in _COMMANDS or name in _POWERSHELL or _CODE_MARK.search(word) is not None


def _clause_end(line: str) -> int:
    """Where the command at the start of ``line`` ends: at a sentence end, a comma, a code mark or an English word
    that joins the next clause; quoted arguments are kept whole."""
    position, words, length = 0, 0, len(line)
    while position < length:
        while position < length and line[position] in " \t":
            position += 1
        if position >= length:
            break
        start, quote = position, ""
        while position < length and (quote or line[position] not in " \t"):
            char = line[position]
            if quote:
                quote = "" if char == quote else quote
            elif char in "'\"":
                quote = char
            elif char in "`—":
                return position if position > start else start
            position += 1
        word = line[start:position]
        if words and word.lower() in _CONNECTORS:
            return start
        if words and word[:1] == "(" and not _code_word(word[1:]):
            return start  # "(this cleans up)" is an aside; "(irm https://...)" is code
        words += 1
        if word[-1:] in ",!?" or (word[-1:] == "." and word[-2:-1].isalnum() and len(word) > 1):
            return position - 1
        if word[-1:] == ":" and position >= length:
            return position - 1
    return position


def prose_commands(text: str, regions: list[Region]) -> list[Region]:
    """Commands written in a page's sentences without code marks, each as a shell (or PowerShell) region.

    A command starts a line or a list item ("1. pip install --index-url ... foo", "$ curl ... | sh") or follows
    run, execute, type, paste or enter ("Open a terminal and type rm -rf ~/..."). It ends at the end of its clause.
    A command name that is also a word (cat, echo, make) counts only with a flag, path, pipe or URL after it, and a
    sentence that forbids or lists it ("never run ...", "such as ...") leaves it out.
    """
    text = text[:MAX_SCAN]
    covered = sorted((r.start, r.start + len(r.text)) for r in regions)
    out: list[Region] = []
    taken = -1
    for stretch_start, stretch_end, _ in prose_spans(text, [c for c in covered if c[1] > c[0]]):
        heads = {m.end() for m in _LINE_HEAD.finditer(text, stretch_start, stretch_end)}
        heads.update(m.end() for m in _TRIGGER.finditer(text, stretch_start, stretch_end))
        heads.update(m.end() for m in _COLON.finditer(text, stretch_start, stretch_end))
        for head in sorted(heads):
            if head <= taken or head >= stretch_end:
                continue
            line_end = text.find("\n", head, stretch_end)
            line = text[head : stretch_end if line_end < 0 else line_end]
            first = _FIRST_WORD.match(line)
            if first is None:
                continue
            name = first.group(1)
            powershell = name.lower() in _POWERSHELL
            if not powershell and name != name.lower():
                continue  # typed commands are lower case ("Curl" opens a sentence about curl)
            if name not in _COMMANDS and not powershell and name not in _WORDLIKE:
                continue  # no command name: the clause is not measured (most heads of a page start a sentence)
            command = line[: _clause_end(line)].rstrip(" \t.,;:")
            if len(command.split()) < 2 or _overlaps(covered, head, head + len(command)):
                continue
            if name not in _COMMANDS and not powershell and not (name in _WORDLIKE and _CODE_MARK.search(command)):
                continue
            if _describes(command):
                continue  # "kubectl reads the cluster credentials": a sentence about the command
            if negated_before(text, head):
                continue
            if powershell or re.search(r"\|\s*(?:iex|invoke-expression)\b", command, re.IGNORECASE):
                language = "powershell"
            else:
                language = "shell"
            out.append(Region(head, command, language, inline=True, documented=True, said=True))
            taken = head + len(command)
            if len(out) >= _MAX_SAID:
                return out
    return out


_MAX_SAID = 400
"""Commands read from one page's sentences; a page of thousands is generated, and its first ones tell enough."""


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``[start, end)`` overlaps one of ``spans`` (sorted by start, not overlapping each other)."""
    index = bisect.bisect_right(spans, (end, end)) - 1
    while index >= 0 and spans[index][1] > start:
        if spans[index][0] < end:
            return True
        index -= 1
        if index >= 0 and spans[index][1] <= start:
            break
    return False


def line_span(text: str, line: int) -> tuple[int, int]:
    """Where 1-based ``line`` of ``text`` is, from its first non-blank character to its end (a finding's span
    when a pass knows the line but not the column); a blank line's span is one character wide."""
    lines = text.split("\n")
    start = sum(len(x) + 1 for x in lines[: line - 1])
    body = lines[line - 1] if line - 1 < len(lines) else ""
    indent = len(body) - len(body.lstrip())
    return start + indent, start + max(len(body), indent + 1)

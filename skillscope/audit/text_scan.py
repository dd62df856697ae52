"""Scan verified file content and server-written strings for hidden text and risky material."""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from urllib.parse import urlsplit

from skillscope.audit.behavior.buildfiles import is_container_build
from skillscope.audit.behavior.prose import attack_section, instruction_in, quoted_to_warn
from skillscope.audit.behavior.regions import Region, code_regions, language_of
from skillscope.audit.findings import Hit, TextSpan
from skillscope.audit.markdown import hidden_parts
from skillscope.core.textsafe import safe_line
from skillscope.core.unicode_policy import KIND_CHECK, decode_tags, decode_variation_selectors, describe, hidden_runs
from skillscope.verify.filekind import MAGIC

__all__ = ["hit_at", "scan_text", "scan_string", "scan_bytes_kind", "url_host", "EXCERPT"]

EXCERPT = 60
"""Characters of context on each side of a hit in an excerpt."""


_URL = re.compile(r"\b(?:https?|ftp|file|data|javascript)://[^\s<>\"'`)\]]+|\bwww\.[^\s<>\"'`)\]]+", re.IGNORECASE)
_DIRECTIVE = re.compile(r"(?<!`)!`(?![\s,;:]|\.\s)[^`\n]+`")
"""A ``!`command` `` directive; not a code span holding only ``!`` (``optional `!`, a `: ` separator``)."""
# Each pattern with words that must occur for it to match at all (a cheap guard before the regex).
_INLINE_FETCH = "runs code fetched from the network"
_RISKY = [
    (
        ("python", "node", "perl", "ruby"),
        re.compile(r"\b(python3?|node|perl|ruby)\s+-(?:c|e)\s+[^\n]*(?:urlopen|requests\.get|fetch\(|http\.get)"),
        _INLINE_FETCH,
    ),
    (("eval",), re.compile(r"\beval\s*[\(\"'`$]"), "uses eval"),
    (
        ("chmod",),
        re.compile(r"\bchmod\s+(?:[ugoa]*\+x|[0-7]*[1357][0-7]{0,2})\b"),
        "makes a file executable (chmod +x)",
    ),
    (("rm",), re.compile(r"\brm\s+-(?:[a-zA-Z]*r[a-zA-Z]*f|[a-zA-Z]*f[a-zA-Z]*r)\b"), "deletes recursively (rm -rf)"),
]
_ARCHIVE_SUFFIXES = (".zip", ".tar", ".tgz", ".tar.gz", ".gz", ".bz2", ".xz", ".7z", ".rar", ".jar", ".whl")


_LOCAL_SETUP = re.compile(
    r"""eval\s+(["']?)\$\(\s*((?:~|\$\{?HOME\}?)?[\w./-]+)(?:\s+(?:[\w.=:-]+|"\$\{?\w+\}?"|\$\{?\w+\}?))*\s*\)\1(?![\w$`(])""",
    re.MULTILINE,
)
"""``eval "$(ssh-agent -s)"``, ``eval "$(pyenv init -)"``: a local tool printing settings for this shell."""
_NOT_LOCAL = frozenset(
    {
        "curl",
        "wget",
        "base64",
        "xxd",
        "cat",
        "echo",
        "printf",
        "rev",
        "openssl",
        "gunzip",
        "zcat",
        "nc",
        "python",
        "python3",
        "node",
        "perl",
        "ruby",
        "sh",
        "bash",
        "fetch",
        "iwr",
    }
)


def _workspace_only(text: str, match: re.Match[str]) -> bool:
    """Whether an rm -rf or chmod +x touches only paths inside the project (./dist, build/), or an eval only
    reads what a named local tool prints (``eval "$(ssh-agent -s)"``)."""
    if match.group(0).startswith("eval"):
        local = _LOCAL_SETUP.match(text, match.start())
        if local is None:
            return False
        # The tool may be named by its path (~/.rbenv/bin/rbenv, /opt/homebrew/bin/brew), never from a temp folder.
        command = local.group(2)
        if re.match(r"^(?:/tmp/|/var/tmp/|/dev/shm/|\./|\.\./)", command):
            return False
        return command.rsplit("/", 1)[-1].lower() not in _NOT_LOCAL
    if not match.group(0).startswith(("rm", "chmod")):
        return False
    rest = text[match.end() :].split("\n", 1)[0]
    targets = [w.strip("\"'") for w in re.split(r"[\s;&|]+", rest) if w and not w.startswith("-")][:4]
    if match.group(0).startswith("chmod"):
        # a `chmod +x` named in passing (a page's code span with no file after it) makes nothing executable
        return not any(_chmod_worth_a_look(text, w) for w in targets)
    if targets and all(_checked_inside_project(text, w) for w in targets):
        return True  # each target is tested to lie below the project or the folder the user named
    if any(w.startswith("$") for w in targets):
        targets = _rm_values(text, match.start()) or targets
    # a folder the script made itself with mktemp (``tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT``) is its scratch,
    # and one it has just checked lies below the project's root (``[[ "$t" == "$root"/* ]] || exit``) is the project's
    targets = [
        "./" if _MKTEMP.match(w) or _made_by_mktemp(text, w) or _checked_inside_project(text, w) else w for w in targets
    ]
    # the working directory spelt as a variable ($(CURDIR)/out in a Makefile, "$PWD/build") is the project, and a
    # tool's cache under home (~/.cache/pip, ~/Library/Caches/Homebrew, ~/.npm/_cacache) is rebuilt on its next run
    targets = ["./" if _HOME_CACHE.match(w) and ".." not in w else _HERE_VAR.sub("./", w, count=1) for w in targets]
    targets = [_project_root_var(text, w) for w in targets]
    return bool(targets) and all(not w.startswith(("/", "~", "$", "*")) and ".." not in w for w in targets)


_GRAMMAR_INLINE = frozenset({"python", "python3", "node", "ruby"})
"""Interpreters whose ``-c``/``-e`` program the shell analyser hands to a grammar of its language (Perl's is read by
tokens only, so a fetch there keeps the warning)."""


def _inline_parsed(match: re.Match[str], region: Region, path: str, text: str) -> bool:
    """Whether the behaviour audit reads the inline program of ``match`` in its own grammar: the interpreter has
    one, and the code around it is read as shell (a shell script, or a page's block of shell or of no language)."""
    if match.group(1) not in _GRAMMAR_INLINE:
        return False
    language = region.language if region.documented else language_of(path, text)
    return language == "shell" or (region.documented and language is None)


_HOME_CACHE = re.compile(
    r"^(?:~|\$\{?HOME\}?)/(?:\.cache|Library/Caches)/[\w.@+-]+(?:/[\w.@+*-]+)*/?$"
    r"|^(?:~|\$\{?HOME\}?)/(?:\.npm/_cacache|\.npm/_npx|\.yarn/cache|\.gradle/caches|\.cargo/registry/cache)/?$"
)
"""A tool's own cache folder under home, named below its root (never ``~/.cache`` itself, never with ``..``)."""
_HERE_VAR = re.compile(r"^\$(?:\(CURDIR\)|\{CURDIR\}|\{?PWD\}?|\(PWD\))/")
_ASSIGN_LINE = r"(?:^|;)[ \t]*(?:(?:export|local|readonly|declare)[ \t]+)?{name}=(.*)$"
_MKTEMP = re.compile(r"[\"']?(?:\$\(\s*mktemp|`\s*mktemp)\b[^;&|<>`()$]*(?:\)|`)[\"']?\s*(?:$|[;#]|\|\||&&)")
_OTHER_SETTERS = r"\b(?:read|for|select|mapfile|readarray|typeset|getopts|printf\s+-v)\b[^\n;]*\b{name}\b"


_PROJECT_ROOT = (
    r"^[ \t]*(?:(?:local|readonly)[ \t]+)?{name}=[\"']?(?:\$\(\s*(?:git\s+rev-parse\s+--show-toplevel|pwd)\b|"
    r"\$\{{?PWD\}}?[\"']?\s*$|\$\{{?1(?![\w])(?!:-)(?!-))"
)
"""The repository's top, the working directory, or the folder the user names as the first argument (``root=${1:?}``)."""
_INSIDE_TEST = (
    r"\[\[[^\]\n]*?\"?\$\{{?{name}\}}?\"?\s*==?\s*\"?\$\{{?(\w+)\}}?\"?/\*[^\]\n]*\]\]"
    r"\s*(?:\|\|\s*\{{?[^}}\n]*\b(?:exit|continue|return)\b|&&\s*rm\b)|"
    # case "$path" in "$root"/*) ;; *) echo skip; continue ;; esac
    r"\bcase\s+\"?\$\{{?{name}\}}?\"?\s+in\s+\"?\$\{{?(\w+)\}}?\"?/\*\)\s*;;\s*\*\)[^;\n]*(?:;[^;\n]*)*?\b(?:exit|continue|return)\b"
)


def _checked_inside_project(text: str, word: str) -> bool:
    """Whether ``word`` is a variable the script tests to lie below the project's root before deleting it:
    ``[[ "$target" == "$root"/* ]] || exit`` (``continue``, ``return``), where ``root`` is the repository's top
    (``git rev-parse --show-toplevel``) or the working directory."""
    var = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", word)
    if var is None:
        return False
    for test in re.finditer(_INSIDE_TEST.format(name=re.escape(var.group(1))), text):
        root = test.group(1) or test.group(2)
        if re.search(_PROJECT_ROOT.format(name=re.escape(root)), text, re.MULTILINE):
            return True
    return False


_ROOT_VALUE = re.compile(
    r"^\s*(?:\$\(abspath \$\(dir \$\(lastword \$\(MAKEFILE_LIST\)\)\)\)|\$\(CURDIR\)|\$\(shell pwd\)|"
    r"[\"']?\$\((?:shell )?git rev-parse --show-toplevel\)[\"']?|[\"']?\$\(pwd\)[\"']?|[\"']?\$PWD[\"']?)\s*$"
)
"""A variable set to the project's own folder: the Makefile's directory, the working directory, the git top level."""


def _project_root_var(text: str, word: str) -> str:
    """``$(ROOT)/.cache`` with ``ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))`` (or the git top level, the
    working directory) spelt as a path inside the project; any other word unchanged."""
    var = re.match(r"^\$(?:\(([A-Za-z_]\w*)\)|\{?([A-Za-z_]\w*)\}?)(?=/)", word)
    if var is None or ".." in word:
        return word
    name = re.escape(var.group(1) or var.group(2))
    values = re.findall(rf"^[ \t]*(?:export[ \t]+|local[ \t]+)?{name}[ \t]*(?::=|\?=|=)(.*)$", text, re.MULTILINE)
    if values and all(_ROOT_VALUE.match(v) for v in values):
        return "." + word[var.end() :]
    return word


def _made_by_mktemp(text: str, word: str) -> bool:
    """Whether ``word`` is a variable (or a path under it, without ``..``) that the script sets only to a new
    folder or file from ``mktemp``: every assignment of it is ``$(mktemp ...)`` and nothing else sets it."""
    var = re.match(r"^\$\{?([A-Za-z_]\w*)\}?(?:/[^\s]*)?$", word)
    if var is None or ".." in word:
        return False
    name = re.escape(var.group(1))
    values = re.findall(_ASSIGN_LINE.format(name=name), text, re.MULTILINE)
    if not values or re.search(_OTHER_SETTERS.format(name=name), text):
        return False
    return all(_MKTEMP.match(value) for value in values)


def _rm_values(text: str, at: int) -> list[str]:
    """Every value the operands of the rm at offset ``at`` may take, as the shell parser resolves them (a loop over
    ``dirs=(dist build)`` deletes dist and build), or [] when the parser finds no rm there."""
    from skillscope.audit.behavior.shellparse import parse_script  # only an rm of a variable needs the grammar

    try:
        script = parse_script(text)
    except Exception:  # a text the grammar cannot read keeps the plain reading of its words
        return []
    for pipeline in script.pipelines:
        for stage in pipeline:
            for cmd in stage:
                if cmd.name == "rm" and cmd.start <= at < cmd.end:
                    return [w for w in [*cmd.args, *cmd.alts] if w != "--" and not w.startswith("-")]
    return []


_SHELL_ASSIGN = r"^[ \t]*(?:export[ \t]+|local[ \t]+|readonly[ \t]+)?{name}=(\S+)"
_TEMP_PLACES = re.compile(r"^(?:/tmp\b|/var/tmp\b|/dev/shm\b|\$\{?TMPDIR\b|\$\{?TMP\b|\$\(mktemp\b|`mktemp\b)")
_HOME_PLACES = re.compile(r"^(?:~|\$\{?HOME\b|/home/|/Users/|/root\b)")
_DOWNLOAD_OUT = (
    r"\b(?:curl\b[^\n]*?\s-(?:[a-zA-Z]*o|-output)|wget\b[^\n]*?\s-(?:O|-output-document))[ =]?[\"']?{target}\b"
)


def _chmod_worth_a_look(text: str, target: str) -> bool:
    """Whether making ``target`` executable deserves a warning: a temp file, a file the same text downloads, or a
    system folder. A chmod of the skill's own script, of a tool it copies into the user's home, or ``700`` on the
    user's ``~/.ssh`` is ordinary setup (a note)."""
    value = target
    var = re.match(r"^\$\{?([A-Za-z_]\w*)\}?", target)
    if var is not None and var.group(1) not in ("HOME", "TMPDIR", "TMP"):
        assigned = re.search(_SHELL_ASSIGN.format(name=re.escape(var.group(1))), text, re.MULTILINE)
        if assigned is not None:
            value = assigned.group(1).strip("\"'") + target[var.end() :]
    if _TEMP_PLACES.match(value):
        return True
    bare = target.lstrip("./")
    if bare and re.search(_DOWNLOAD_OUT.format(target=re.escape(bare)), text):
        # a download the script checks against a digest it writes out runs pinned content (the behaviour audit
        # judges whether the check gates the run); one it does not check deserves the look
        return not _digest_checked(text, bare)
    return value.startswith("/") and not _HOME_PLACES.match(value)


_DIGEST_OF = r"\b[0-9a-fA-F]{{64}}(?:[0-9a-fA-F]{{64}})?\b[\"']?[ \t]+\*?[\"']?(?:\./)?{target}[\"']?(?=[\s|;&]|$)"
_SUM_GREP = r"\bsha(?:256|512)sum[ \t]+[\"']?(?:\./)?{target}[\"']?[ \t]*\|[ \t]*grep[ \t]+-\w*q\w*[ \t]+[\"']?[0-9a-fA-F]{{64}}"


def _digest_checked(text: str, target: str) -> bool:
    """Whether the text checks ``target`` against a SHA-256 or SHA-512 digest written out in it
    (``echo "HEX  f" | sha256sum -c -``, ``sha256sum f | grep -q HEX``)."""
    name = re.escape(target)
    return bool(
        re.search(_DIGEST_OF.format(target=name), text, re.MULTILINE)
        or re.search(_SUM_GREP.format(target=name), text, re.MULTILINE)
    )


def url_host(url: str) -> str:
    """The host a URL found in a file points at (``www.`` URLs without a scheme too), or ``?``.

    Text that only looks like a URL (a sed pattern ``https://([^/]+)/``, an unclosed ``[``) is no host:
    ``urlsplit`` refuses it, and one such line must not end the scan of the skill.
    """
    try:
        return urlsplit(url if "://" in url else "http://" + url).hostname or "?"
    except ValueError:
        return "?"


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


_NAMED_LINE = re.compile(r"\bline (\d{1,9})\b")
_MAX_NAMED_LINES = 16


def _lines_digest(text: str, start: int, end: int, message: str) -> str:
    """SHA-256 of every whole line ``text[start:end]`` touches and of each other line ``message`` names ("line 7").

    A flow's message names its source line apart from the sink it is placed at: both are part of what was found.
    """
    first = text.rfind("\n", 0, start) + 1
    last = text.find("\n", end)
    covered = text[first : len(text) if last < 0 else last]
    named = sorted({int(n) for n in _NAMED_LINE.findall(message)})[:_MAX_NAMED_LINES]
    lines = text.split("\n") if named else []
    others = [[n, lines[n - 1]] for n in named if 0 < n <= len(lines)]
    basis = json.dumps([covered, others], ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(basis.encode("ascii")).hexdigest()


def _at(check: str, message: str, text: str, start: int, end: int) -> Hit:
    """A hit over ``text[start:end]``: where it starts and ends, the excerpt around it, and its lines' digest."""
    line, column = _position(text, start)
    end_line, end_column = _position(text, end)
    span = TextSpan(
        line, column, _excerpt(text, start, end), end_line, end_column, _lines_digest(text, start, end, message)
    )
    return Hit(check, message, span)


hit_at = _at
"""The public name of ``_at``: the behaviour engine and the surface audit place their rules' matches with it."""


def _hits(text: str, pattern: re.Pattern[str], check: str, message: str) -> Iterator[Hit]:
    for match in pattern.finditer(text):
        yield _at(check, message, text, match.start(), match.end())


_HIDDEN_LIMIT = 20
"""Hidden-character findings per kind and file; past it one finding counts the rest."""


def _run_message(kind: str, chars: str, text: str, start: int) -> str:
    if kind == "tag":
        return f"Unicode tag characters hide the text {safe_line(decode_tags(chars), limit=160)!r}"
    if kind == "variation-selector":
        what = "variation selector" if len(chars) == 1 else f"{len(chars)} variation selectors"
        base = text[start - 1] if start > 0 else ""
        after = f" after {safe_line(base, limit=8)!r}" if base else ""
        if len(chars) == 1 or not any("\ufe00" <= c <= "\ufe0f" or c >= "\U000e0100" for c in chars):
            return f"{what} {describe(chars)}{after} that selects no glyph here"
        data = decode_variation_selectors(chars)
        shown = data.decode("utf-8", errors="replace")
        said = repr(safe_line(shown, limit=160)) if shown.isprintable() else data[:64].hex(" ")
        return f"{what}{after} hide the text {said}"
    words = {
        "control": "terminal control character",
        "bidi": "bidirectional control character",
        "invisible": "invisible character",
    }[kind]
    return f"{words} {describe(chars)}"


def _hidden_characters(text: str) -> Iterator[Hit]:
    counts: dict[str, int] = {}
    for run in hidden_runs(text):
        if not run.flagged:
            continue
        check = KIND_CHECK[run.kind]
        counts[check] = counts.get(check, 0) + 1
        if counts[check] > _HIDDEN_LIMIT:
            continue
        chars = text[run.start : run.end]
        yield _at(check, _run_message(run.kind, chars, text, run.start), text, run.start, run.end)
        order = instruction_in(decode_tags(chars)) if run.kind == "tag" else None
        if order:
            yield _at(
                "skillscope/instructions/hidden", f"text in invisible tag characters {order}", text, run.start, run.end
            )
    for check, count in counts.items():
        if count > _HIDDEN_LIMIT:
            yield Hit(
                check, f"{count - _HIDDEN_LIMIT} more runs of this kind in the file (first {_HIDDEN_LIMIT} reported)"
            )


_TO_MAINTAINERS = re.compile(
    r"\s*(?:(?:note\s+(?:to|for)\s+)?(?:maintainers?|contributors?|editors?|reviewers?|translators?|authors?)\b\s*[:,-]|"
    r"(?:TODO|FIXME|XXX)\b|keep\s+(?:this|these|the)\b[^.\n]{0,80}\bin\s+sync\b|generated\s+(?:by|from)\b|do\s+not\s+edit\b)",
    re.IGNORECASE,
)
"""An HTML comment addressed to the people who maintain the page ("maintainers: keep the table in sync", "TODO",
"generated by … do not edit")."""

_PART_MESSAGES = {
    "comment": "HTML comment hidden when rendered",
    "unclosed-comment": "unclosed HTML comment hides everything after it when rendered",
    "script": "script or style block hidden when rendered",
    "hidden-html": "HTML hidden when rendered",
    "reference-comment": "reference definition never rendered (a comment in disguise)",
    "link-title": "link title shown only on hover",
    "yaml-comment": "YAML comment in the frontmatter, dropped by every parser and never shown",
    "instruction": "processing instruction or CDATA section hidden when rendered",
    "html-attribute": "HTML attribute text no rendered page shows",
    "entity": "character reference renders as a hidden character",
}


def _markdown(text: str) -> Iterator[Hit]:
    lines = text.split("\n")
    starts: list[int] = []
    for part in hidden_parts(text):
        if part.kind == "html":
            continue
        source = lines[part.line - 1] if part.line - 1 < len(lines) else ""
        excerpt = safe_line(source, limit=4 * EXCERPT + 40)
        if part.kind == "reference":
            yield Hit(
                "skillscope/markdown-reference",
                f"reference definition [{safe_line(part.detail, limit=60)}]: {safe_line(part.text, limit=200)}",
                TextSpan(part.line, part.column, excerpt),
            )
            continue
        # a blockquote under a heading that catalogues attacks quotes a specimen to be recognised (a training page's
        # "text hidden in READMEs that speaks to the agent: > <!-- ... -->"): shown as a note, not raised
        specimen = False
        if source.lstrip().startswith(">"):
            if not starts:  # each line's offset, worked out once, the first time a blockquote needs one
                starts = list(itertools.accumulate((len(line) + 1 for line in lines), initial=0))
            specimen = attack_section(text, starts[part.line - 1])
        order = instruction_in(part.text) if part.kind not in ("yaml-comment", "entity") else None
        if order:
            yield Hit(
                "skillscope/instructions/hidden",
                f"text hidden from rendering {order}"
                + (", quoted as an example under a heading of attacks" if specimen else ""),
                TextSpan(part.line, part.column, excerpt),
                severity="note" if specimen else None,
            )
        check = "skillscope/yaml-comment" if part.kind == "yaml-comment" else "skillscope/hidden-markdown"
        message = _PART_MESSAGES[part.kind]
        if part.kind in ("hidden-html", "html-attribute", "entity"):
            message += f" ({safe_line(part.detail, limit=40)})"
        hit = Hit(check, f"{message}: {safe_line(part.text, limit=200)!r}", TextSpan(part.line, part.column, excerpt))
        if specimen or part.kind == "comment" and not order and _TO_MAINTAINERS.match(part.text):
            # a note the page's maintainers leave each other, with no order in it: shown, not raised
            hit = replace(hit, severity="note")
        yield hit


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
    if markdown:
        hits.extend(_markdown(text))
    # Code patterns count in scripts and in a page's code (fenced blocks, code spans not negated), never in prose.
    regions = code_regions(text, path) if markdown else [Region(0, text, None)]
    # a Dockerfile's RUN steps act on the image being built (rm -rf /var/lib/apt/lists/*), not the user's machine
    image = is_container_build(path)
    for words, pattern, what in _RISKY:
        if not any(word in text for word in words):
            continue
        for region in regions:
            for match in pattern.finditer(region.text):
                start, end = region.start + match.start(), region.start + match.end()
                if what == _INLINE_FETCH and _inline_parsed(match, region, path, text):
                    # the behaviour audit reads this program in its own grammar and reports it when it runs what it
                    # fetches (download-exec); a program that only calls the network is a note here
                    message = f"an inline {match.group(1)} program that uses the network"
                    hits.append(replace(_at("skillscope/risky-shell", message, text, start, end), severity="note"))
                    continue
                hit = _at("skillscope/risky-shell", f"risky shell pattern: {what}", text, start, end)
                if _workspace_only(region.text, match) or (image and what.startswith(("deletes", "makes a file"))):
                    hit = replace(hit, severity="note")  # `chmod +x run.sh`, `rm -rf ./dist`, `eval "$(ssh-agent -s)"`
                elif markdown and region.documented and quoted_to_warn(text, start):
                    hit = replace(hit, severity="note")  # a red-flags catalogue quotes it to be recognised
                hits.append(hit)
    if "!`" in text:
        hits.extend(
            _hits(text, _DIRECTIVE, "skillscope/command-directive", "command directive runs a command when loaded")
        )
    seen: set[str] = set()
    for match in _URL.finditer(text) if ("://" in text or "ww." in text.lower()) else ():
        url = match.group(0).rstrip(".,;:")
        if url in seen:
            continue
        seen.add(url)
        domain = url_host(url)
        hit = _at(
            "skillscope/url",
            f"URL to {safe_line(domain, limit=120)}: {safe_line(url, limit=200)}",
            text,
            match.start(),
            match.start() + len(url),
        )
        hits.append(replace(hit, host=domain))
    if text.startswith("#!"):
        first = text.split("\n", 1)[0]
        hits.append(
            Hit(
                "skillscope/script",
                f"script with interpreter {safe_line(first[2:].strip(), limit=120)!r}",
                TextSpan(1, 1, safe_line(first, limit=200)),
            )
        )
    elif path.startswith("scripts/") and (kind := _script_kind(path)) is not None:
        hits.append(Hit("skillscope/script", f"{kind} under scripts/"))
    return hits


_CODE_KINDS = {
    ".py": "Python script",
    ".pyw": "Python script",
    ".sh": "shell script",
    ".bash": "shell script",
    ".zsh": "shell script",
    ".fish": "shell script",
    ".ksh": "shell script",
    ".js": "JavaScript script",
    ".mjs": "JavaScript script",
    ".cjs": "JavaScript script",
    ".ts": "TypeScript script",
    ".mts": "TypeScript script",
    ".cts": "TypeScript script",
    ".ps1": "PowerShell script",
    ".psm1": "PowerShell module",
    ".bat": "Windows batch script",
    ".cmd": "Windows batch script",
    ".vbs": "VBScript",
    ".rb": "Ruby script",
    ".pl": "Perl script",
    ".php": "PHP script",
    ".lua": "Lua script",
    ".r": "R script",
    ".go": "Go source",
    ".rs": "Rust source",
    ".java": "Java source",
    ".kt": "Kotlin source",
    ".kts": "Kotlin script",
    ".swift": "Swift source",
    ".c": "C source",
    ".cc": "C++ source",
    ".cpp": "C++ source",
    ".cs": "C# source",
    ".applescript": "AppleScript",
    ".scpt": "AppleScript",
    ".awk": "awk script",
    ".tcl": "Tcl script",
    ".groovy": "Groovy script",
    ".makefile": "Makefile",
    ".mk": "Makefile",
}
_CODE_NAMES = {"makefile": "Makefile", "gnumakefile": "Makefile", "justfile": "justfile", "dockerfile": "Dockerfile"}


def _script_kind(path: str) -> str | None:
    """What a file under scripts/ is when it is code a host may run (``Python script``); None for anything else.

    A schema (.xsd, a JSON schema), data (.csv, .json, .yaml), a template, a document or an asset kept in
    scripts/ is not a script: only code, by its name, is named; a file with no suffix (no shebang either,
    or it would have been named by its interpreter) may be a program of any kind, so it is named as unknown.
    """
    name = path.rsplit("/", 1)[-1].lower()
    if name in _CODE_NAMES:
        return _CODE_NAMES[name]
    stem, dot, suffix = name.rpartition(".")
    if not dot or not stem:
        return "file with no suffix (kind unknown, may be a program)"
    return _CODE_KINDS.get("." + suffix)


def scan_bytes_kind(data: bytes, path: str) -> list[Hit]:
    """Executables and archives recognised by their first bytes or their name."""
    for magic, what, check in MAGIC:
        if check is not None and data.startswith(magic) and not (magic == b"MZ" and len(data) < 64):
            return [Hit(check, f"{what} ({len(data):,} bytes)")]
    if path.lower().endswith(_ARCHIVE_SUFFIXES):
        return [Hit("skillscope/archive", f"archive by its name ({len(data):,} bytes)")]
    return []

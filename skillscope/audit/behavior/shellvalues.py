"""What a shell script's words stand for: the values its variables take, and whose installer a URL is."""

from __future__ import annotations

import re
import shlex

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.vocab import url_host_of

__all__ = ["expand", "vendor_host"]

_VAR = re.compile(r"\$\{?([A-Za-z_]\w*)")
_VAR_REF = re.compile(r"\$\{?([A-Za-z_]\w*)\}?")
_FOR = re.compile(r"\bfor\s+([A-Za-z_]\w*)\s+in\s+([^;\n]+?)\s*(?:;|\n)\s*do\b")
_ASSIGNED = re.compile(
    r"^[ \t]*(?:export\s+|local\s+|readonly\s+|declare\s+)?([A-Za-z_]\w*)=(\"[^\"\n]*\"|'[^'\n]*'|[^\s;]+)",
    re.MULTILINE,
)


def _values(text: str) -> dict[str, list[str]]:
    """What each variable may hold: every value a plain assignment or a for-loop gives it (the names a write targets)."""
    values: dict[str, list[str]] = {}
    for match in _FOR.finditer(text):
        try:
            words = shlex.split(match.group(2))
        except ValueError:
            words = match.group(2).split()
        values.setdefault(match.group(1), []).extend(words)
    for match in _ASSIGNED.finditer(text):
        values.setdefault(match.group(1), []).append(match.group(2).strip("\"'"))
    return values


def _substitute(word: str, name: str, value: str) -> str:
    return _VAR_REF.sub(lambda m: value if m.group(1) == name else m.group(0), word)


def expand(ctx: Ctx, word: str) -> str:
    """``word`` with each variable replaced by every value the script gives it, joined by spaces."""
    if "$" not in word:
        return word
    if ctx.shell_values is None:
        ctx.shell_values = _values(ctx.text)
    values = ctx.shell_values
    names = [n for n in _VAR.findall(word) if n in values]
    expanded = [_substitute(word, n, v) for n in names for v in values[n][:8]]
    return f"{word} ({', '.join(expanded)})" if expanded else word


_CODE_HOSTS = ("github.com", "raw.githubusercontent.com", "gitlab.com", "codeberg.org", "bitbucket.org")
_GENERIC_LABELS = frozenset(
    {
        "www",
        "get",
        "install",
        "installer",
        "raw",
        "cdn",
        "dl",
        "download",
        "downloads",
        "static",
        "releases",
        "sh",
        "example",
        "files",
        "assets",
        "pkg",
        "packages",
        "repo",
        "setup",
        "script",
        "scripts",
        "io",
        "dev",
        "app",
        # Words any page about a tool uses anyway: they name no vendor (cli.example.com on a page about "the CLI").
        "cli",
        "api",
        "tool",
        "tools",
        "docs",
        "web",
        "cloud",
        "code",
        "bin",
        "update",
        "updates",
        "mirror",
        "data",
        "help",
        "support",
        "secure",
        "auth",
        "login",
    }
)


def vendor_host(page: str, url: str) -> bool:
    """Whether an installer's URL names the product the page is about: its host's own name (deno.land on a page
    about Deno), or the project's owner or repository on a code host, spelt as a word of the page's own text."""
    host = url_host_of(url)
    labels = host.split(".")
    if host in _CODE_HOSTS or host.endswith(".github.io"):
        names = [p for p in url.split("://", 1)[-1].split("/")[1:3] if p] + (
            [labels[0]] if host.endswith(".github.io") else []
        )
    else:
        names = labels[:-1][-2:]  # the registered name and the one before it (sh.rustup.rs -> sh, rustup)
    prose = re.sub(r"\S+://\S+", " ", page)  # the product named in words, not in this or another of its URLs
    return any(
        len(name) >= 3
        and name.lower() not in _GENERIC_LABELS
        and re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", prose, re.IGNORECASE)
        for name in names
    )

"""Whose installer a URL is, and which of the skill's own files a path in a script names.

The values a script's variables take are worked out by the parser (shellparse), over the syntax tree; a value a
script reads from a file the skill ships (``jq -r .url config.json``, ``source settings.env``) and a hook or unit
file it copies into place are looked up here among the skill's files."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from fnmatch import fnmatchcase

from skillscope.audit.behavior.vocab import url_host_of

__all__ = ["vendor_host", "shipped", "json_path"]

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
    return any(len(name) >= 3 and name.lower() not in _GENERIC_LABELS and _named_in(page, name) for name in names)


_PAGE: list[tuple[str, str, dict[str, bool]]] = [("", "", {})]
"""The last page asked about, its words without URLs, and the names looked up in them: a page with hundreds of
installer commands is stripped and searched once, not once per command (one page kept, so no memory grows)."""


def _named_in(page: str, name: str) -> bool:
    last = _PAGE[0]
    if last[0] is not page:
        last = (page, re.sub(r"\S+://\S+", " ", page), {})  # the product named in words, not in a URL
        _PAGE[0] = last
    found = last[2].get(name)
    if found is None:
        found = re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", last[1], re.IGNORECASE) is not None
        last[2][name] = found
    return found


_UNKNOWN = re.compile(r"\$|`|\)")
"""What marks the part of a path the script computes at run time (``$DIR``, ``$(dirname "$0")``)."""


def _tail(word: str) -> str | None:
    """The part of a path the script spells out after whatever it computes at run time, or None for a path
    that names a place outside the skill (``/etc/x``, ``~/.bashrc``)."""
    word = word.strip().strip("\"'")
    unknown = list(_UNKNOWN.finditer(word))
    if unknown:
        rest = word[unknown[-1].end() :]
        # "$DIR/hooks" and "$(dirname "$0")/../units/x": the rest starts after the computed folder
        rest = re.sub(r"^[\w{}]*", "", rest) if word[unknown[-1].start()] == "$" else rest
        if not rest.startswith("/"):
            return None
        return rest.lstrip("/")
    if word.startswith(("/", "~")) or not word:
        return None
    return word


def shipped(files: Mapping[str, str], here: str, word: str) -> list[tuple[str, str]]:
    """The skill's own files a path word in the script at ``here`` names, as (path, text): one file, every file
    under a folder (``hooks/.``), or every file a glob takes in (``launchd/*.plist``). Empty when it names none.

    A path the script computes (``"$DIR/hooks"``, ``"$(dirname "$0")/../units/a.service"``) is matched by the
    part it spells out, against the script's own folder first, then the skill's root, then any one file or folder
    whose path ends with it."""
    if not files or not word or len(word) > 400:
        return []
    tail = _tail(word)
    if tail is None:
        return []
    folder = posixpath.dirname(here)
    candidates: list[str] = []
    for base in (folder, ""):
        joined = posixpath.normpath(posixpath.join(base, tail)) if tail else base or "."
        if not joined.startswith(".."):
            candidates.append("" if joined == "." else joined)
    bare = posixpath.normpath(tail) if tail else "."
    while bare.startswith("../"):
        bare = bare[3:]
    bare = "" if bare in (".", "..") else bare
    for candidate in candidates:
        found = _named(files, candidate)
        if found:
            return found
    if not bare:
        return []
    # "$ROOT/hooks": any one folder or file whose path ends with the spelt-out part
    ends = sorted({p for p in files if p == bare or p.endswith("/" + bare)})
    if len(ends) == 1:
        return [(ends[0], files[ends[0]])]
    folders = sorted({p[: p.index("/" + bare + "/") + len(bare) + 1] for p in files if "/" + bare + "/" in p})
    folders += [bare] if any(p.startswith(bare + "/") for p in files) else []
    if len(set(folders)) == 1:
        return _named(files, folders[0])
    if any(ch in bare for ch in "*?["):
        return [(p, files[p]) for p in sorted(files) if fnmatchcase(p, bare) or fnmatchcase(p, "*/" + bare)]
    return []


def _named(files: Mapping[str, str], path: str) -> list[tuple[str, str]]:
    if path in files:
        return [(path, files[path])]
    if any(ch in path for ch in "*?["):
        return [(p, files[p]) for p in sorted(files) if fnmatchcase(p, path) and "/" not in p[len(path) :]]
    prefix = path + "/" if path else ""
    under = [(p, files[p]) for p in sorted(files) if p.startswith(prefix)] if prefix else []
    return under


def json_path(text: str, expression: str) -> str | None:
    """The value a simple jq or yq path (``.a.b``, ``.a["b"]``, ``.a[0]``) takes in a shipped JSON file, as
    ``jq -r`` prints it, or None when the file or the path is not that simple."""
    import json

    try:
        value: object = json.loads(text)
    except ValueError:
        return None
    steps = re.findall(r"\.([A-Za-z_][\w-]*)|\[\s*\"([^\"]+)\"\s*\]|\[\s*(\d+)\s*\]", expression)
    if not steps or re.sub(r"\.[A-Za-z_][\w-]*|\[\s*\"[^\"]+\"\s*\]|\[\s*\d+\s*\]|\s", "", expression) not in ("", "."):
        return None
    for key, quoted, index in steps:
        if isinstance(value, dict) and (key or quoted) in value:
            value = value[key or quoted]
        elif isinstance(value, list) and index and int(index) < len(value):
            value = value[int(index)]
        else:
            return None
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float, bool)) or value is None:
        return json.dumps(value)
    return None

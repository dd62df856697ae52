"""A package manager's user configuration written with an index in it, by a script in any language.

``pip config set`` and ``npm config set registry`` are read as commands (``shell._index_redirect``). The same move
made by writing the file itself (a ``sed`` that adds ``index-url = ...`` to a temporary copy later moved over
``~/.config/pip/pip.conf``, Python appending ``registry=`` to ``~/.npmrc``) leaves no command to read, only two acts
in one script: a write to the user's ``pip.conf``/``.npmrc``/``.yarnrc``/``uv.toml`` and a line that spells an index
key with a value. Every later install of the user then comes from that value.

- a value the user gives (an argument, a prompt, the environment, a loop or a function parameter) is the user's own
  mirror: quiet;
- the ecosystem's own index or a local address: quiet;
- a project's file (``./.npmrc``) is the project's choice: quiet;
- a host the script names, or a value it builds from its own constants: a warning at the index line; an error when
  the host is dressed as a well-known site.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import replace

from skillscope.audit.behavior.regions import line_span
from skillscope.audit.behavior.vocab import is_local_host, lookalike_site, package_index, url_host_of
from skillscope.audit.capabilities import Capability
from skillscope.audit.findings import Hit, effective_severity
from skillscope.audit.text_scan import hit_at
from skillscope.core.textsafe import safe_line

__all__ = ["index_writes"]

INSTALL = "skillscope/permissions/risky-install"
LOOKALIKE = "skillscope/deception/lookalike-host"

_CONFIG = re.compile(
    r"(?:^|[/\\])(?P<file>pip\.conf|pip\.ini|\.npmrc|\.yarnrc(?:\.yml)?|uv\.toml|\.?bunfig\.toml|\.pydistutils\.cfg)$",
    re.IGNORECASE,
)
_MANAGER = {"pip.conf": "pip", "pip.ini": "pip", ".pydistutils.cfg": "pip", "uv.toml": "uv"}
# a key that picks where every install comes from; `@scope:registry` moves one scope only and is left alone
_INDEX_LINE = re.compile(
    r"""(?:(?<![\w:@-])|(?<=[`\\]n))(?P<key>(?:extra-)?index-url|index_url|registry|npmRegistryServer)["']?\]?\s*[=:]\s*"""
    r"""(?P<value>[^\s"',;)\]\\]+)""",
    re.IGNORECASE,
)
_VAR = re.compile(r"\$\{?(\w+)|\{(\w+)[^{}]*\}|^(\w+)$")
_USER_GIVEN = re.compile(
    r"\$[1-9@*#]|\$\{[1-9@*#]|\$OPTARG|\bargv\b|\bargs?\b[.\[]|\barg\(|\binput\(|Read-Host|\$args\b|\bgetenv\b|"
    r"\benviron\b|process\.env|\$env:|ENV\[|\$\{?[A-Z][A-Z0-9_]*(?::[-?=]|\})|\bprompt\(|\bparse_args\b|\bgetopt",
)
_PARAMS = re.compile(r"(?:\bdef\s+\w+|\bfunction\s*\w*|\bparam)\s*\(([^)]*)\)|\(([^()]*)\)\s*=>")
_LOOP = re.compile(r"\bfor\s*\(?\s*(?:const\s+|let\s+|var\s+)?\$?(\w+)(?:\s*,\s*(\w+))?\s+(?:in|of)\b")


def _user_level(target: str) -> bool:
    """Whether a written place is the user's or the machine's (home, XDG, AppData, /etc), not the project's."""
    t = target.replace("\\", "/")
    return (
        t.startswith(("~", "/", "%", "$HOME", "${HOME"))
        or "/.config/" in t
        or "Application Support/" in t
        or "AppData/" in t
    ) and "VIRTUAL_ENV" not in t


def _assigned(text: str, name: str) -> str | None:
    """The right side of the first line-start assignment of ``name`` (shell, Python, JavaScript, PowerShell)."""
    m = re.search(
        rf"(?m)^[ \t]*(?:(?:export|local|readonly|declare|const|let|var|my)\s+)?\$?{re.escape(name)}\s*(?::=|=(?!=))"
        r"[ \t]*(.*)$",
        text,
    )
    return m.group(1) if m else None


def _unknowns(text: str) -> set[str]:
    """Names bound by a loop or a parameter list: values the script is handed, not ones it spells."""
    names: set[str] = set()
    for m in _LOOP.finditer(text):
        names.update(n for n in m.groups() if n)
    for m in _PARAMS.finditer(text):
        for part in (m.group(1) or m.group(2) or "").split(","):
            word = re.match(r"\s*\[?[\w\[\]]*\]?\s*\$?(\w+)", part)
            if word:
                names.add(word.group(1))
    return names


def _names(text: str, value: str, unknown: set[str], shell: bool) -> list[str]:
    """The variables a value reads: ``$x``, ``${x}``, ``{x}`` in a template, and bare names outside quotes that the
    script assigns or is handed."""
    names = [a or b or c for a, b, c in _VAR.findall(value)]
    if shell:
        return names  # a shell word is text unless it has a `$`
    bare = re.sub(r""""[^"]*"|'[^']*'""", " ", value)
    for m in re.finditer(r"(?<![.\w$-])([A-Za-z_]\w*)\b(?![\w-]|\s*\()", bare):
        name = m.group(1)
        if name not in names and (name in unknown or _assigned(text, name) is not None):
            names.append(name)
    return names


def _origin(text: str, value: str, unknown: set[str], shell: bool, depth: int = 0) -> tuple[str, str] | None:
    """("host", h) for a value that resolves to a URL host, ("built", "") for one built from the script's own
    constants, None for one the user gives (or that cannot be told)."""
    if _USER_GIVEN.search(value) or depth > 3:
        return None
    url = re.search(r"[A-Za-z][\w+.-]*://[^\s\"'`]+", value)
    if url:
        host = url_host_of(url.group(0))
        if host and not re.search(r"[${}%]", host):
            return ("host", host)
    names = _names(text, value, unknown, shell)
    if not names and re.search(r"\w\s*\(", re.sub(r"\$\(", "", value)):
        return None  # what a call returns
    found: tuple[str, str] | None = ("built", "")
    for name in names:
        if name in unknown:
            return None
        rhs = _assigned(text, name)
        if rhs is None:
            return None  # named nowhere in the script: handed in from outside
        inner = _origin(text, rhs, unknown, shell, depth + 1)
        if inner is None:
            return None
        if inner[0] == "host":
            found = inner
    return found


def _index_lines(text: str) -> Iterator[tuple[int, str, str]]:
    for number, line in enumerate(text.split("\n"), 1):
        for m in _INDEX_LINE.finditer(line):
            value = m.group("value")
            if "://" in value or _VAR.search(value):
                yield number, m.group("key"), value


def index_writes(
    texts: Mapping[str, str],
    scripts_of: Mapping[str, str | None],
    capabilities: list[Capability],
    hits: list[tuple[str, Hit]],
) -> list[tuple[str, Hit]]:
    """A warning (an error for a look-alike host) where a script writes the user's package manager configuration
    with an index the script itself chose."""
    out: list[tuple[str, Hit]] = []
    for path, language in scripts_of.items():
        text = texts.get(path, "")
        if not text or language is None:
            continue
        writes = [
            c
            for c in capabilities
            if c.path == path and c.kind == "writes" and _CONFIG.search(c.target) and _user_level(c.target)
        ]
        if not writes:
            continue
        # already judged as an install move (a `config set` read as a command); a look-alike named only as a URL
        # is a warning elsewhere, and this write is what makes it every install's source
        if any(
            p == path
            and (
                h.id == INSTALL
                and effective_severity(h) != "note"
                or h.id == LOOKALIKE
                and effective_severity(h) == "error"
            )
            for p, h in hits
        ):
            continue
        unknown = _unknowns(text)
        for line, key, value in _index_lines(text):
            origin = _origin(text, value, unknown, language == "shell")
            if origin is None:
                continue
            kind, host = origin
            if kind == "host" and (package_index(host) or is_local_host(host)):
                continue
            # the write that carries it: the first one after the line that spells it
            write = next((c for c in writes if (c.line or 0) >= line), writes[-1])
            match = _CONFIG.search(write.target)
            manager = _MANAGER.get(match.group("file").lower(), "npm") if match else "npm"
            dressed = lookalike_site(host) if host else None
            what = (
                f"{safe_line(host, limit=60)}" + (f", a host dressed as {dressed}" if dressed else "")
                if host
                else "an index the script builds from its own parts"
            )
            start, end = line_span(text, line)
            message = (
                f"writes {safe_line(write.target, limit=60)} (line {write.line}) with {key} set to {what} (line "
                f"{line}): every later {manager} install of the user comes from it"
            )
            out.append(
                (path, replace(hit_at(INSTALL, message, text, start, end), severity="error" if dressed else "warning"))
            )
            break
    return out

"""A package manager's source overridden through its environment before an install, in any language a script is in.

``PIP_INDEX_URL``, ``npm_config_registry``, ``GOPROXY`` and their kin tell the installer where every package comes
from, and an environment variable set a few lines above ``pip install requests`` does not show at the install:
the name reads as PyPI's package while the code comes from whoever runs that host. The variable's name is the
installer's own interface, spelt the same in every language (``export X=``, ``$env:X =``, ``os.environ["X"] =``,
``{"X": ...}`` handed to a child's ``env``, ``os.Setenv("X", ...)``, ``ENV["X"] =``), so one reading serves them all.
An official source (pypi.org, registry.npmjs.org, proxy.golang.org, ...) or a value the user passes (a variable, not
a constant) is no finding. Another host is the warning ``--index-url`` of the same host draws on the install line (a
company's own mirror is set this way too); a host dressed as a well-known site (``pypi.org.pkgs-cache.example``) is an
error: every package then comes from someone imitating the registry."""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx
from skillscope.audit.behavior.vocab import is_local_host, lookalike_site, url_host_of
from skillscope.core.textsafe import safe_line

__all__ = ["scan_package_sources"]

_MANAGERS = {
    "pip": ("pip", "pip3", "uv", "pipx", "poetry", "pdm"),
    "npm": ("npm", "pnpm", "yarn", "npx", "bun"),
    "go": ("go",),
    "cargo": ("cargo",),
    "gem": ("gem", "bundle"),
}
"""The installers each family of variables steers."""
_VARIABLES = re.compile(
    r"\b(?P<name>PIP_(?:EXTRA_)?INDEX_URL|PIP_FIND_LINKS|UV_(?:EXTRA_|DEFAULT_)?INDEX(?:_URL)?|POETRY_REPOSITORIES_\w+_URL"
    r"|PDM_PYPI_URL|npm_config_registry|NPM_CONFIG_REGISTRY|YARN_(?:NPM_)?REGISTRY(?:_SERVER)?|BUN_CONFIG_REGISTRY"
    r"|GOPROXY|GOFLAGS|GOINSECURE|CARGO_REGISTRIES_\w+_INDEX|CARGO_REGISTRY_INDEX|GEM_HOST|RUBYGEMS_HOST"
    r"|BUNDLE_MIRROR__\w+)\b"
    r"""["'\]]*[ \t]*(?:=>|=|:|,)[ \t]*["']?(?P<value>[^"'\s,;)}\]]+(?:,[^"'\s;)}\]]+)*)"""
)
"""A package-source variable given a constant value: ``X=v``, ``"X": "v"``, ``X: "v"``, ``["X"] = "v"``,
``("X", "v")``, ``"X" => "v"``, ``"X=v"``. A value starting with ``$`` or a call is the user's or the program's, not written here."""
_FAMILY = {
    "PIP": "pip",
    "UV": "pip",
    "POETRY": "pip",
    "PDM": "pip",
    "NPM": "npm",
    "YARN": "npm",
    "BUN": "npm",
    "GOPROXY": "go",
    "GOFLAGS": "go",
    "GOINSECURE": "go",
    "CARGO": "cargo",
    "GEM": "gem",
    "RUBYGEMS": "gem",
    "BUNDLE": "gem",
}
_OFFICIAL = frozenset(
    {
        "pypi.org",
        "pypi.python.org",
        "files.pythonhosted.org",
        "registry.npmjs.org",
        "registry.yarnpkg.com",
        "proxy.golang.org",
        "sum.golang.org",
        "index.crates.io",
        "crates.io",
        "github.com",  # crates.io's git index
        "rubygems.org",
        "index.rubygems.org",
    }
)
"""Each ecosystem's own registry: an override naming it changes nothing."""
_INSTALL = re.compile(
    r"\b(?P<tool>pip3?|uv|pipx|poetry|pdm|npm|pnpm|yarn|npx|bun|go|cargo|gem|bundle)\b"
    r"""(?:["',\s\[]|\s-m\s)+(?:pip["',\s]+)?(?P<verb>install|add|i|ci|get|sync)\b"""
)
_BEFORE = 3
"""Lines an install may stand above the override that goes with it: a call whose ``env`` option follows it."""


def _family(name: str) -> str:
    key = name.split("_", 1)[0].upper()
    return _FAMILY.get(key, _FAMILY.get(name.upper(), ""))


def _stranger(name: str, value: str) -> str | None:
    """The host (or the insecure setting) a variable's value sends installs to, when it is not the ecosystem's own."""
    if name.upper() == "GOFLAGS":
        return "-insecure" if "-insecure" in value else None
    if name.upper() == "GOINSECURE":
        return f"GOINSECURE={value}" if value and not value.startswith("$") else None
    if value.startswith(("$", "%", "{", "<")) or "${" in value:
        return None  # the user's own setting, passed through
    for part in re.split(r"[,|]", value):
        if part in ("direct", "off", ""):
            continue
        host = url_host_of(part) if "://" in part else part.split("/", 1)[0]
        if not host or "." not in host or is_local_host(host):
            continue
        if host.lower() not in _OFFICIAL:
            return host.lower()
    return None


def scan_package_sources(ctx: Ctx) -> None:
    """Judge each install that runs after an environment override of its installer's source in the same script."""
    text = ctx.text
    if not any(marker in text for marker in ("INDEX", "registry", "REGISTRY", "GO", "CARGO", "GEM", "BUNDLE")):
        return
    overrides: list[tuple[int, str, str, str]] = []  # (offset, family, variable, where to)
    for match in _VARIABLES.finditer(text):
        family = _family(match.group("name"))
        where = _stranger(match.group("name"), match.group("value"))
        if family and where:
            overrides.append((match.start(), family, match.group("name"), where))
    if not overrides:
        return
    for install in _INSTALL.finditer(text):
        tool, verb = install.group("tool"), install.group("verb")
        if tool == "go" and verb not in ("install", "get"):
            continue
        line = ctx.line(install.start())
        for at, family, name, where in overrides:
            if tool not in _MANAGERS[family]:
                continue
            set_line = ctx.line(at)
            if not (at < install.start() or set_line - _BEFORE <= line <= set_line):
                continue
            end = text.find("\n", install.start())
            imitated = lookalike_site(where) if "." in where and "=" not in where else None
            source = (
                f"from {safe_line(where, limit=60)}, a host dressed as {imitated}"
                if imitated
                else f"from {safe_line(where, limit=60)}, not the ecosystem's own registry"
                if "." in where and "=" not in where
                else f"with its transport checks off ({safe_line(where, limit=60)})"
            )
            ctx.add(
                "skillscope/permissions/risky-install",
                f"{tool} {verb} (line {line}) installs {source}, as {name} set on line {set_line} tells it",
                install.start(),
                end if end > 0 else len(text),
                "error" if imitated else "warning",
            )
            if "." in where and "=" not in where:
                ctx.cap("installs", f"index {where}", install.start(), install.end(), tool)
            break

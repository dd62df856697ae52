"""Whose installer a URL is: the product a page is about, named in the URL's host or code-host path.

The values a script's variables take are worked out by the parser (shellparse), over the syntax tree."""

from __future__ import annotations

import re

from skillscope.audit.behavior.vocab import url_host_of

__all__ = ["vendor_host"]

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

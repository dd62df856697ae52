"""Where a server lives: an HTTP URL with headers, or a stdio command line."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Literal

__all__ = ["Target", "redact_url"]


@dataclass(frozen=True)
class Target:
    """One server to attach to, as the user named it.

    Header values and environment values may hold secrets: they are used to
    connect and are never part of ``display`` or any report.
    """

    label: str
    kind: Literal["http", "stdio", "inprocess"]
    url: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    command: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    server: object | None = None
    """An in-process server object (tests and the embedded demo)."""
    http_transport: Literal["streamable-http", "sse"] = "streamable-http"
    """For ``http``: Streamable HTTP, or the legacy HTTP+SSE transport some client configs name."""

    @property
    def display(self) -> str:
        """The server's identity for people and reports: the URL or the command line."""
        if self.kind == "http":
            return redact_url(self.url or "")
        if self.kind == "stdio":
            return shlex.join(self.command)
        return f"in-process:{self.label}"


def redact_url(url: str) -> str:
    """``url`` with its userinfo dropped and every query value replaced by ``***``.

    Tokens travel in URLs (``?token=…``, ``https://user:pass@host``); whatever shows or
    stores a server's URL shows this form.
    """
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "<unparseable URL>"
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{host}:{port}" if port else host
    query = parts.query
    if query:
        pieces = []
        for item in query.split("&"):
            name, sep, value = item.partition("=")
            pieces.append(f"{name}=***" if sep else ("***" if item else item))
        query = "&".join(pieces)
    fragment = "***" if parts.fragment else ""
    if not (parts.username or parts.password or parts.query or parts.fragment):
        return url
    return urlunsplit((parts.scheme, netloc, parts.path, query, fragment))

"""Where a server lives: an HTTP URL with headers, or a stdio command line."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Literal

__all__ = ["Target"]


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
    folder: str | None = None
    """For a local folder served in-process: the folder's absolute path (reports point at its files)."""
    index: str | None = None
    """For a publisher's well-known skills index served in-process: the index URL it was read from."""
    refused: dict[str, str] = field(default_factory=dict)
    """For skillscope's own in-process publishers: skill path → why skillscope refused it when it fetched it. Set
    only in code (never from a server's answer or a config file); honoured only with ``folder`` or ``index``."""
    http_transport: Literal["streamable-http", "sse"] = "streamable-http"
    """For ``http``: Streamable HTTP, or the legacy HTTP+SSE transport some client configs name."""
    written: tuple[str, ...] = ()
    """The URL, or the command and its arguments, as a config file wrote them (``${VAR}`` unexpanded): what
    ``display`` shows, so a value a variable brings in (a token passed as an argument) is never printed."""

    @property
    def display(self) -> str:
        """The server's identity for people and reports: the URL or the command line."""
        if self.kind == "http":
            from skillscope.core.redact import redact_url

            return redact_url(self.written[0] if self.written else self.url or "")
        if self.kind == "stdio":
            return shlex.join(self.written or self.command)
        return f"in-process:{self.label}"

"""Claude Code's managed-settings allowlist (``allowedMcpServers``) for the servers whose skills were approved."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from skillscope.config.file import Config, client_server
from skillscope.config.servers import ServerSpec
from skillscope.core.errors import SkillscopeError
from skillscope.core.redact import redact_url
from skillscope.core.textsafe import safe_line
from skillscope.ledger.core.record import Record

__all__ = ["Allowlist", "claude_allowlist"]


@dataclass
class Allowlist:
    """The entries to allow, and the servers held back with why (one line each, safe to print)."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    held_back: list[str] = field(default_factory=list)

    def text(self) -> str:
        """The managed-settings fragment: ``{"allowedMcpServers": [...]}`` as JSON."""
        return json.dumps({"allowedMcpServers": self.entries}, indent=2, ensure_ascii=True) + "\n"


def claude_allowlist(approvals: Iterable[Record], config: Config) -> Allowlist:
    """One ``serverUrl`` or ``serverCommand`` entry per label whose skills have approvals in force.

    The ledger knows a label and, signed with each approval, the server it was made against (its URL,
    redacted, or its command line). What that label is today comes from the config file or the MCP
    clients' configs; a server is allowed only when the config writes it exactly as every approval under
    that label recorded it, and only as a value Claude Code matches literally: a URL with a ``*`` (a
    wildcard there), credentials, a query or a ``${VAR}``, or a command with a variable, is held back
    rather than widened or written with a secret. No ``serverName`` entry is made: a name is whatever
    the client config calls a server, so it pins nothing.
    """
    by_label: dict[str, list[Record]] = {}
    for record in approvals:
        if record.fingerprint and "surface" not in record.extra:
            by_label.setdefault(record.label, []).append(record)
    out = Allowlist()
    seen: set[str] = set()
    for label in sorted(by_label):
        entry, why = _entry(label, by_label[label], config)
        if entry is None:
            out.held_back.append(f"{safe_line(label, limit=64)}: {why}")
            continue
        key = json.dumps(entry, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.entries.append(entry)
    return out


def _entry(label: str, records: list[Record], config: Config) -> tuple[dict[str, Any] | None, str]:
    """The allowlist entry for ``label``, or None and the reason it is held back."""
    recorded = sorted({r.server for r in records})
    if any(server.startswith("in-process:") for server in recorded):
        return None, "served in-process by skillscope (the demo or a local folder): no host starts it"
    try:
        spec = config.servers.get(label) or client_server(label)
    except SkillscopeError as exc:
        return None, safe_line(exc.message, limit=300)
    if spec is None:
        return None, "no server has this label in the config or in your MCP clients' configs"
    if spec.disabled:
        return None, "the server is disabled in its config"
    written, entry, why = _written(spec)
    if entry is None:
        return None, why
    if recorded != [written]:
        said = ", ".join(safe_line(s, limit=200) or "(not recorded)" for s in recorded)
        return None, (
            f"the config now says {safe_line(written, limit=200)}, but its approvals were made against {said}: "
            "review the skills where the config points, or fix the config"
        )
    return entry, ""


def _written(spec: ServerSpec) -> tuple[str, dict[str, Any] | None, str]:
    """The server as approvals record it (``Target.display``), its entry, or why it cannot have one."""
    if spec.url:
        written = redact_url(spec.url)
        if "${" in spec.url:
            return written, None, "its URL holds a variable, and Claude Code matches the URL it connects to"
        if "*" in spec.url:
            return written, None, "its URL holds a '*', which Claude Code reads as a wildcard"
        try:
            parts = urlsplit(spec.url)
        except ValueError:
            return written, None, "its URL cannot be parsed"
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return written, None, "its URL is not an http(s) URL with a host"
        if parts.username or parts.password or parts.query or parts.fragment or "@" in parts.netloc:
            return written, None, "its URL holds credentials, a query or a fragment, which would be written out"
        if any(ord(c) <= 32 or ord(c) == 127 for c in spec.url):
            return written, None, "its URL holds a space or a control character"
        return written, {"serverUrl": spec.url}, ""
    command = [spec.command or "", *spec.args]
    written = shlex.join(command)
    if not command[0]:
        return written, None, "it has neither a URL nor a command"
    if any("${" in part for part in command):
        return written, None, "its command line holds a variable, and Claude Code matches the command it starts"
    return written, {"serverCommand": command}, ""

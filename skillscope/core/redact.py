"""Secrets kept out of everything shown or stored: URL tokens, userinfo, and the user's secret values.

Two policies, each in one place:

- ``redact_url``: a server's URL is shown and stored without userinfo and with every query
  value (and a fragment) replaced by ``***``.
- ``SECRETS``: the values the user supplied as secrets for the servers of this run (header
  values, ``--env`` values, expanded ``${VAR}`` values) are masked as ``***`` wherever a server
  echoes them back, the way CI systems mask secrets in logs. Every output (CLI streams, reports,
  the TUI's server text, the run log) passes through ``SECRETS.mask``.
"""

from __future__ import annotations

import html
import json
import re
import threading
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

__all__ = ["MASK", "MIN_SECRET_LENGTH", "SECRETS", "SecretMask", "redact_url", "redact_urls_in"]

MASK = "***"
MIN_SECRET_LENGTH = 6
"""Shorter values are not masked: masking ``on`` or ``debug`` would garble ordinary text."""

_URL = re.compile(r"\bhttps?://[^\s\"'<>`]+", re.IGNORECASE)


def redact_url(url: str) -> str:
    """``url`` without userinfo, with every query value and any fragment replaced by ``***``."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "<unparseable URL>"
    if not (parts.username or parts.password or parts.query or parts.fragment or "@" in parts.netloc):
        return url
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{host}:{port}" if port else host
    query = (
        "&".join(
            (f"{item.partition('=')[0]}={MASK}" if "=" in item else MASK) if item else item
            for item in parts.query.split("&")
        )
        if parts.query
        else ""
    )
    return urlunsplit((parts.scheme, netloc, parts.path, query, MASK if parts.fragment else ""))


def redact_urls_in(text: str) -> str:
    """Every http(s) URL inside ``text`` redacted (for free text such as log lines)."""
    return _URL.sub(lambda m: redact_url(m.group(0)), text)


class SecretMask:
    """The secret values of this run, and the masking of text that might echo them."""

    def __init__(self) -> None:
        self._values: set[str] = set()
        self._pattern: re.Pattern[str] | None = None
        self._lock = threading.Lock()

    def add(self, *values: str) -> None:
        """Remember secret values (with their JSON- and HTML-escaped forms); short ones are ignored."""
        found: set[str] = set()
        for value in values:
            for candidate in (value, *_credential_parts(value)):
                if len(candidate) >= MIN_SECRET_LENGTH:
                    found.update({candidate, json.dumps(candidate)[1:-1], html.escape(candidate)})
        with self._lock:
            if found - self._values:
                self._values |= found
                ordered = sorted(self._values, key=len, reverse=True)
                self._pattern = re.compile("|".join(re.escape(v) for v in ordered))

    def add_target(self, target: Any) -> None:
        """Remember a target's header values, environment values and URL credentials."""
        self.add(*getattr(target, "headers", {}).values(), *getattr(target, "env", {}).values())
        url = getattr(target, "url", None)
        if url:
            self.add(*_url_secrets(url))

    def mask(self, text: str) -> str:
        """``text`` with every remembered secret replaced by ``***``."""
        pattern = self._pattern
        if pattern is None or not text:
            return text
        return pattern.sub(MASK, text)

    def mask_data(self, value: Any) -> Any:
        """A JSON-like value with every string masked (keys included)."""
        if self._pattern is None:
            return value
        if isinstance(value, str):
            return self.mask(value)
        if isinstance(value, dict):
            return {self.mask_data(k): self.mask_data(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.mask_data(v) for v in value]
        return value

    def clear(self) -> None:
        """Forget every secret (tests)."""
        with self._lock:
            self._values.clear()
            self._pattern = None


def _credential_parts(value: str) -> list[str]:
    """``Bearer abc`` also yields ``abc``: a server may echo the token alone."""
    scheme, _, rest = value.strip().partition(" ")
    return [rest.strip()] if rest.strip() and scheme.isalpha() else []


def _url_secrets(url: str) -> list[str]:
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    out = [unquote(v) for v in (parts.username, parts.password) if v]
    out += [v for _, v in parse_qsl(parts.query, keep_blank_values=False)]
    return out


SECRETS = SecretMask()
"""The process's mask: every connection adds its target's secrets (``connect`` does)."""

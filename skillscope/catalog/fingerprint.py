"""The skill fingerprint: SHA-256 over the sorted ``uri digest`` lines of an entry."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

__all__ = ["fingerprint"]


def fingerprint(files: Iterable[tuple[str, str]]) -> str:
    """Compute the fingerprint of a static entry from its ``(uri, digest)`` pairs.

    Lines ``"<uri> <digest>"`` are sorted by code point, joined by LF with no
    trailing newline, and hashed; sizes are not part of it. The value matches
    RoomKit's ``SkillEntry.fingerprint`` so exported lists plug into its hosts.
    """
    lines = sorted(f"{uri} {digest}" for uri, digest in files)
    return "sha256:" + hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()

"""What every behaviour analyser takes and gives: a code region with its place, and raw hits in it."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from skillscope.audit.behavior.purpose import Purpose
from skillscope.audit.capabilities import CapabilityKind
from skillscope.audit.findings import Severity

__all__ = ["Raw", "RawCap", "Ctx", "CUT", "PER_CHECK", "TEXT_CAP"]

CUT = "skillscope/obfuscation/unanalysable"
"""The note an analyser leaves where it stopped reading (a bound reached), so a hostile file never passes unseen."""
PER_CHECK = 20
"""Hits of one rule kept per file; a generated file repeating a pattern is reported that many times, not thousands."""
TEXT_CAP = 64 * 1024
"""Characters a resolved string value keeps: a value doubled in a loop of assignments must not grow without end."""


@lru_cache(maxsize=16)
def _newlines(text: str) -> list[int]:
    """Offsets of every line break in ``text``."""
    return [match.start() for match in re.finditer("\n", text)]


@dataclass(frozen=True)
class Raw:
    """A rule that fired over ``text[start:end]`` of the analysed region, with an optional severity of its own."""

    check: str
    message: str
    start: int
    end: int
    severity: Severity | None = None


@dataclass(frozen=True)
class RawCap:
    """A capability an analyser read over ``text[start:end]`` of the region (see ``audit.capabilities``)."""

    kind: CapabilityKind
    target: str
    start: int
    end: int
    detail: str = ""


@dataclass
class Ctx:
    """A region under analysis: its text, where it sits in the file, and what the file is."""

    text: str
    base: int
    file_text: str
    path: str
    documented: bool = False
    """True for code shown in a Markdown page (an installer in a README) rather than a script."""
    hits: list[Raw] = field(default_factory=list)
    network: bool = False
    """Set when the code sends anything over the network (the claim-mismatch rule reads it)."""
    sends: list[tuple[int, int, str]] = field(default_factory=list)
    """Where the code sends over the network, as (start, end, "upload" for file contents or secrets, else "network")."""
    skill_files: Mapping[str, str] = field(default_factory=dict)
    """Every verified text file of the skill by path (this one too): where a value read from a shipped config file,
    a hook copied from the skill's folder, or a script another one runs can be looked up. Read-only."""
    caps: list[RawCap] = field(default_factory=list)
    """What the code can do (executes, sends, reads, ...), each with its target resolved as far as constants allow."""
    printed: list[tuple[int, int, str]] = field(default_factory=list)
    """Text the code prints or writes for the agent to read (echo, print, console.log, Write-Output, puts), as
    (start, end, resolved text): the instruction rules read it as they read prose."""
    stdout_secrets: list[tuple[int, int, str]] = field(default_factory=list)
    """Where the code prints a secret it read to its standard output, as (start, end, "reads X (line N)"): a caller
    that captures this script's output (``v=$(ruby read.rb)``, ``python x.py | curl -d @-``) holds the secret."""
    shell_values: dict[str, list[str]] | None = None
    secret_vars: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Variables the caller hands a shell text already holding a secret, as (what, line): a CI step's ``env`` drawn
    from the repository's secrets."""
    purpose: Purpose = field(default_factory=Purpose)
    """What the skill says it is for (frontmatter name and description, SKILL.md headings and first paragraph): a
    risky act that is that purpose (the vendor's installer of the tool the skill installs) is a capability only."""
    """The values each shell variable may hold, worked out once per region when a rule needs them."""

    def line(self, offset: int) -> int:
        """The file's 1-based line number of a region offset (a binary search over the file's line starts, which
        are worked out once per file text: counting from 0 on every call made a long script quadratic)."""
        return bisect_right(_newlines(self.file_text), self.base + offset - 1) + 1

    def add(self, check: str, message: str, start: int, end: int, severity: Severity | None = None) -> None:
        """Record a hit over ``text[start:end]``."""
        self.hits.append(Raw(check, message, start, max(end, start + 1), severity))

    def cap(self, kind: CapabilityKind, target: str, start: int, end: int, detail: str = "") -> None:
        """Record that the code over ``text[start:end]`` can ``kind`` on ``target`` (a host, path, command, ...)."""
        self.caps.append(RawCap(kind, target, start, max(end, start + 1), detail))

    def say(self, text: str, start: int, end: int) -> None:
        """Record that the code over ``text[start:end]`` prints ``text`` (resolved as far as constants allow)."""
        self.printed.append((start, max(end, start + 1), text))

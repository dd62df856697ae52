"""What a skill can do, as the analysers of its code and prose read it: the capability model.

A capability is one act a skill's files make possible, resolved as far as constants allow: it
**executes** a command, **sends** to a host, **reads** a secret or credential store, **writes** a
place outside its own folder, **installs** a package, **destroys** something, **grants** the agent a
permission, or **tells the agent** to do something. Each is pinned by what it acts on (``target``:
a host, a path, a command, a grant, a package), so an approval can say "approved sending to
api.github.com" and a later version that sends elsewhere is a new decision.

A capability alone is not a verdict: a deploy runs ``kubectl``, a hook installer writes
``.git/hooks``. Verdicts come from flows between capabilities (a secret read reaching a send, a
download reaching an interpreter) and from concealment; the analysers report those as findings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, get_args

__all__ = [
    "CapabilityKind",
    "KINDS",
    "KIND_TITLES",
    "Capability",
    "capability_keys",
    "grouped",
    "CapabilityDelta",
    "capability_delta",
]

CapabilityKind = Literal["executes", "sends", "reads", "writes", "installs", "destroys", "grants", "tells"]
KINDS: tuple[CapabilityKind, ...] = get_args(CapabilityKind)
"""The kinds in the order a reviewer reads them."""

KIND_TITLES: Mapping[CapabilityKind, str] = {
    "executes": "runs",
    "sends": "sends to",
    "reads": "reads",
    "writes": "writes",
    "installs": "installs",
    "destroys": "destroys",
    "grants": "grants",
    "tells": "tells the agent",
}
"""The words every front end uses for a kind (the overview's group headings, the delta's sentences)."""

_NEW: Mapping[CapabilityKind, str] = {
    "executes": "now runs",
    "sends": "now sends to a new host",
    "reads": "now reads",
    "writes": "adds a write to",
    "installs": "now installs",
    "destroys": "now deletes or overwrites",
    "grants": "now asks for",
    "tells": "now tells the agent to",
}
_GONE: Mapping[CapabilityKind, str] = {
    "executes": "no longer runs",
    "sends": "no longer sends to",
    "reads": "no longer reads",
    "writes": "no longer writes to",
    "installs": "no longer installs",
    "destroys": "no longer deletes or overwrites",
    "grants": "no longer asks for",
    "tells": "no longer tells the agent to",
}


@dataclass(frozen=True, order=True)
class Capability:
    """One act a skill's files make possible, where the evidence is, and what it acts on."""

    kind: CapabilityKind
    target: str
    """What the act is on, normalised so versions compare: a host (``collect.example``), a path with ``~`` for
    home (``~/.bashrc``), a command name (``kubectl``), a grant (``Bash(*)``), a package (``requests``), or for
    ``tells`` a short phrase of the instruction (``hide actions from the user``). ``?`` when not resolvable."""
    path: str
    """The skill file the evidence is in."""
    line: int | None = None
    """1-based line of the evidence in ``path`` (None in a binary's strings)."""
    detail: str = ""
    """One phrase on how, in the audit's words (``POST of ~/.aws/credentials``, ``from a pipe into bash``)."""

    @property
    def key(self) -> str:
        """What an approval pins and a delta compares: the kind and the target, not where it is written."""
        return f"{self.kind}:{self.target}"

    def sentence(self) -> str:
        """The capability as a reviewer reads it: ``sends to collect.example (scripts/x.py line 12)``."""
        where = f"{self.path} line {self.line}" if self.line else self.path
        how = f", {self.detail}" if self.detail else ""
        return f"{KIND_TITLES[self.kind]} {self.target}{how} ({where})"

    def as_json(self) -> dict[str, object]:
        """The capability in the JSON report."""
        return {
            "kind": self.kind,
            "target": self.target,
            "path": self.path,
            "line": self.line,
            "detail": self.detail,
        }


def capability_keys(capabilities: Iterable[Capability]) -> list[str]:
    """The sorted, distinct keys of ``capabilities``: what an approval records."""
    return sorted({c.key for c in capabilities})


def grouped(capabilities: Iterable[Capability]) -> dict[CapabilityKind, list[Capability]]:
    """The capabilities by kind in reading order, each kind's targets once (first evidence kept), sorted by target."""
    out: dict[CapabilityKind, dict[str, Capability]] = {}
    for cap in sorted(capabilities, key=lambda c: (KINDS.index(c.kind), c.target, c.path, c.line or 0)):
        out.setdefault(cap.kind, {}).setdefault(cap.target, cap)
    return {kind: list(out[kind].values()) for kind in KINDS if kind in out}


@dataclass(frozen=True)
class CapabilityDelta:
    """What a new version can do that the approved one could not, and what it no longer does."""

    added: tuple[str, ...]
    removed: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.added or self.removed)

    def sentences(self) -> list[str]:
        """One line per change, additions first: ``now sends to a new host collect.example``."""
        return [_say(_NEW, key) for key in self.added] + [_say(_GONE, key) for key in self.removed]


def _say(words: Mapping[CapabilityKind, str], key: str) -> str:
    kind, _, target = key.partition(":")
    verb = words.get(kind, kind)  # type: ignore[call-overload]
    return f"{verb} {target}"


def capability_delta(approved: Iterable[str], now: Iterable[str]) -> CapabilityDelta:
    """The change from the keys an approval pinned to the keys the served version has."""
    before, after = set(approved), set(now)
    return CapabilityDelta(tuple(sorted(after - before, key=_order)), tuple(sorted(before - after, key=_order)))


def _order(key: str) -> tuple[int, str]:
    kind = key.partition(":")[0]
    return (KINDS.index(kind) if kind in KINDS else len(KINDS), key)

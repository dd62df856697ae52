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

from skillscope.audit.values import KIND_TITLES as KIND_TITLES
from skillscope.audit.values import KINDS as KINDS
from skillscope.audit.values import Capability as Capability
from skillscope.audit.values import CapabilityKind as CapabilityKind

__all__ = [
    "capability_keys",
    "grouped",
    "CapabilityDelta",
    "capability_delta",
]

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

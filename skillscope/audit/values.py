"""The audit's plain values that the front ends hold: what a skill can do, in the words every view uses.

No behaviour and no I/O: ``capabilities.py`` compares and groups these, the analysers make them, and the CLI and
the TUI may import them (the door contract in pyproject.toml) while the rest of the audit stays behind service/.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

__all__ = ["KINDS", "KIND_TITLES", "Capability", "CapabilityKind"]

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

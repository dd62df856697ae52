"""The local commands a run would start, as written in their config: which of them the user must confirm first."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from skillscope.service.targets import ServerSeed

__all__ = ["Launch", "launch_of", "needs_confirmation", "unasked_launches"]


@dataclass(frozen=True)
class Launch:
    """One stdio server's command line: what would run, in which folder, and where it was written.

    Built from the server's spec as written, so a ``${VAR}`` stays ``${VAR}``: its value (often a
    token) is never part of what is shown. Of the environment only the names are kept.
    """

    label: str
    command: str
    """Program and arguments, shell-quoted, as the config writes them."""
    cwd: str | None = None
    env_names: tuple[str, ...] = ()
    written_in: str | None = None
    """The file the command was read from (None: typed by the user on this run)."""
    named: bool = True
    """The user named the server on this run; False: it needs a confirmation before it starts."""


def needs_confirmation(seed: ServerSeed) -> bool:
    """True when attaching to ``seed`` would run a local command the user did not name on this run.

    A URL is not asked about: connecting to it runs no code on this machine. A server that
    cannot be attached anyway (an unset variable) starts nothing either.
    """
    return not seed.named and seed.target.kind == "stdio" and seed.problem is None


def launch_of(seed: ServerSeed) -> Launch:
    """The command ``seed`` starts, as its config writes it (the expanded one only when there is no spec)."""
    spec = seed.spec
    if spec is not None and spec.command:
        words = [spec.command, *spec.args]
        cwd, env_names, written_in = spec.cwd, tuple(sorted(spec.env)), spec.source
    else:
        # No spec: a command typed on this run (or built by a test), so nothing in it came from a file.
        words = list(seed.target.command)
        cwd, env_names, written_in = seed.target.cwd, tuple(sorted(seed.target.env)), None
    return Launch(seed.label, shlex.join(words), cwd, env_names, written_in, named=seed.named)


def unasked_launches(seeds: Sequence[ServerSeed]) -> list[Launch]:
    """The commands among ``seeds`` that must not start until the user confirms them, in order."""
    return [launch_of(seed) for seed in seeds if needs_confirmation(seed)]

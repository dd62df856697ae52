"""Rollback evidence: which reviews this machine has seen in a ledger, kept per ledger and git branch."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from skillscope.errors import LedgerError

__all__ = ["SeenMemory", "git_branch", "reviews_at_revision"]


def git_branch(ledger: Path) -> str | None:
    """The checked-out branch when ``ledger`` lies in a git work tree (``detached`` when none), else None."""
    directory = ledger.parent if ledger.parent.exists() else Path.cwd()
    try:
        done = subprocess.run(["git", "-C", str(directory), "rev-parse", "--is-inside-work-tree", "--abbrev-ref", "HEAD"],
                              capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = done.stdout.split()
    if done.returncode != 0 or not lines or lines[0] != "true":
        if done.returncode != 0 and lines[:1] == ["true"]:
            return "(no commit yet)"
        return None
    return lines[1] if len(lines) > 1 and lines[1] != "HEAD" else "detached"


@dataclass
class SeenMemory:
    """The review ids seen in one ledger (named by its first record), on one branch, on this machine."""

    path: Path

    @classmethod
    def of(cls, ledger: Path, first_hash: str, branch: str | None) -> SeenMemory:
        """The memory for the ledger whose first record has ``first_hash``, on ``branch`` (None outside git)."""
        from skillscope.locations import user_data_dir

        name = "branch-" + branch.encode("utf-8").hex() if branch else "no-git"
        return cls(user_data_dir() / "seen" / first_hash.removeprefix("sha256:")[:40] / f"{name}.ids")

    def load(self) -> dict[str, str]:
        """Every review id remembered, with its one-line description (none when nothing was remembered yet)."""
        try:
            text = self.path.read_text(encoding="ascii")
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError) as exc:
            raise LedgerError(f"Cannot read the rollback memory {self.path}: {getattr(exc, 'strerror', None) or exc}") from None
        out: dict[str, str] = {}
        for line in text.splitlines():
            review, _, what = line.partition(" ")
            if review:
                out[review] = what
        return out

    def add(self, ids: dict[str, str]) -> None:
        """Remember more review ids (an append-only file; a lost write only weakens the check)."""
        if not ids:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="ascii") as handle:
                handle.write(_lines(ids))
        except OSError as exc:
            raise LedgerError(f"Cannot write the rollback memory {self.path}: {exc.strerror}") from None

    def accept(self, ids: dict[str, str], missing: dict[str, str], note: str, time: str) -> None:
        """Forget what the ledger lost: remember exactly ``ids`` from now on, and log why."""
        from skillscope.files import write_file

        write_file(self.path, _lines(ids))
        entry = {"time": time, "note": note, "forgotten": missing, "memory": self.path.name}
        with self.path.with_name("accepted.log").open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, ensure_ascii=True) + "\n")


def _lines(ids: dict[str, str]) -> str:
    return "".join(f"{review} {' '.join(what.split())}\n".encode("ascii", "backslashreplace").decode("ascii") for review, what in ids.items())


def reviews_at_revision(ledger: Path, revision: str) -> bytes:
    """The ledger file's bytes at git ``revision``.

    Raises:
        LedgerError: not in a git work tree, or the revision or the file there is unknown.
    """
    directory = ledger.parent
    try:
        top = subprocess.run(["git", "-C", str(directory), "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, timeout=10, check=False)
        if top.returncode != 0:
            raise LedgerError(f"--since needs the ledger in a git work tree; {directory} is not in one")
        relative = os.path.relpath(ledger.resolve(), Path(top.stdout.strip()).resolve())
        shown = subprocess.run(["git", "-C", str(directory), "show", f"{revision}:{relative}"],
                               capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        raise LedgerError(f"Cannot run git: {exc}") from None
    if shown.returncode != 0:
        why = shown.stderr.decode("utf-8", "replace").strip().splitlines()[:1]
        raise LedgerError(f"Cannot read {relative} at {revision}: {why[0] if why else 'git show failed'}")
    return shown.stdout

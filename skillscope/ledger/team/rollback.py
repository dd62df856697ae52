"""Rollback evidence: which reviews this machine has seen in a ledger, kept per ledger location, branch and commit."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from skillscope.core.errors import LedgerError

__all__ = [
    "FIRST",
    "GitPlace",
    "SeenMemory",
    "committed_as_is",
    "git_branch",
    "git_place",
    "head_commit",
    "is_ancestor",
    "reviews_at_revision",
]

FIRST = "first:"
"""The key under which a memory keeps the hash of the ledger's first record (a review id is plain hex)."""


def git_branch(ledger: Path) -> str | None:
    """The checked-out branch when ``ledger`` lies in a git work tree (``detached`` when none), else None."""
    return git_place(ledger).branch


@dataclass(frozen=True)
class GitPlace:
    """Where a ledger sits in git: the branch checked out (None outside a work tree) and the work tree's top."""

    branch: str | None
    top: Path | None = None


def _git(directory: Path, *args: str, timeout: float = 10) -> subprocess.CompletedProcess[str] | None:
    try:
        return subprocess.run(
            ["git", "-C", str(directory), *args], capture_output=True, text=True, timeout=timeout, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None


def git_place(ledger: Path) -> GitPlace:
    """The branch and work tree of ``ledger`` (``GitPlace(None)`` outside git)."""
    directory = ledger.parent if ledger.parent.exists() else Path.cwd()
    done = _git(directory, "rev-parse", "--is-inside-work-tree", "--show-toplevel", "--abbrev-ref", "HEAD")
    if done is None:
        return GitPlace(None)
    lines = done.stdout.split("\n")
    if not lines or lines[0] != "true":
        return GitPlace(None)
    top = Path(lines[1]) if len(lines) > 1 and lines[1] else None
    if done.returncode != 0:
        return GitPlace("(no commit yet)", top)
    branch = lines[2] if len(lines) > 2 and lines[2] else "HEAD"
    return GitPlace(branch if branch != "HEAD" else "detached", top)


def head_commit(ledger: Path) -> str | None:
    """The commit checked out, or None (outside git, or no commit yet)."""
    done = _git(ledger.parent, "rev-parse", "--verify", "-q", "HEAD")
    return done.stdout.strip() if done is not None and done.returncode == 0 and done.stdout.strip() else None


def committed_as_is(ledger: Path) -> bool:
    """True when the ledger file is tracked and identical to its version in HEAD (nothing uncommitted)."""
    done = _git(ledger.parent, "status", "--porcelain", "--untracked-files=all", "--", ledger.name, timeout=60)
    if done is None or done.returncode != 0 or done.stdout.strip():
        return False
    tracked = _git(ledger.parent, "ls-files", "--error-unmatch", "--", ledger.name)
    return tracked is not None and tracked.returncode == 0


def is_ancestor(ledger: Path, commit: str) -> bool:
    """True when ``commit`` is HEAD or one of its ancestors (the history checked out contains it)."""
    done = _git(ledger.parent, "merge-base", "--is-ancestor", commit, "HEAD", timeout=60)
    return done is not None and done.returncode == 0


@dataclass
class SeenMemory:
    """The reviews this machine saw in the ledger at one location.

    Kept by where the ledger lives (its resolved path), never by its content: a ledger whose
    first record was replaced is the same ledger with evidence against it. Inside git, reviews
    are remembered per branch (switching to a branch that never had a review is no rollback)
    and, once seen committed, with the commit: that review must be present wherever the history
    checked out contains that commit, under whatever branch name (a renamed or new branch).
    """

    folder: Path
    name: str
    """``branch-<hex of the name>`` or ``no-git``."""
    ledger: Path | None = None
    in_git: bool = False
    _committed: dict[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return self.folder / f"{self.name}.ids"

    @property
    def committed_path(self) -> Path:
        return self.folder / "committed.ids"

    @classmethod
    def of(cls, ledger: Path, place: GitPlace) -> SeenMemory:
        """The memory for the ledger at ``ledger`` on the branch of ``place``."""
        from skillscope.core.locations import user_data_dir

        where = os.path.realpath(ledger)
        key = hashlib.sha256(where.encode("utf-8", "surrogateescape")).hexdigest()[:40]
        name = "branch-" + place.branch.encode("utf-8").hex() if place.branch else "no-git"
        return cls(user_data_dir() / "seen" / key, name, ledger, place.branch is not None)

    def legacy(self, first_hash: str) -> dict[str, str]:
        """What an earlier version remembered for this branch, kept by the ledger's first record (read once)."""
        from skillscope.core.locations import user_data_dir

        return _read(user_data_dir() / "seen" / first_hash.removeprefix("sha256:")[:40] / f"{self.name}.ids")

    @contextmanager
    def locked(self, *, exclusive: bool) -> Iterator[None]:
        """Hold the memory's lock: readers never see half an update, and no update is lost to another."""
        if not exclusive and not self.folder.exists():
            yield  # nothing remembered yet; a read leaves no trace
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.folder / "lock", os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        except OSError as exc:
            raise LedgerError(f"Cannot use the rollback memory {self.folder}: {exc.strerror}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
            yield
        finally:
            os.close(fd)

    def load(self) -> dict[str, str]:
        """Every review id remembered on this branch, with its one-line description (``first:`` names the first record)."""
        out = _read(self.path)
        self._committed = {}
        if self.in_git:
            for review, what in _read(self.committed_path).items():
                commit, _, rest = what.partition(" ")
                self._committed[review] = (commit, rest)
        return out

    def committed_missing(self, present: dict[str, str]) -> dict[str, str]:
        """Reviews seen committed in a commit the checked-out history contains, that are gone now."""
        if not self.in_git or self.ledger is None:
            return {}
        gone = {r: c for r, c in self._committed.items() if r not in present}
        contained: dict[str, bool] = {}
        out = {}
        for review, (commit, what) in gone.items():
            if commit not in contained:
                contained[commit] = is_ancestor(self.ledger, commit)
            if contained[commit]:
                out[review] = f"{what} (committed in {commit[:12]}, which this checkout contains)"
        return out

    def add(self, ids: dict[str, str]) -> None:
        """Remember more review ids (an append-only file; a lost write only weakens the check)."""
        if ids:
            _append(self.path, ids)

    def learn_committed(self, present: dict[str, str]) -> None:
        """Remember with the commit the reviews that a committed, unmodified ledger holds."""
        if not self.in_git or self.ledger is None:
            return
        new = {r: w for r, w in present.items() if r not in self._committed and not r.startswith(FIRST)}
        if not new or not committed_as_is(self.ledger):
            return
        commit = head_commit(self.ledger)
        if commit is None:
            return
        _append(self.committed_path, {r: f"{commit} {w}" for r, w in new.items()})
        self._committed.update({r: (commit, w) for r, w in new.items()})

    def accept(self, ids: dict[str, str], missing: dict[str, str], note: str, time: str) -> None:
        """Forget what the ledger lost: remember exactly ``ids`` from now on, and log why."""
        from skillscope.core.files import write_file

        write_file(self.path, _lines(ids))
        kept = {r: f"{c} {w}" for r, (c, w) in self._committed.items() if r not in missing}
        if self.in_git and len(kept) != len(self._committed):
            write_file(self.committed_path, _lines(kept))
        entry = {"time": time, "note": note, "forgotten": missing, "memory": self.path.name}
        with self.folder.joinpath("accepted.log").open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, ensure_ascii=True) + "\n")


def _read(path: Path) -> dict[str, str]:
    try:
        text = path.read_text(encoding="ascii")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise LedgerError(f"Cannot read the rollback memory {path}: {getattr(exc, 'strerror', None) or exc}") from None
    out: dict[str, str] = {}
    for line in text.splitlines(keepends=True):
        if not line.endswith("\n"):
            break  # a write cut short (a crash): what it held was never acknowledged
        review, _, what = line.rstrip("\n").partition(" ")
        if review:
            out[review] = what
    return out


def _append(path: Path, ids: dict[str, str]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="ascii") as handle:
            handle.write(_lines(ids))
    except OSError as exc:
        raise LedgerError(f"Cannot write the rollback memory {path}: {exc.strerror}") from None


def _lines(ids: dict[str, str]) -> str:
    return "".join(
        f"{review} {' '.join(what.split())}\n".encode("ascii", "backslashreplace").decode("ascii")
        for review, what in ids.items()
    )


def reviews_at_revision(ledger: Path, revision: str) -> bytes:
    """The ledger file's bytes at git ``revision``.

    Raises:
        LedgerError: not in a git work tree, or the revision or the file there is unknown.
    """
    directory = ledger.parent
    try:
        top = subprocess.run(
            ["git", "-C", str(directory), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
        if top.returncode != 0:
            raise LedgerError(f"--since needs the ledger in a git work tree; {directory} is not in one")
        relative = os.path.relpath(ledger.resolve(), Path(top.stdout.strip()).resolve())
        shown = subprocess.run(
            ["git", "-C", str(directory), "show", f"{revision}:{relative}"],
            capture_output=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise LedgerError(f"Cannot run git: {exc}") from None
    if shown.returncode != 0:
        why = shown.stderr.decode("utf-8", "replace").strip().splitlines()[:1]
        raise LedgerError(f"Cannot read {relative} at {revision}: {why[0] if why else 'git show failed'}")
    return shown.stdout

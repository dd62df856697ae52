"""The bytes of every approved file, content-addressed by SHA-256 beside the ledger, and diffs against them."""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from skillscope.errors import LedgerError, SkillscopeError

__all__ = ["FileDiff", "ObjectStore", "file_diffs", "skill_diffs", "store_dir"]

_MAX_DIFF_LINES = 2000


def store_dir(ledger: Path) -> Path:
    """Where a ledger keeps approved bytes: ``<ledger stem>.objects/`` beside it (a team's repo carries both)."""
    return ledger.parent / f"{ledger.stem}.objects"


class ObjectStore:
    """Files named by the SHA-256 of their bytes: ``ab/cdef…``. Written once, checked on every read."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, digest: str) -> Path:
        hexdigest = digest.removeprefix("sha256:")
        return self.root / hexdigest[:2] / hexdigest[2:]

    def put(self, data: bytes) -> str:
        """Keep ``data``; returns its ``sha256:…`` digest.

        Raises:
            LedgerError: the store cannot be written.
        """
        digest = "sha256:" + hashlib.sha256(data).hexdigest()
        path = self._path(digest)
        if path.is_file():
            return digest
        from skillscope.files import write_file

        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_file(path, data)
        except (OSError, SkillscopeError) as exc:
            raise LedgerError(f"Cannot store approved bytes in {self.root}: {getattr(exc, 'message', None) or exc}") from None
        return digest

    def get(self, digest: str) -> bytes | None:
        """The bytes with ``digest``, or None when absent or when the stored file no longer matches it."""
        try:
            data = self._path(digest).read_bytes()
        except OSError:
            return None
        return data if hashlib.sha256(data).hexdigest() == digest.removeprefix("sha256:") else None


@dataclass(frozen=True)
class FileDiff:
    """How one file differs from its approved version."""

    path: str
    change: str
    """``added``, ``removed`` or ``changed``."""
    lines: tuple[str, ...] = ()
    """A unified diff (``---``/``+++``/``@@`` headers, then `` ``/``+``/``-`` lines), sanitised; empty for binaries."""
    note: str = ""
    """Why there is no text diff: binary sizes and digests, or approved bytes not in the store."""

    def kinds(self) -> list[tuple[str, str]]:
        """Each diff line with its kind: ``header``, ``hunk``, ``added``, ``removed`` or ``context``."""
        out = []
        for line in self.lines:
            if line.startswith(("--- ", "+++ ")):
                kind = "header"
            elif line.startswith("@@"):
                kind = "hunk"
            else:
                kind = {"+": "added", "-": "removed"}.get(line[:1], "context")
            out.append((line, kind))
        return out


def _text(data: bytes | None) -> list[str] | None:
    if data is None or b"\x00" in data:
        return None
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        return None


def file_diffs(changes: Iterable[tuple[str, str, str, str | None, str | None]], approved: Callable[[str], bytes | None],
               current: Callable[[str], bytes | None], clean: Callable[[str], str]) -> list[FileDiff]:
    """Diff each changed file against its approved bytes.

    Args:
        changes: (key, path shown, change, old digest, new digest) per changed file.
        approved: old digest -> approved bytes (None when the store lacks them).
        current: key -> the verified current bytes (None when not read).
        clean: makes a line safe to print (hidden and control characters shown, never obeyed).
    """
    out: list[FileDiff] = []
    for key, path, change, old_digest, new_digest in changes:
        path = clean(path)
        old = approved(old_digest) if old_digest else b""
        new = current(key) if new_digest else b""
        if old is None:
            out.append(FileDiff(path, change, note=f"the approved bytes ({old_digest}) are not in the store (approved before they were kept)"))
            continue
        if new is None:
            out.append(FileDiff(path, change, note="the current bytes were not read"))
            continue
        old_lines, new_lines = _text(old), _text(new)
        if old_lines is None or new_lines is None:
            before = f"{len(old):,} bytes {old_digest}" if old_digest else "absent"
            after = f"{len(new):,} bytes {new_digest}" if new_digest else "absent"
            out.append(FileDiff(path, change, note=f"binary: {before} -> {after}"))
            continue
        diff = list(difflib.unified_diff(old_lines, new_lines, f"approved/{path}", f"current/{path}", lineterm="", n=3))
        if len(diff) > _MAX_DIFF_LINES:
            diff = diff[:_MAX_DIFF_LINES] + [f"... {len(diff) - _MAX_DIFF_LINES} more diff lines"]
        out.append(FileDiff(path, change, tuple(clean(line) for line in diff)))
    return out


def skill_diffs(store: ObjectStore, entry: object, changes: Iterable[object], current: Mapping[str, bytes]) -> list[FileDiff]:
    """The diffs of a skill's changed files (``FileChange``s): approved bytes from ``store``, current
    verified bytes by URI from ``current``; paths relative to the skill, everything sanitised."""
    from skillscope.catalog.names import relative_path
    from skillscope.textsafe import safe_text

    directory = getattr(entry, "directory", None) or ""
    rows = [(c.uri, relative_path(directory, c.uri), c.change, c.old_digest, c.new_digest) for c in changes]  # type: ignore[attr-defined]
    return file_diffs(rows, store.get, current.get, lambda line: safe_text(line, keep_newlines=False))

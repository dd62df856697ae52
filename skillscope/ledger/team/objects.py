"""The bytes of every approved file, content-addressed by SHA-256 beside the ledger, and diffs against them."""

from __future__ import annotations

import difflib
import errno
import hashlib
import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from skillscope.core.errors import LedgerError, SkillscopeError

__all__ = ["FileDiff", "ObjectStore", "file_diffs", "skill_diffs", "store_dir"]

_MAX_DIFF_LINES = 2000
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
MAX_OBJECT_BYTES = 16 * 1024 * 1024
"""The most one stored file may hold: a whole skill's limit (the spec's 16 MiB)."""


def store_dir(ledger: Path) -> Path:
    """Where a ledger keeps approved bytes: ``<ledger stem>.objects/`` beside it (a team's repo carries both)."""
    return ledger.parent / f"{ledger.stem}.objects"


class ObjectStore:
    """Files named by the SHA-256 of their bytes: ``ab/cdef…``. Written once, checked on every read.

    The store is often committed in a repository someone else can write to, so nothing in it
    is trusted to be what it looks like: every file is opened relative to the store's own
    directory with no-follow semantics, a link anywhere on the way is refused, only regular
    files are read (a FIFO would block a reader forever), reads are bounded, and a digest
    taken from a record becomes a path only when it is ``sha256:`` and 64 lowercase hex digits.
    """

    def __init__(self, root: Path) -> None:
        # Anchored where it is made: a store handed to a scanning child process (started earlier, from another
        # working directory) must name the same files there, or the approved bytes seem missing.
        self.root = Path(os.path.abspath(root))

    def _names(self, digest: str) -> tuple[str, str]:
        if not isinstance(digest, str) or not _DIGEST.fullmatch(digest):
            from skillscope.core.textsafe import safe_line

            raise LedgerError(
                f"The ledger names approved bytes by {safe_line(repr(digest), limit=120)}, which is not a "
                "sha256: digest of 64 hex digits; nothing was read from the store for it"
            )
        return digest[7:9], digest[9:]

    def _open_dir(self, parent: int | None, name: str, *, create: bool) -> int | None:
        """An open descriptor of the store's directory ``name`` (the store itself when ``parent`` is None).

        Returns None when it does not exist and ``create`` is false.
        """
        path = str(self.root) if parent is None else name
        shown = self.root if parent is None else self.root / name
        flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
        for attempt in (1, 2):
            try:
                return os.open(path, flags, dir_fd=parent)
            except FileNotFoundError:
                if not create or attempt == 2:
                    return None
                try:
                    if parent is None:
                        self.root.parent.mkdir(
                            parents=True, exist_ok=True
                        )  # the ledger's own folder, made as the ledger makes it
                    os.mkdir(path, 0o777, dir_fd=parent)
                except FileExistsError:
                    pass  # made by a concurrent writer, or a link: the second open tells
                except OSError as exc:
                    raise LedgerError(f"Cannot store approved bytes in {shown}: {exc.strerror}") from None
            except OSError as exc:
                raise LedgerError(_refusal(shown, exc)) from None
        return None

    def put(self, data: bytes) -> str:
        """Keep ``data``; returns its ``sha256:…`` digest.

        Raises:
            LedgerError: the store cannot be written, or holds a link or a non-regular file on the way.
        """
        digest = "sha256:" + hashlib.sha256(data).hexdigest()
        sub, name = self._names(digest)
        root = self._open_dir(None, "", create=True)
        assert root is not None
        try:
            folder = self._open_dir(root, sub, create=True)
            assert folder is not None
            try:
                if self._read_at(folder, name, sub) == data:
                    return digest
                from skillscope.core.files import write_new_at

                try:
                    write_new_at(folder, name, data)
                except SkillscopeError as exc:
                    raise LedgerError(f"Cannot store approved bytes in {self.root / sub}: {exc.message}") from None
            finally:
                os.close(folder)
        finally:
            os.close(root)
        return digest

    def get(self, digest: str) -> bytes | None:
        """The bytes with ``digest``, or None when absent or when the stored file no longer matches it.

        Raises:
            LedgerError: the digest is not a well-formed digest, or the store holds a link, a FIFO,
                a device or an oversized file where the bytes should be.
        """
        sub, name = self._names(digest)
        root = self._open_dir(None, "", create=False)
        if root is None:
            return None
        try:
            folder = self._open_dir(root, sub, create=False)
            if folder is None:
                return None
            try:
                data = self._read_at(folder, name, sub)
            finally:
                os.close(folder)
        finally:
            os.close(root)
        return data if data is not None and hashlib.sha256(data).hexdigest() == digest[7:] else None

    def _read_at(self, folder: int, name: str, sub: str) -> bytes | None:
        """The bytes of the regular file ``name`` in ``folder`` (None when absent), at most ``MAX_OBJECT_BYTES``."""
        shown = self.root / sub / name
        flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(name, flags, dir_fd=folder)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise LedgerError(_refusal(shown, exc)) from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise LedgerError(
                    f"{shown} is not a regular file (a FIFO, device or directory); the store holds only "
                    "regular files, so it was not read"
                )
            if info.st_size > MAX_OBJECT_BYTES:
                raise LedgerError(
                    f"{shown} holds {info.st_size:,} bytes, more than any approved file may "
                    f"({MAX_OBJECT_BYTES:,}); it was not read"
                )
            chunks, left = [], MAX_OBJECT_BYTES + 1
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
            if left <= 0:
                raise LedgerError(f"{shown} grew past {MAX_OBJECT_BYTES:,} bytes while it was read; it was not used")
            return b"".join(chunks)
        except OSError as exc:
            raise LedgerError(f"Cannot read {shown}: {exc.strerror}") from None
        finally:
            os.close(fd)


def _refusal(path: Path, exc: OSError) -> str:
    if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
        return (
            f"{path} is a symbolic link or not a directory; the store of approved bytes never follows a link "
            "(a repository could point it at any file), so nothing was read or written there"
        )
    return f"Cannot open {path}: {exc.strerror}"


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
    refused: bool = False
    """The store held something hostile where the approved bytes should be (the note says what)."""

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


def file_diffs(
    changes: Iterable[tuple[str, str, str, str | None, str | None]],
    approved: Callable[[str], bytes | None],
    current: Callable[[str], bytes | None],
    clean: Callable[[str], str],
) -> list[FileDiff]:
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
        try:
            old = approved(old_digest) if old_digest else b""
        except LedgerError as exc:
            out.append(
                FileDiff(path, change, note=clean(f"the approved bytes were refused: {exc.message}"), refused=True)
            )
            continue
        new = current(key) if new_digest else b""
        if old is None:
            out.append(
                FileDiff(
                    path,
                    change,
                    note=f"the approved bytes ({clean(str(old_digest))}) are not in the store (approved before they were kept)",
                )
            )
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


def skill_diffs(
    store: ObjectStore, entry: object, changes: Iterable[object], current: Mapping[str, bytes]
) -> list[FileDiff]:
    """The diffs of a skill's changed files (``FileChange``s): approved bytes from ``store``, current
    verified bytes by URI from ``current``; paths relative to the skill, everything sanitised."""
    from skillscope.catalog.names import relative_path
    from skillscope.core.textsafe import safe_text

    directory = getattr(entry, "directory", None) or ""
    rows = [(c.uri, relative_path(directory, c.uri), c.change, c.old_digest, c.new_digest) for c in changes]  # type: ignore[attr-defined]
    return file_diffs(rows, store.get, current.get, lambda line: safe_text(line, keep_newlines=False))

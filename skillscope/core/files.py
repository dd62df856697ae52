"""The one writer of local files: whole or not at all, modes kept, devices and FIFOs written in place."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from skillscope.core.errors import LocalFileError

__all__ = ["write_file", "write_new_at", "current_umask"]


def current_umask() -> int:
    """The process's umask (read without changing it for longer than two calls)."""
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def write_file(
    path: str | Path,
    data: str | bytes,
    *,
    private: bool = False,
    check: Callable[[Path], None] | None = None,
    error: type[LocalFileError] = LocalFileError,
) -> Path:
    """Write ``data`` to ``path`` so that nothing is destroyed on the way.

    A regular file (or a new one) is written through a fsynced temporary file in the
    same directory and renamed over it, so readers see the old or the new content and
    never half; the existing file's mode is kept, a new file gets ``0666`` less the
    umask (``0600`` when ``private``). A symbolic link is followed and its target
    written. Anything that is not a regular file (a device such as ``/dev/null``, a
    FIFO, ``/dev/stdout``) is opened and written in place, never replaced.

    Args:
        path: the file to write.
        data: text (written as UTF-8) or bytes.
        private: create a new file readable by its owner only.
        check: called with the temporary file before it replaces ``path``; raising
            leaves ``path`` unchanged.
        error: the ``LocalFileError`` subclass raised on failure.

    Returns:
        The path written (the link's target for a symbolic link).

    Raises:
        LocalFileError: (or ``error``) the file cannot be written; no temporary file is left behind.
    """
    given = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        existing = os.stat(given)
    except FileNotFoundError:
        existing = None
    except OSError as exc:
        raise error(f"Cannot write {given}: {exc.strerror}") from None
    if existing is not None and stat.S_ISDIR(existing.st_mode):
        raise error(f"Cannot write {given}: it is a directory")
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        _write_in_place(given, payload, error)
        return given
    # A link to a regular file: write its target, keep the link.
    target = Path(os.path.realpath(given)) if given.is_symlink() else given
    if existing is not None:
        mode = stat.S_IMODE(existing.st_mode)
    else:
        mode = 0o600 if private else 0o666 & ~current_umask()
    tmp: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), mode)
            if existing is not None and (existing.st_uid, existing.st_gid) != (os.getuid(), os.getgid()):
                with contextlib.suppress(OSError):
                    os.fchown(handle.fileno(), existing.st_uid, existing.st_gid)
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        if check is not None:
            check(Path(tmp))
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise error(f"Cannot write {given}: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return target


def _write_in_place(given: Path, payload: bytes, error: type[LocalFileError]) -> None:
    try:
        with open(given, "wb") as handle:
            handle.write(payload)
            handle.flush()
    except OSError as exc:
        raise error(f"Cannot write {given}: {exc.strerror or exc}") from None


def write_new_at(directory_fd: int, name: str, data: bytes, *, error: type[LocalFileError] = LocalFileError) -> None:
    """Write ``data`` as the new file ``name`` inside the open directory ``directory_fd``, never through a link.

    A content store names files by their bytes, so an existing name already holds them: the
    file is made under a temporary name (``O_EXCL``, ``O_NOFOLLOW``), fsynced, then renamed
    into place relative to the same directory. No path outside the directory is resolved.

    Raises:
        LocalFileError: (or ``error``) the file cannot be written; no temporary file is left behind.
    """
    tmp = f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    made = False
    try:
        fd = os.open(tmp, flags, 0o666 & ~current_umask(), dir_fd=directory_fd)
        made = True
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.rename(tmp, name, src_dir_fd=directory_fd, dst_dir_fd=directory_fd)
        made = False
    except OSError as exc:
        raise error(f"Cannot write {name}: {exc.strerror or exc}") from None
    finally:
        if made:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=directory_fd)

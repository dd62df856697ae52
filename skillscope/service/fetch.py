"""Write a verified skill to a local folder: every path checked first, then all files or none."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from skillscope.catalog.names import check_relative_request
from skillscope.catalog.tool_files import git_metadata, is_git_name
from skillscope.core.errors import LocalFileError, UsageError, VerificationFailed
from skillscope.core.files import current_umask
from skillscope.core.textsafe import safe_line
from skillscope.verify.opener import SkillReport

__all__ = ["FetchedFile", "check_destination", "unsafe_path", "write_skill"]

_SEGMENT_BYTES = 255
"""The longest file name Linux and macOS file systems accept, in bytes."""


@dataclass(frozen=True)
class FetchedFile:
    """One file written: its path relative to the folder and the skill:// URI it came from."""

    path: str
    uri: str


def unsafe_path(rel: str) -> str | None:
    """Why ``rel`` (a path as the URI spells it) cannot be written under a folder, or None when it can.

    The path is written as spelled, never percent-decoded; it is refused when that spelling
    or its decoding could mean another place (``..``, ``/``, ``\\``), or holds a character a
    file name should not (controls, NUL), or a segment no file system takes, or a segment
    git or a file system reads as ``.git`` (``.GIT``, ``.git.``, ``GIT~1``, ``.g<U+200C>it``).
    """
    problem = check_relative_request(rel)
    if problem is not None:
        return problem
    try:
        decoded = unquote(rel, errors="strict") if "%" in rel else rel
    except UnicodeDecodeError:
        return "percent-decoding the path gives bytes that are not UTF-8"
    if decoded != rel:
        problem = check_relative_request(decoded)
        if problem is not None or decoded.count("/") != rel.count("/"):
            return f"percent-decoding the path gives {safe_line(decoded)!r}, another place"
    for text in (rel, decoded):
        if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text):
            return "the path contains a control character"
    try:
        encoded = rel.encode("utf-8")
    except UnicodeEncodeError:
        return "the path is not valid UTF-8"
    if any(len(segment) > _SEGMENT_BYTES for segment in encoded.split(b"/")):
        return f"a path segment is longer than {_SEGMENT_BYTES} bytes"
    for text, spelled in ((rel, "the segment"), (decoded, "percent-decoding gives the segment")):
        dotgit = next((segment for segment in text.split("/") if is_git_name(segment)), None)
        if dotgit is not None:
            alias = (
                ""
                if dotgit == ".git" and text == rel
                else f"{spelled} {safe_line(dotgit, limit=80)!r}, '.git' to git or to some file system; "
            )
            return f"{alias}a served '.git' is a repository whose config can make git run commands the server chose"
    return None


def check_destination(dest: Path) -> None:
    """Refuse a destination that is a link, not a folder, or not empty (nothing is created here).

    Raises:
        UsageError: the folder exists and cannot take the skill.
    """
    try:
        info = os.lstat(dest)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise LocalFileError(f"Cannot use {dest}: {exc.strerror}") from None
    if stat.S_ISLNK(info.st_mode):
        raise UsageError(f"{dest} is a symbolic link; give a real folder (nothing was written)")
    if not stat.S_ISDIR(info.st_mode):
        raise UsageError(f"{dest} exists and is not a folder (nothing was written)")
    if any(os.scandir(dest)):
        raise UsageError(f"{dest} is not empty; fetch writes only to an empty or new folder (nothing was written)")


def _plan(report: SkillReport) -> list[tuple[str, str, bytes]]:
    """(path, uri, bytes) of every file, once each path is known safe; refuses anything unverified."""
    if report.failure is not None or report.body is None:
        raise VerificationFailed("The skill did not verify; nothing was written")
    planned: list[tuple[str, str, bytes]] = []
    for result in report.files:
        if result.status != "verified" or result.served is None:
            why = result.reason or result.status
            raise VerificationFailed(
                f"{safe_line(result.path)!r} is not verified ({safe_line(why)}); nothing was written"
            )
        problem = unsafe_path(result.path)
        if problem is not None:
            raise VerificationFailed(f"Refused to write {safe_line(result.path)!r}: {problem}; nothing was written")
        planned.append((result.path, result.uri, result.served.data))
    files = {path for path, _, _ in planned}
    for repository in git_metadata(sorted(files)):
        # Each path passed on its own, yet together they make a folder git takes for a repository.
        raise VerificationFailed(
            f"Refused to write {safe_line(repository.where or '.', limit=200)!r}: {repository.why}; nothing was written"
        )
    for path in files:
        parts = path.split("/")
        for cut in range(1, len(parts)):
            if "/".join(parts[:cut]) in files:
                raise VerificationFailed(
                    f"Refused to write {safe_line(path)!r}: {safe_line('/'.join(parts[:cut]))!r} "
                    "is both a file and a folder; nothing was written"
                )
    return planned


def write_skill(report: SkillReport, dest: Path) -> list[FetchedFile]:
    """Write every verified file of ``report`` under ``dest``, all or nothing.

    The files go to a fresh staging folder beside ``dest`` (created without following any
    link, each file ``O_EXCL|O_NOFOLLOW``), which is then renamed onto ``dest``: a missing or
    still-empty ``dest`` is replaced at once, anything else is refused and the staging removed.

    Raises:
        VerificationFailed: a file did not verify or its path cannot be written safely.
        UsageError: ``dest`` is a link, a file, or not empty.
        LocalFileError: the files could not be written.
    """
    planned = _plan(report)
    dest = Path(os.path.abspath(dest))
    check_destination(dest)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        staging = tempfile.mkdtemp(prefix=f".{dest.name}.fetch-", dir=dest.parent)
    except OSError as exc:
        raise LocalFileError(f"Cannot write under {dest.parent}: {exc.strerror or exc}") from None
    try:
        root = os.open(staging, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        try:
            for path, _uri, data in planned:
                _write_one(root, path, data)
        finally:
            os.close(root)
        os.chmod(staging, 0o777 & ~current_umask())
        os.rename(staging, dest)
    except OSError as exc:
        with contextlib.suppress(OSError):
            shutil.rmtree(staging)
        if exc.errno in (39, 66):  # ENOTEMPTY (Linux, macOS): something was put in the folder meanwhile
            raise UsageError(
                f"{dest} is not empty; fetch writes only to an empty or new folder (nothing was written)"
            ) from None
        raise LocalFileError(f"Cannot write the skill to {dest}: {exc.strerror or exc}") from None
    return [FetchedFile(path, uri) for path, uri, _ in planned]


def _write_one(root: int, path: str, data: bytes) -> None:
    """Create ``path`` below the open folder ``root``, walking folders by descriptor, never through a link."""
    *folders, name = path.split("/")
    fd = os.dup(root)
    try:
        for folder in folders:
            with contextlib.suppress(FileExistsError):
                os.mkdir(folder, 0o777, dir_fd=fd)
            inner = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = inner
        out = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666, dir_fd=fd)
        with os.fdopen(out, "wb") as handle:
            handle.write(data)
    finally:
        os.close(fd)

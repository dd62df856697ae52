"""A skill archive (``.tar.gz`` or ``.zip``) unpacked in memory under the well-known spec's safety rules."""

from __future__ import annotations

import io
import stat
import tarfile
import zipfile
import zlib
from typing import Literal

from skillscope.core.spec import MAX_FILES, MAX_TOTAL_BYTES
from skillscope.core.textsafe import safe_line

__all__ = ["ArchiveFormat", "ArchiveRefused", "archive_format", "unpack"]

ArchiveFormat = Literal["tar.gz", "zip"]

_TAR_SLACK = (MAX_FILES + 8) * 1024
"""Tar headers and padding on top of the file bytes: a tar of the allowed files never needs more than this."""
_GZIP_TYPES = {"application/gzip", "application/x-gzip", "application/x-tar+gzip", "application/x-gtar"}
_ZIP_TYPES = {"application/zip", "application/x-zip-compressed"}


class ArchiveRefused(Exception):
    """The archive breaks a rule; the message is one sentence saying which, and where."""


def archive_format(content_type: str | None, url: str, data: bytes) -> ArchiveFormat | None:
    """The archive's format: from the Content-Type, else the URL's extension, else the first bytes (None if none fits)."""
    kind = (content_type or "").split(";")[0].strip().lower()
    if kind in _GZIP_TYPES:
        return "tar.gz"
    if kind in _ZIP_TYPES:
        return "zip"
    path = url.split("?")[0].split("#")[0].lower()
    if path.endswith((".tar.gz", ".tgz")):
        return "tar.gz"
    if path.endswith(".zip"):
        return "zip"
    if data.startswith(b"\x1f\x8b"):
        return "tar.gz"
    if data.startswith(b"PK\x03\x04"):
        return "zip"
    return None


def _member_path(raw: str) -> str:
    """The member's path relative to the skill's root, or ``ArchiveRefused`` when it would land anywhere else."""
    shown = safe_line(raw, limit=200)
    if "\x00" in raw or any(ord(c) < 32 or ord(c) == 127 for c in raw):
        raise ArchiveRefused(f"the archive holds a member whose name has a control character ({shown!r})")
    if raw.startswith(("/", "\\")) or (len(raw) > 1 and raw[1] == ":"):
        raise ArchiveRefused(f"the archive holds an absolute path ({shown!r})")
    if "\\" in raw:
        raise ArchiveRefused(f"the archive holds a path with a backslash ({shown!r}), which some systems read as '/'")
    parts = [part for part in raw.split("/") if part not in ("", ".")]
    if ".." in parts:
        raise ArchiveRefused(f"the archive holds a path that climbs out of the skill with '..' ({shown!r})")
    return "/".join(parts)


class _Budget:
    """Counts files and bytes against the bounds; refuses the archive the moment one is passed."""

    def __init__(self, max_files: int, max_bytes: int) -> None:
        self.max_files, self.max_bytes = max_files, max_bytes
        self.files = 0
        self.bytes = 0

    def add(self, path: str, size: int) -> int:
        """Take one file of ``size`` bytes; the bytes still allowed for it."""
        self.files += 1
        if self.files > self.max_files:
            raise ArchiveRefused(f"the archive holds more than {self.max_files:,} files")
        if size < 0 or self.bytes + size > self.max_bytes:
            raise ArchiveRefused(
                f"the archive unpacks to more than {self.max_bytes:,} bytes (at {safe_line(path, limit=200)!r})"
            )
        self.bytes += size
        return self.max_bytes - (self.bytes - size)


def _gunzip(data: bytes, cap: int) -> bytes:
    """The gzip stream's bytes, never more than ``cap``: a decompression bomb stops at the bound."""
    out = bytearray()
    rest = data
    while rest:
        inflater = zlib.decompressobj(wbits=31)
        try:
            out += inflater.decompress(rest, cap + 1 - len(out))
            if len(out) > cap or inflater.unconsumed_tail:
                raise ArchiveRefused(f"the archive decompresses to more than {cap:,} bytes (a decompression bomb)")
            out += inflater.flush()
        except zlib.error as exc:
            raise ArchiveRefused(f"the archive is not valid gzip ({exc})") from None
        if not inflater.eof:
            raise ArchiveRefused("the archive's gzip stream is cut short")
        rest = inflater.unused_data
        if rest.strip(b"\x00") == b"":
            break
    return bytes(out)


def _unpack_tar(data: bytes, budget: _Budget) -> dict[str, bytes]:
    raw = _gunzip(data, budget.max_bytes + _TAR_SLACK)
    files: dict[str, bytes] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(raw), mode="r:") as archive:
            for member in archive:
                path = _member_path(member.name)
                shown = safe_line(member.name, limit=200)
                if member.issym() or member.islnk():
                    kind = "symbolic link" if member.issym() else "hard link"
                    target = safe_line(member.linkname, limit=200)
                    raise ArchiveRefused(
                        f"the archive holds a {kind} ({shown!r} -> {target!r}); links are never unpacked"
                    )
                if member.isdir():
                    continue
                if not member.isreg():
                    raise ArchiveRefused(f"the archive holds {shown!r}, which is not a regular file (a device or FIFO)")
                if not path:
                    raise ArchiveRefused(f"the archive holds a file with no name ({shown!r})")
                budget.add(path, member.size)
                if path in files:
                    raise ArchiveRefused(f"the archive holds {shown!r} twice")
                handle = archive.extractfile(member)
                files[path] = handle.read(member.size) if handle is not None else b""
    except tarfile.TarError as exc:
        raise ArchiveRefused(f"the archive is not a valid tar ({safe_line(str(exc), limit=200)})") from None
    return files


def _unpack_zip(data: bytes, budget: _Budget) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            if len(members) > budget.max_files * 2:  # directories included; refused before anything is inflated
                raise ArchiveRefused(f"the archive holds more than {budget.max_files:,} files")
            for info in members:
                path = _member_path(info.filename)
                shown = safe_line(info.filename, limit=200)
                mode = info.external_attr >> 16
                if stat.S_ISLNK(mode):
                    raise ArchiveRefused(f"the archive holds a symbolic link ({shown!r}); links are never unpacked")
                if info.is_dir():
                    continue
                if stat.S_IFMT(mode) not in (0, stat.S_IFREG):  # no type bits (DOS, many writers) is a file
                    raise ArchiveRefused(f"the archive holds {shown!r}, which is not a regular file (a device or FIFO)")
                if info.flag_bits & 0x1:
                    raise ArchiveRefused(f"the archive holds an encrypted file ({shown!r})")
                if not path:
                    raise ArchiveRefused(f"the archive holds a file with no name ({shown!r})")
                allowed = budget.add(path, info.file_size)
                if path in files:
                    raise ArchiveRefused(f"the archive holds {shown!r} twice")
                with archive.open(info) as handle:
                    body = handle.read(min(allowed, info.file_size) + 1)  # a header that understates is caught here
                if len(body) != info.file_size:
                    raise ArchiveRefused(
                        f"the archive's {shown!r} unpacks to other than the {info.file_size:,} bytes it declares"
                    )
                files[path] = body
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, zlib.error) as exc:
        raise ArchiveRefused(f"the archive is not a valid zip ({safe_line(str(exc), limit=200)})") from None
    return files


def unpack(
    data: bytes, kind: ArchiveFormat, *, max_files: int = MAX_FILES, max_bytes: int = MAX_TOTAL_BYTES
) -> dict[str, bytes]:
    """Every file of a skill archive by its path from the skill's root, read into memory, nothing written to disk.

    Refused whole, with the reason: a member with ``..``, an absolute path, a backslash or a control character
    in its name; any symbolic or hard link (the spec refuses links that leave the skill; none is needed to
    review one); a device or FIFO; an encrypted member; a path listed twice; more than ``max_files`` files or
    ``max_bytes`` unpacked (counted as the archive inflates, so a bomb stops at the bound); no ``SKILL.md``
    at the root.

    Raises:
        ArchiveRefused: the archive breaks one of those rules.
    """
    budget = _Budget(max_files, max_bytes)
    files = _unpack_tar(data, budget) if kind == "tar.gz" else _unpack_zip(data, budget)
    if "SKILL.md" not in files:
        raise ArchiveRefused("the archive has no SKILL.md at its root (the spec puts the skill's files at the root)")
    return files

"""A local folder of skills served in-process as a host serves it, hidden files included: no link, FIFO or device is opened."""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp import MCPError
from mcp.server.extension import ResourceBinding

from skillscope.core.spec import LOCAL_FOLDER_REFUSAL, MAX_FILES, MAX_TOTAL_BYTES
from skillscope.demo.publisher import (
    PublishedSkill,
    SkillFile,
    SkillResource,
    SkillsPublisher,
    build_server,
    digest_of,
    entry_for,
    file_uri,
)

__all__ = [
    "FOLDER_SERVER_NAME",
    "FolderSkill",
    "RefusedResource",
    "folder_label",
    "folder_server",
    "load_folder",
    "repository_paths",
    "repository_root",
]

FOLDER_SERVER_NAME = "skillscope-folder"
_NOT_LABEL = re.compile(r"[^A-Za-z0-9_.-]+")
_PLACEHOLDER_DIGEST = "sha256:" + "0" * 64
"""Listed for a file that was refused or not read: it can never verify, so the file is never shown."""
_GIT_DIR = b".git"
_GIT_DIR_REASON = (
    "is a git repository's own folder (.git), never read: a host serving this skill folder as it is "
    "would publish the repository's history and config with it"
)


@dataclass
class FolderSkill(PublishedSkill):
    """A skill read from disk; ``refused`` maps a file's path to why it was not read."""

    refused: dict[str, str] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    """Sizes (from lstat) of files listed but not read."""


def _name(raw: bytes) -> tuple[str, bool]:
    """A name as text (bytes that are not UTF-8 become U+FFFD), and whether it was valid UTF-8."""
    try:
        return raw.decode("utf-8"), True
    except UnicodeDecodeError:
        return raw.decode("utf-8", errors="replace"), False


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _read_bounded(path: bytes, limit: int) -> bytes | str:
    """The bytes of a regular file, or why it was refused; never follows a link, never blocks on a FIFO."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        return f"cannot be opened ({exc.strerror})"
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # it changed between lstat and open
            return f"is {_kind(info.st_mode)}, not a regular file"
        if info.st_size > limit:
            return f"is {info.st_size:,} bytes, more than the {limit:,} read from one file"
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, 1 << 16):
            total += len(chunk)
            if total > limit:
                return f"grew past the {limit:,} bytes read from one file"
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _link_reason(path: bytes, root: bytes) -> str:
    """Why a symlink is refused; says whether it leaves the folder, without reading its target."""
    try:
        target = os.readlink(path)
    except OSError:
        return "is a symbolic link (not followed)"
    joined = os.path.normpath(os.path.join(os.path.dirname(path), target))
    inside = joined == root or joined.startswith(root.rstrip(b"/") + b"/")
    where = "inside" if inside else "leaving"
    return f"is a symbolic link {where} the folder (links are never followed)"


def _skill_dirs(root: bytes) -> list[bytes]:
    """Every folder below ``root`` (itself included) holding a ``SKILL.md`` entry of any type; no link is entered.

    Hidden folders are searched only inside a skill, where they are part of what a host serves (so a skill
    nested in one is found, not silently dropped); outside any skill (a repository's ``.venv``, ``.cache``)
    they are not. A ``.git`` folder is never searched.
    """
    found: list[bytes] = []
    stack: list[tuple[bytes, bool]] = [(root, False)]
    while stack:
        current, in_skill = stack.pop()
        try:
            with os.scandir(current) as entries:
                listed = list(entries)
        except OSError:
            continue
        if any(entry.name == b"SKILL.md" for entry in listed):
            found.append(current)
            in_skill = True
        stack.extend(
            (entry.path, in_skill)
            for entry in listed
            if entry.is_dir(follow_symlinks=False)
            and entry.name != _GIT_DIR
            and (in_skill or not entry.name.startswith(b"."))
        )
    return sorted(found)


def _skill_files(directory: bytes, root: bytes) -> list[tuple[str, bytes, int, str | None]]:
    """(relative path, full path, size of a regular file, refusal) for every entry below one skill, nested skills left out.

    Hidden files and folders are entries like any other: the reference publishers that serve a whole
    skill folder (fastmcp, agentskills-fs) serve them, so an audit must see them. A ``.git`` folder is
    listed as one refused entry, its contents never read.
    """
    out: list[tuple[str, bytes, int, str | None]] = []
    stack: list[tuple[bytes, str, bool]] = [(directory, "", True)]
    while stack:
        current, prefix, valid_prefix = stack.pop()
        try:
            with os.scandir(current) as entries:
                listed = sorted(entries, key=lambda e: e.name)
        except OSError as exc:
            out.append((prefix.rstrip("/"), current, 0, f"is a folder that cannot be listed ({exc.strerror})"))
            continue
        for entry in listed:
            name, valid = _name(entry.name)
            rel, valid = prefix + name, valid and valid_prefix
            info = entry.stat(follow_symlinks=False)
            mode = info.st_mode
            if stat.S_ISDIR(mode) and entry.name == _GIT_DIR:
                out.append((rel, entry.path, 0, _GIT_DIR_REASON))
                continue
            if stat.S_ISDIR(mode):
                if not os.path.lexists(os.path.join(entry.path, b"SKILL.md")):
                    stack.append((entry.path, rel + "/", valid))
                continue
            refusal = None
            if not valid:
                refusal = "has a name that is not valid UTF-8"
            elif stat.S_ISLNK(mode):
                refusal = _link_reason(entry.path, root)
            elif not stat.S_ISREG(mode):
                refusal = f"is {_kind(mode)}, never opened"
            out.append((rel, entry.path, info.st_size if refusal is None else 0, refusal))
    return out


def _skill_path(directory: bytes, root: bytes) -> str:
    """The skill's path in its URIs: relative to ``root``, or the folder's own name when ``root`` is the skill."""
    rel_dir = (
        os.path.relpath(directory, os.path.dirname(root)) if directory == root else os.path.relpath(directory, root)
    )
    return "/".join(_name(part)[0] for part in rel_dir.split(b"/"))


def _load_skill(directory: bytes, root: bytes) -> FolderSkill:
    skill = FolderSkill(_skill_path(directory, root), [])
    listed = sorted(
        _skill_files(directory, root), key=lambda item: item[0] != "SKILL.md"
    )  # its frontmatter names the skill
    over_count = len(listed) > MAX_FILES
    total = 0
    for rel, full, size, refusal in listed:
        if refusal is None and ((over_count and rel != "SKILL.md") or total + size > MAX_TOTAL_BYTES):
            refusal = "not read: the skill is past the limits (512 files, 16 MiB)"
        if refusal is None:
            data = _read_bounded(full, MAX_TOTAL_BYTES - total)
            if isinstance(data, bytes):
                total += len(data)
                skill.files.append(SkillFile(rel, data))
                continue
            refusal = data
        skill.refused[rel] = refusal
        skill.sizes[rel] = size
    skill.files.sort(key=lambda item: (item.path != "SKILL.md", item.path))
    skill.entry = _entry(skill)
    return skill


def _entry(skill: FolderSkill) -> dict[str, Any]:
    """The entry a host would serve: real digests for what was read, the lstat size for what was refused."""
    try:
        entry = entry_for(skill)
    except Exception:  # a SKILL.md without readable frontmatter is served without it (malformed)
        entry = {
            "uri": skill.uri,
            "resources": [
                {"uri": file_uri(skill, f.path), "digest": digest_of(f.data), "size": len(f.data)} for f in skill.files
            ],
        }
    resources = entry["resources"]
    for rel in skill.refused:  # the reason travels with the read error: an entry has no place for it
        resources.append({"uri": file_uri(skill, rel), "digest": _PLACEHOLDER_DIGEST, "size": skill.sizes[rel]})
    return entry


class RefusedResource(SkillResource):
    """A file the folder loader refused: reading it answers the local-folder refusal code and why.

    The client honours that code only from the in-process folder target, as a deliberate refusal of the
    path (verification fails, exit 1), never as a server that could not answer.
    """

    reason: str = ""

    async def read(self) -> str | bytes:
        """Refuse, with the reason."""
        raise MCPError(code=LOCAL_FOLDER_REFUSAL, message=self.reason)


class _FolderPublisher(SkillsPublisher):
    """The publisher, plus a refusing resource for every refused file."""

    def resources(self) -> Any:
        bindings = list(super().resources())
        for skill in self.skills:
            if isinstance(skill, FolderSkill):
                for rel, reason in skill.refused.items():
                    uri = file_uri(skill, rel)
                    text = f"skillscope refused {rel!r} in the folder: it {reason}"
                    bindings.append(ResourceBinding(RefusedResource(uri=uri, name=rel, data=b"", reason=text)))
        return bindings


def load_folder(root: Path) -> list[FolderSkill]:
    """Every skill in ``root`` (a folder of skills, or one skill's folder), sorted by skill path."""
    raw_root = os.fsencode(os.path.abspath(root))
    return [_load_skill(directory, raw_root) for directory in _skill_dirs(raw_root)]


def repository_root(folder: Path) -> Path:
    """The git work tree holding ``folder``: the nearest folder, itself or above, with a ``.git``; else the current one."""
    here = Path(os.path.abspath(folder))
    for candidate in (here, *here.parents):
        if os.path.lexists(candidate / ".git"):
            return candidate
    return Path(os.path.abspath(os.curdir))


def repository_paths(folder: Path) -> dict[str, str]:
    """Each ``skill://`` URI the folder's server lists, and that file's path relative to the repository root.

    The paths are what code scanning matches against the files of a pull request (POSIX separators, bytes
    that are not UTF-8 kept as surrogate escapes). Nothing is read: the folder is walked as
    :func:`load_folder` walks it. A folder outside both the repository and the current folder maps nothing.
    """
    raw_root = os.fsencode(os.path.abspath(folder))
    base = os.fsencode(repository_root(folder))
    paths: dict[str, str] = {}
    for directory in _skill_dirs(raw_root):
        skill = FolderSkill(_skill_path(directory, raw_root), [])
        for rel, full, _size, _refusal in _skill_files(directory, raw_root):
            relative = os.path.relpath(full, base)
            if relative == b".." or relative.startswith(b"../"):
                return {}
            paths[file_uri(skill, rel)] = os.fsdecode(relative)
    return paths


def folder_label(root: Path) -> str:
    """The folder's name as a valid server label."""
    name = Path(os.path.abspath(root)).name
    return (_NOT_LABEL.sub("-", name).strip("-.") or "folder")[:64]


def folder_server(root: Path) -> Any:
    """An in-process MCP server publishing the folder's skills as a host would see them."""
    return build_server(load_folder(root), name=FOLDER_SERVER_NAME, publisher_class=_FolderPublisher)

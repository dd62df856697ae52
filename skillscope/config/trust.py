"""Trust in project-level files: a config found in the working directory is used only once trusted.

A file someone else wrote (a cloned repository's ``skillscope.yaml``, ``.mcp.json``...)
can name commands to run and URLs to send expanded ``${VAR}`` secrets to. Such a file
is used only after ``skillscope config trust FILE``, which records its absolute path and
SHA-256 in the user data dir, with the SHA-256 of every file it pulls in (an ``envFile``, the
``signing_key``, the ``allowed_signers``); any change to any of them asks again. A project file
that is a link, or sits below a link inside its project, is refused: a link borrows no trust.
A file the user names with ``--config`` is an explicit choice and is never checked here.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shlex
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from skillscope.core.errors import ConfigError, LocalFileError
from skillscope.core.files import write_file
from skillscope.core.locations import user_data_dir
from skillscope.core.textsafe import safe_line

__all__ = [
    "TRUST_STORE_NAME",
    "project_root",
    "TrustRecord",
    "UntrustedFile",
    "trust_store_path",
    "file_digest",
    "is_trusted",
    "require_trusted",
    "trust_file",
    "retrust_after_edit",
    "refuse_links",
    "read_pulled",
    "require_pulled",
    "ABSENT",
]

TRUST_STORE_NAME = "trusted-files.json"
_MAX_STORE_BYTES = 4 * 1024 * 1024
_MAX_PULLED_BYTES = 4 * 1024 * 1024
ABSENT = "absent"
"""The digest recorded for a pulled-in file that did not exist when the config was trusted."""


class UntrustedFile(ConfigError):
    """A project-level file is not trusted (or changed since it was); exit 2, naming the command that trusts it."""

    title = "Untrusted file"


@dataclass(frozen=True)
class TrustRecord:
    """One trusted file: where it is, the SHA-256 it had, when it was trusted, and what it pulls in."""

    path: str
    digest: str
    time: str
    pulled: tuple[tuple[str, str], ...] = ()
    """Each file the config pulls in (absolute path) and its ``sha256:`` digest, or ``ABSENT``."""


def trust_store_path() -> Path:
    """The trust store: ``trusted-files.json`` in the per-user data dir."""
    return user_data_dir() / TRUST_STORE_NAME


def file_digest(content: bytes) -> str:
    """``sha256:<hex>`` of a file's bytes."""
    return "sha256:" + hashlib.sha256(content).hexdigest()


def _key(path: Path) -> str:
    return str(Path(path).expanduser().resolve())


def _read_store() -> dict[str, TrustRecord]:
    store = trust_store_path()
    try:
        raw = store.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise LocalFileError(f"Cannot read the trust store {store}: {exc.strerror}") from None
    try:
        if len(raw) > _MAX_STORE_BYTES:
            raise ValueError("too large")
        data = json.loads(raw.decode("utf-8"))
        files = data["files"]
        return {
            str(key): TrustRecord(
                str(key),
                str(value["digest"]),
                str(value.get("time", "")),
                tuple((str(p), str(d)) for p, d in dict(value.get("pulled", {})).items()),
            )
            for key, value in files.items()
        }
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        raise LocalFileError(
            f"The trust store {store} is damaged; nothing in it is trusted. Remove it and trust your files again"
        ) from None


def _write_store(records: dict[str, TrustRecord]) -> None:
    document: dict[str, Any] = {
        "version": 1,
        "files": {
            key: {"digest": r.digest, "time": r.time, **({"pulled": dict(r.pulled)} if r.pulled else {})}
            for key, r in sorted(records.items())
        },
    }
    write_file(trust_store_path(), json.dumps(document, indent=2, ensure_ascii=True) + "\n", private=True)


def project_root(path: Path) -> Path:
    """The project a project-level file belongs to: the folder above ``.vscode``, ``.cursor`` or ``.zed``."""
    path = Path(os.path.abspath(Path(path).expanduser()))
    return path.parent.parent if path.parent.name in (".vscode", ".cursor", ".zed") else path.parent


def refuse_links(path: Path, *, what: str = "config file") -> None:
    """Refuse a project file that is a link, or lies below a link inside its project.

    A hostile repository's ``.vscode/mcp.json`` linked to a sibling project's trusted file would
    otherwise borrow that trust while its ``${workspaceFolder}`` and relative paths resolve here.

    Raises:
        UntrustedFile: the file, or a folder between the project and the file, is a symbolic link.
    """
    path = Path(os.path.abspath(Path(path).expanduser()))
    root = project_root(path)
    for part in [path, *path.parents]:
        if part == root:
            return
        if part.is_symlink():
            link = safe_line(str(part), limit=500)
            raise UntrustedFile(
                f"The {what} {safe_line(str(path), limit=500)} is reached through the symbolic link {link}: "
                "a project's config files are never read through links, which would borrow another file's trust. "
                "Replace the link with the file itself, or pass the file with --config"
            )


def read_pulled(path: Path) -> bytes | None:
    """The bytes of a file a config pulls in (None when there is none), read with a bound and never from a FIFO.

    Raises:
        LocalFileError: it is not a regular file, is larger than 4 MiB, or cannot be read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise LocalFileError(f"Cannot read {path}: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise LocalFileError(f"{path} is not a regular file")
        data = handle.read(_MAX_PULLED_BYTES + 1)
    if len(data) > _MAX_PULLED_BYTES:
        raise LocalFileError(f"{path} is larger than 4 MiB")
    return data


def _pulled_digest(path: str) -> str:
    try:
        data = read_pulled(Path(path))
    except LocalFileError:
        return "unreadable"
    return ABSENT if data is None else file_digest(data)


def _changed_pulled(record: TrustRecord) -> str | None:
    """The first file the record pulls in whose content is no longer the trusted one."""
    for pulled, digest in record.pulled:
        if _pulled_digest(pulled) != digest:
            return pulled
    return None


def is_trusted(path: Path, content: bytes) -> bool:
    """True when ``path`` was trusted with exactly this content and everything it pulls in is unchanged."""
    try:
        refuse_links(path)
    except UntrustedFile:
        return False
    record = _read_store().get(_key(path))
    return record is not None and record.digest == file_digest(content) and _changed_pulled(record) is None


def require_trusted(path: Path, content: bytes, *, what: str = "config file") -> None:
    """Refuse a project-level file that is not trusted with this exact content and these pulled-in files.

    Every project-level file skillscope reads goes through here before any of it is used.

    Args:
        path: the file as found (in the working directory, or a project's subdirectory).
        content: the bytes that were read and would be used.
        what: what the file is, for the message ("config file", "MCP client config"...).

    Raises:
        UntrustedFile: a link, not trusted, or it or a file it pulls in changed since it was trusted
            (exit 2; the message names ``skillscope config trust FILE``).
    """
    refuse_links(path, what=what)
    key = _key(path)
    record = _read_store().get(key)

    changed = None
    if record is not None and record.digest == file_digest(content):
        changed = _changed_pulled(record)
        if changed is None:
            return
    command = f"skillscope config trust {shlex.quote(key)}"
    shown = safe_line(key, limit=500)
    if record is None:
        why = (
            f"The {what} {shown} comes from the working directory and is not trusted: it can name "
            "commands to run and URLs to send your ${VAR} secrets to"
        )
    elif changed is not None:
        why = (
            f"{safe_line(changed, limit=500)}, which the {what} {shown} pulls in, changed since you trusted it "
            f"({record.time})"
        )
    else:
        why = f"The {what} {shown} changed since you trusted it ({record.time})"
    raise UntrustedFile(f"{why}. Read it, then run: {command} (or pass it explicitly with --config)")


def require_pulled(source: str | Path, pulled: Path, content: bytes | None, *, what: str = "envFile") -> None:
    """Refuse a file a trusted project file pulls in unless its trust recorded exactly this path and content.

    Checked where the file is read, so a path that depends on the environment cannot slip past.

    Raises:
        UntrustedFile: the path was not pulled in at trust time, or its content changed since.
    """
    record = _read_store().get(_key(Path(source)))
    want = dict(record.pulled).get(os.path.abspath(pulled)) if record is not None else None
    got = ABSENT if content is None else file_digest(content)
    if want == got:
        return

    shown, source_shown = safe_line(str(pulled), limit=500), safe_line(str(source), limit=500)
    why = "was not part of it when you trusted it" if want is None else "changed since you trusted it"
    raise UntrustedFile(
        f"The {what} {shown}, which {source_shown} pulls in, {why}. Read both, then run: "
        f"skillscope config trust {shlex.quote(_key(Path(source)))}"
    )


def trust_file(path: Path, pulled: Iterable[str | Path] = ()) -> TrustRecord:
    """Record ``path`` as trusted with its current content and that of each file it pulls in.

    Raises:
        UntrustedFile: the file is a link or lies below one inside its project.
        ConfigError: the file does not exist.
        LocalFileError: it cannot be read, or the trust store cannot be written.
    """
    refuse_links(path)
    key = _key(path)
    try:
        content = Path(key).read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"No such file to trust: {path}") from None
    except OSError as exc:
        raise LocalFileError(f"Cannot read {path}: {exc.strerror}") from None
    records = _read_store()
    digests = {os.path.abspath(Path(p).expanduser()): "" for p in pulled}
    pulled_record = tuple((p, _pulled_digest(p)) for p in sorted(digests))
    record = TrustRecord(key, file_digest(content), datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), pulled_record)
    records[key] = record
    _write_store(records)
    return record


@contextlib.contextmanager
def retrust_after_edit(path: Path) -> Iterator[None]:
    """Around skillscope's own edit of ``path``: if it was trusted before, it stays trusted after.

    The user's own change (the TUI's save) must not lock them out of their file; a file
    that was not trusted gains no trust.
    """
    key = _key(path)
    try:
        before = Path(key).read_bytes()
    except OSError:
        before = None
    was_trusted = before is not None and is_trusted(Path(key), before)
    pulled = [p for p, _ in _read_store()[key].pulled] if was_trusted else []
    yield
    if was_trusted:
        trust_file(Path(key), pulled)

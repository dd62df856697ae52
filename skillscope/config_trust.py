"""Trust in project-level files: a config found in the working directory is used only once trusted.

A file someone else wrote (a cloned repository's ``skillscope.yaml``, ``.mcp.json``...)
can name commands to run and URLs to send expanded ``${VAR}`` secrets to. Such a file
is used only after ``skillscope config trust FILE``, which records its absolute path and
SHA-256 in the user data dir; any change to the file asks again. A file the user names
with ``--config`` is an explicit choice and is never checked here.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from skillscope.errors import ConfigError, LocalFileError

__all__ = [
    "TRUST_STORE_NAME",
    "TrustRecord",
    "UntrustedFile",
    "trust_store_path",
    "file_digest",
    "is_trusted",
    "require_trusted",
    "trust_file",
    "retrust_after_edit",
]

TRUST_STORE_NAME = "trusted-files.json"
_MAX_STORE_BYTES = 4 * 1024 * 1024


class UntrustedFile(ConfigError):
    """A project-level file is not trusted (or changed since it was); exit 2, naming the command that trusts it."""

    title = "Untrusted file"


@dataclass(frozen=True)
class TrustRecord:
    """One trusted file: where it is, the SHA-256 it had, and when it was trusted."""

    path: str
    digest: str
    time: str


def trust_store_path() -> Path:
    """The trust store: ``trusted-files.json`` in the per-user data dir."""
    from skillscope.locations import user_data_dir

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
            str(key): TrustRecord(str(key), str(value["digest"]), str(value.get("time", "")))
            for key, value in files.items()
        }
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        raise LocalFileError(
            f"The trust store {store} is damaged; nothing in it is trusted. Remove it and trust your files again"
        ) from None


def _write_store(records: dict[str, TrustRecord]) -> None:
    from skillscope.files import write_file

    document: dict[str, Any] = {
        "version": 1,
        "files": {key: {"digest": r.digest, "time": r.time} for key, r in sorted(records.items())},
    }
    write_file(trust_store_path(), json.dumps(document, indent=2, ensure_ascii=True) + "\n", private=True)


def is_trusted(path: Path, content: bytes) -> bool:
    """True when ``path`` was trusted with exactly this content."""
    record = _read_store().get(_key(path))
    return record is not None and record.digest == file_digest(content)


def require_trusted(path: Path, content: bytes, *, what: str = "config file") -> None:
    """Refuse a project-level file that is not trusted with this exact content.

    Every project-level file skillscope reads goes through here before any of it is used.

    Args:
        path: the file as found (in the working directory, or a project's subdirectory).
        content: the bytes that were read and would be used.
        what: what the file is, for the message ("config file", "MCP client config"...).

    Raises:
        UntrustedFile: not trusted, or changed since it was trusted (exit 2; the message names
            ``skillscope config trust FILE``).
    """
    key = _key(path)
    record = _read_store().get(key)
    if record is not None and record.digest == file_digest(content):
        return
    command = f"skillscope config trust {shlex.quote(key)}"
    from skillscope.textsafe import safe_line

    shown = safe_line(key, limit=500)
    if record is None:
        why = (f"The {what} {shown} comes from the working directory and is not trusted: it can name "
               "commands to run and URLs to send your ${VAR} secrets to")
    else:
        why = f"The {what} {shown} changed since you trusted it ({record.time})"
    raise UntrustedFile(f"{why}. Read it, then run: {command} (or pass it explicitly with --config)")


def trust_file(path: Path) -> TrustRecord:
    """Record ``path`` as trusted with its current content.

    Raises:
        ConfigError: the file does not exist.
        LocalFileError: it cannot be read, or the trust store cannot be written.
    """
    key = _key(path)
    try:
        content = Path(key).read_bytes()
    except FileNotFoundError:
        raise ConfigError(f"No such file to trust: {path}") from None
    except OSError as exc:
        raise LocalFileError(f"Cannot read {path}: {exc.strerror}") from None
    records = _read_store()
    record = TrustRecord(key, file_digest(content), datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
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
    yield
    if was_trusted:
        trust_file(Path(key))

"""One ledger record: its fields, its line format and the hash chain that binds the lines."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = [
    "GENESIS",
    "Action",
    "FileEntry",
    "Record",
    "LineError",
    "encode_line",
    "decode_line",
    "chain_fields",
]

GENESIS = "sha256:" + "0" * 64
"""The ``prev`` of the first record."""

Action = Literal["approve", "reject", "revoke", "repair"]
ACTIONS = ("approve", "reject", "revoke", "repair")
FORMAT_VERSION = 1

_HASH_PREFIX = '{"hash":"'
_DIGEST_LEN = len(GENESIS)
_BODY_START = len(_HASH_PREFIX) + _DIGEST_LEN + 2  # past '",'
_PREV_PREFIX = '"prev":"'
_SEQ_RE = re.compile(r'"seq":(\d{1,12}),')
_DIGEST_RE = re.compile(r"^sha256:[0-9a-f]{64}$")


class LineError(ValueError):
    """A ledger line is not a well-formed record."""


@dataclass(frozen=True)
class FileEntry:
    """One file of a reviewed skill, as its entry listed it."""

    uri: str
    digest: str
    size: int


@dataclass(frozen=True)
class Record:
    """A review action. ``seq``, ``prev`` and ``hash`` are set when the record is appended."""

    action: Action
    time: str
    reviewer: str
    name: str
    note: str = ""
    label: str = ""
    server: str = ""
    protocol: str = ""
    uri: str = ""
    fingerprint: str | None = None
    files: tuple[FileEntry, ...] = ()
    tool: str = ""
    seq: int = 0
    prev: str = GENESIS
    hash: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def body(self) -> dict[str, Any]:
        """The fields in their fixed order, without ``hash``; ``files`` comes last."""
        return {
            "prev": self.prev,
            "seq": self.seq,
            "v": FORMAT_VERSION,
            "action": self.action,
            "time": self.time,
            "reviewer": self.reviewer,
            "note": self.note,
            "label": self.label,
            "server": self.server,
            "protocol": self.protocol,
            "name": self.name,
            "uri": self.uri,
            "fingerprint": self.fingerprint,
            "tool": self.tool,
            **self.extra,
            "files": [{"uri": f.uri, "digest": f.digest, "size": f.size} for f in self.files],
        }


def _hash_body(body: str) -> str:
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def encode_line(record: Record) -> tuple[str, str]:
    """Serialise a record (with its ``seq`` and ``prev`` set) to one line; returns (line, hash).

    The hash covers the line exactly as written, minus the leading hash field,
    so verifying needs no re-serialisation and any edit shows.
    """
    body = json.dumps(record.body(), ensure_ascii=True, separators=(",", ":"))
    digest = _hash_body(body)
    return f'{_HASH_PREFIX}{digest}",{body[1:]}\n', digest


def chain_fields(line: str) -> tuple[str, str, int]:
    """Read (hash, prev, seq) from a line and check its hash, without parsing the JSON.

    Raises:
        LineError: the line is not in the ledger's format or its hash does not match.
    """
    if not line.startswith(_HASH_PREFIX) or len(line) <= _BODY_START or line[_BODY_START - 2 : _BODY_START] != '",':
        raise LineError("not a ledger record (it must start with its hash)")
    claimed = line[len(_HASH_PREFIX) : len(_HASH_PREFIX) + _DIGEST_LEN]
    body = "{" + line[_BODY_START:]
    if not _DIGEST_RE.match(claimed):
        raise LineError("the record's hash field is not a sha256 digest")
    if _hash_body(body) != claimed:
        raise LineError("the record's content does not match its hash (the line was edited)")
    rest = line[_BODY_START:]
    if not rest.startswith(_PREV_PREFIX):
        raise LineError("the record has no prev field where expected")
    prev = rest[len(_PREV_PREFIX) : len(_PREV_PREFIX) + _DIGEST_LEN]
    match = _SEQ_RE.match(rest, len(_PREV_PREFIX) + _DIGEST_LEN + 2)
    if not match:
        raise LineError("the record has no seq field where expected")
    return claimed, prev, int(match.group(1))


def decode_line(line: str) -> Record:
    """Parse a verified line into a ``Record``."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise LineError(f"not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise LineError("not a JSON object")
    try:
        files = tuple(FileEntry(str(f["uri"]), str(f["digest"]), int(f["size"])) for f in data.get("files") or ())
        known = {"hash", "prev", "seq", "v", "action", "time", "reviewer", "note", "label", "server", "protocol", "name", "uri", "fingerprint", "tool", "files"}
        action = data["action"]
        if action not in ACTIONS:
            raise LineError(f"unknown action {action!r}")
        return Record(
            action=action,
            time=str(data["time"]),
            reviewer=str(data.get("reviewer", "")),
            name=str(data.get("name", "")),
            note=str(data.get("note", "")),
            label=str(data.get("label", "")),
            server=str(data.get("server", "")),
            protocol=str(data.get("protocol", "")),
            uri=str(data.get("uri", "")),
            fingerprint=data.get("fingerprint"),
            files=files,
            tool=str(data.get("tool", "")),
            seq=int(data["seq"]),
            prev=str(data["prev"]),
            hash=str(data["hash"]),
            extra={k: v for k, v in data.items() if k not in known},
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, LineError):
            raise
        raise LineError(f"a field is missing or has the wrong type ({exc})") from None

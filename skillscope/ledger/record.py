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
_HASH_PREFIX_B = _HASH_PREFIX.encode()
_PREV_PREFIX_B = b'"prev":"'
_SEQ_RE_B = re.compile(rb'"seq":(\d{1,12}),')
_REPLAY_RE_B = re.compile(rb'"v":1,"action":"(approve|reject|revoke|repair)","name":"')
_NAME_END_B = b'","fingerprint":'
_REPLAY_END = b',"label":'
_DECODER = json.JSONDecoder()



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
    raw: bytes | None = field(default=None, compare=False, repr=False)
    """The line as read, kept while only the replay fields are parsed."""

    def body(self) -> dict[str, Any]:
        """The fields in their fixed order, without ``hash``; ``files`` comes last."""
        return {
            "prev": self.prev,
            "seq": self.seq,
            "v": FORMAT_VERSION,
            "action": self.action,
            "name": self.name,
            "fingerprint": self.fingerprint,
            "label": self.label,
            "uri": self.uri,
            "time": self.time,
            "reviewer": self.reviewer,
            "note": self.note,
            "server": self.server,
            "protocol": self.protocol,
            "tool": self.tool,
            **self.extra,
            "files": [{"uri": f.uri, "digest": f.digest, "size": f.size} for f in self.files],
        }

    def summary_json(self) -> dict[str, Any]:
        """The record for reports, without its file list."""
        return {
            "action": self.action,
            "time": self.time,
            "reviewer": self.reviewer,
            "note": self.note,
            "fingerprint": self.fingerprint,
            "label": self.label,
            "server": self.server,
            "seq": self.seq,
        }

    @property
    def partial(self) -> bool:
        """True when only the replay fields were parsed (see ``complete``)."""
        return self.raw is not None

    def complete(self) -> Record:
        """This record with every field parsed (itself when it already is)."""
        return self if self.raw is None else decode_line(self.raw)


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


def chain_fields(line: str | bytes) -> tuple[str, str, int]:
    """Read (hash, prev, seq) from a line and check its hash, without parsing the JSON.

    Raises:
        LineError: the line is not in the ledger's format or its hash does not match.
    """
    raw = line.encode("utf-8") if isinstance(line, str) else line
    if not raw.startswith(_HASH_PREFIX_B) or len(raw) <= _BODY_START or raw[_BODY_START - 2 : _BODY_START] != b'",':
        raise LineError("not a ledger record (it must start with its hash)")
    claimed = raw[len(_HASH_PREFIX_B) + 7 : len(_HASH_PREFIX_B) + _DIGEST_LEN]
    hasher = hashlib.sha256(b"{")
    hasher.update(memoryview(raw)[_BODY_START:])
    # Comparing with a fresh hex digest also proves the field is a well-formed digest.
    if hasher.hexdigest().encode("ascii") != claimed:
        raise LineError("the record's content does not match its hash (the line was edited)")
    if raw[_BODY_START : _BODY_START + len(_PREV_PREFIX_B)] != _PREV_PREFIX_B:
        raise LineError("the record has no prev field where expected")
    start = _BODY_START + len(_PREV_PREFIX_B)
    match = _SEQ_RE_B.match(raw, start + _DIGEST_LEN + 2)
    if not match:
        raise LineError("the record has no seq field where expected")
    # prev is checked against the previous record's hash by the caller, which also proves its form.
    return "sha256:" + claimed.decode("ascii"), raw[start : start + _DIGEST_LEN].decode("ascii"), int(match.group(1))


def decode_line(line: str | bytes, *, replay_only: bool = False) -> Record:
    """Parse a line into a ``Record``.

    With ``replay_only`` just the leading fields replaying needs (seq, action, name,
    fingerprint) are parsed; the line is kept so ``Record.complete()`` can parse the
    rest for the few records that are shown.
    """
    raw = line.encode("utf-8") if isinstance(line, str) else line
    head = raw
    if replay_only:
        cut = raw.find(_REPLAY_END)
        if cut > 0:
            head = raw[:cut] + b"}"
    try:
        data = _DECODER.decode(head.decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise LineError(f"not valid JSON ({getattr(exc, 'msg', exc)})") from None
    if not isinstance(data, dict):
        raise LineError("not a JSON object")
    try:
        action = data["action"]
        if action not in ACTIONS:
            raise LineError(f"unknown action {action!r}")
        fingerprint = data.get("fingerprint")
        if fingerprint is not None and not isinstance(fingerprint, str):
            raise LineError("the fingerprint is not a string")
        if replay_only:
            return Record(action=action, time="", reviewer="", name=str(data.get("name", "")), fingerprint=fingerprint,
                          seq=int(data["seq"]), prev=str(data["prev"]), hash=str(data["hash"]), raw=raw)
        entries = tuple(FileEntry(str(f["uri"]), str(f["digest"]), int(f["size"])) for f in data.get("files") or ())
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
            fingerprint=fingerprint,
            files=entries,
            tool=str(data.get("tool", "")),
            seq=int(data["seq"]),
            prev=str(data["prev"]),
            hash=str(data["hash"]),
            extra={k: v for k, v in data.items() if k not in _KNOWN},
        )
    except LineError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise LineError(f"a field is missing or has the wrong type ({exc})") from None


_KNOWN = {"hash", "prev", "seq", "v", "action", "time", "reviewer", "note", "label", "server", "protocol", "name", "uri", "fingerprint", "tool", "files"}



def replay_record(raw: bytes, digest: str, prev: str, seq: int) -> Record:
    """A replay-only record from a line whose chain fields were already read and checked.

    Action, name and fingerprint are read at their fixed places in the writer's layout;
    a line laid out any other way is parsed as JSON instead.
    """
    match = _REPLAY_RE_B.match(raw, _BODY_START + len(_PREV_PREFIX_B) + _DIGEST_LEN + 2 + len(b'"seq":') + len(str(seq)) + 1)
    name_end = raw.find(_NAME_END_B, match.end()) if match else -1
    if match is None or name_end < 0:
        return decode_line(raw, replay_only=True)
    name_raw = raw[match.end() : name_end]
    name = _DECODER.decode('"' + name_raw.decode("ascii") + '"') if b"\\" in name_raw else name_raw.decode("ascii")
    rest = name_end + len(_NAME_END_B)
    if raw.startswith(b"null,", rest):
        fingerprint = None
    elif raw.startswith(b'"sha256:', rest) and raw[rest + 72 : rest + 74] == b'",':
        fingerprint = raw[rest + 1 : rest + 72].decode("ascii")
    else:
        return decode_line(raw, replay_only=True)
    action = match.group(1).decode("ascii")
    return Record(action=action, time="", reviewer="", name=name, fingerprint=fingerprint,  # type: ignore[arg-type]
                  seq=seq, prev=prev, hash=digest, raw=raw)

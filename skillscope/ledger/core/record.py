"""One ledger record: its fields, its line format and the hash chain that binds the lines."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, SupportsBytes

from skillscope.core.textsafe import safe_line
from skillscope.ledger.core.values import Action

__all__ = [
    "GENESIS",
    "FileEntry",
    "Record",
    "LineError",
    "encode_line",
    "decode_line",
    "chain_fields",
    "partial_record",
    "canonical_review",
    "review_id",
    "describe",
    "describe_review",
    "strict_decode",
    "replay_record",
    "replay_fields",
]

GENESIS = "sha256:" + "0" * 64
"""The ``prev`` of the first record."""

ACTIONS = ("approve", "reject", "revoke", "repair")
FORMAT_VERSION = 1
SIGNED_VERSION = 2
"""Records with a signature wrap the review: ``{"hash","prev","seq","review":{…},"sig","key"}``."""

_HASH_PREFIX = '{"hash":"'
_DIGEST_LEN = len(GENESIS)
_BODY_START = len(_HASH_PREFIX) + _DIGEST_LEN + 2  # past '",'
_HASH_PREFIX_B = _HASH_PREFIX.encode()
_PREV_PREFIX_B = b'"prev":"'
_SEQ_RE_B = re.compile(rb'"seq":(\d{1,12}),')
_REPLAY_RE_B = re.compile(rb'(?:"v":1|"review":\{"v":2),"action":"(approve|reject|revoke|repair)","name":"')
_NAME_END_B = b'","fingerprint":'
_REPLAY_END = b',"label":'
_DECODER = json.JSONDecoder()
# The head of a line as the writer lays it out, up to the fingerprint: what replaying needs, matched in one go.
# A line that differs in any way (an escaped name, an odd fingerprint) takes the careful path instead.
# The hash is taken as any 64 bytes and compared with the one computed; prev (compared with the previous line's
# hash), the name and the fingerprint as printable ASCII, as the writer writes them (it escapes the rest).
_HEAD_RE_B = re.compile(
    rb'\{"hash":"sha256:(.{64})","prev":"(sha256:[ -~]{64})","seq":(\d{1,12}),'
    rb'(?:"v":1|"review":\{"v":2),"action":"(approve|reject|revoke|repair)","name":"([ !#-\[\]-~]*)",'
    rb'"fingerprint":(?:null|"(sha256:[ !#-\[\]-~]{64})"),',
    re.DOTALL,
)


class LineError(ValueError):
    """A ledger line is not a well-formed record.

    ``kind`` says which break it is, for a verify's report: ``edited`` (the content does not match its hash),
    ``signature`` (a signed review that no signature can cover, or whose signature does not verify) or
    ``format`` (anything else that is not a record in the writer's form).
    """

    def __init__(self, message: str, *, kind: Literal["format", "edited", "signature"] = "format") -> None:
        super().__init__(message)
        self.kind: Literal["format", "edited", "signature"] = kind


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
    nonce: str = ""
    """Random, so two otherwise equal reviews differ (a replayed copy of a review is then evident)."""
    sig: str = ""
    """The armored SSHSIG signature over ``canonical_review(record)``; empty for legacy (unsigned) records."""
    key: str = ""
    """The signer's OpenSSH public key line."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    """Other review fields, kept and signed as they are (``audit``: the approval's finding counts and ids)."""
    raw: bytes | memoryview | SupportsBytes | None = field(default=None, compare=False, repr=False)
    """The line as read, kept while only the replay fields are parsed: a view into the file's bytes while
    a scan's records live (``replay`` copies out those its verdicts keep), or, for a record streamed from
    the file, where the line is in it (``stored.StoredLine``, read again when the record is completed)."""

    def _fields(self) -> dict[str, Any]:
        return {
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
        }

    def _files(self) -> list[dict[str, Any]]:
        return [{"uri": f.uri, "digest": f.digest, "size": f.size} for f in self.files]

    def body(self) -> dict[str, Any]:
        """The legacy (unsigned) line's fields in their fixed order, without ``hash``; ``files`` comes last."""
        return {
            "prev": self.prev,
            "seq": self.seq,
            "v": FORMAT_VERSION,
            **self._fields(),
            **self.extra,
            "files": self._files(),
        }

    def review(self) -> dict[str, Any]:
        """The signed review fields in the order a signed line writes them; ``files`` comes last."""
        return {"v": SIGNED_VERSION, **self._fields(), "nonce": self.nonce, **self.extra, "files": self._files()}

    @property
    def signed(self) -> bool:
        """True for records in the signed format (whether the signature verifies is checked elsewhere)."""
        return bool(self.sig)

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

    def complete(self) -> Record:
        """This record with every field parsed (itself when it already is)."""
        return self if self.raw is None else decode_line(self.raw)


def _hash_body(body: str) -> str:
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def canonical_review(record: Record) -> bytes:
    """The bytes a review's signature covers: its fields as JSON with sorted keys, no spaces, UTF-8."""
    return json.dumps(record.review(), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def review_id(record: Record, canonical: bytes | None = None) -> str:
    """What identifies a review wherever its line sits (re-chaining keeps it): a digest of its content.

    ``canonical`` is ``canonical_review(record)`` when the caller has it already.
    """
    if record.signed:
        return hashlib.sha256(canonical if canonical is not None else canonical_review(record)).hexdigest()
    body = record.body()
    del body["prev"], body["seq"]
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def describe(record: Record) -> str:
    """The review in one safe line: action, name, fingerprint, reviewer and time."""
    return describe_review(record.action, record.name, record.fingerprint, record.reviewer, record.time)


def describe_review(action: str, name: str, fingerprint: str | None, reviewer: str, time: str) -> str:
    """``describe`` of a review's fields (read from a line without building its ``Record``)."""
    return safe_line(
        f"{action} of {name or '(the ledger)'} ({fingerprint or 'no fingerprint'}) by {reviewer} at {time}", limit=400
    )


def encode_line(record: Record) -> tuple[str, str]:
    """Serialise a record (with its ``seq`` and ``prev`` set) to one line; returns (line, hash).

    The hash covers the line exactly as written, minus the leading hash field,
    so verifying needs no re-serialisation and any edit shows. A signed record
    wraps its review; an unsigned one is written in the legacy flat layout.
    """
    if record.signed:
        wrapped = {
            "prev": record.prev,
            "seq": record.seq,
            "review": record.review(),
            "sig": record.sig,
            "key": record.key,
        }
        body = json.dumps(wrapped, ensure_ascii=True, separators=(",", ":"))
    else:
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
        raise LineError("the record's content does not match its hash (the line was edited)", kind="edited")
    if raw[_BODY_START : _BODY_START + len(_PREV_PREFIX_B)] != _PREV_PREFIX_B:
        raise LineError("the record has no prev field where expected")
    start = _BODY_START + len(_PREV_PREFIX_B)
    match = _SEQ_RE_B.match(raw, start + _DIGEST_LEN + 2)
    if not match:
        raise LineError("the record has no seq field where expected")
    # prev is checked against the previous record's hash by the caller, which also proves its form.
    try:
        prev = raw[start : start + _DIGEST_LEN].decode("ascii")
    except UnicodeDecodeError:
        raise LineError("the record's prev field is not a hash") from None
    return "sha256:" + claimed.decode("ascii"), prev, int(match.group(1))


def decode_line(line: str | bytes | memoryview | SupportsBytes, *, replay_only: bool = False) -> Record:
    """Parse a line into a ``Record``.

    With ``replay_only`` just the leading fields replaying needs (seq, action, name,
    fingerprint) are parsed; the line is kept so ``Record.complete()`` can parse the
    rest for the few records that are shown.
    """
    raw = line.encode("utf-8") if isinstance(line, str) else bytes(line)
    head = raw
    if replay_only and b'"review":{' not in raw[: _BODY_START + 100]:
        cut = raw.find(_REPLAY_END)
        if cut > 0:
            head = raw[:cut] + b"}"
    return _record_of(_json_object(head, _DECODER.decode), raw if replay_only else None)


def _json_object(line: bytes, decode: Callable[[str], Any]) -> dict[str, Any]:
    """The JSON object a line holds, read by ``decode``; anything else is a ``LineError`` saying why."""
    try:
        data = decode(line.decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise LineError(f"not valid JSON ({getattr(exc, 'msg', exc)})") from None
    except ValueError as exc:  # a number of more digits than Python converts (int_max_str_digits)
        raise LineError(f"not a value the ledger can hold ({exc})") from None
    except RecursionError:
        raise LineError("not a value the ledger can hold (nested too deeply)") from None
    if not isinstance(data, dict):
        raise LineError("not a JSON object")
    return data


def _record_of(data: dict[str, Any], raw: bytes | None) -> Record:
    chain = data
    signed = "review" in data
    if signed:
        if set(data) != _WRAPPED:
            raise LineError(f"a signed record holds exactly {', '.join(sorted(_WRAPPED))}")
        data = data["review"]
        if not isinstance(data, dict) or data.get("v") != SIGNED_VERSION:
            raise LineError("the review is not an object of version 2")
        if not isinstance(chain["sig"], str) or not isinstance(chain["key"], str) or not chain["sig"]:
            raise LineError("sig and key must be strings")
    replay_only = raw is not None
    try:
        action = data["action"]
        if action not in ACTIONS:
            raise LineError(f"unknown action {action!r}")
        fingerprint = data.get("fingerprint")
        if fingerprint is not None and not isinstance(fingerprint, str):
            raise LineError("the fingerprint is not a string")
        if replay_only:
            return Record(
                action=action,
                time="",
                reviewer="",
                name=str(data.get("name", "")),
                fingerprint=fingerprint,
                seq=int(chain["seq"]),
                prev=str(chain["prev"]),
                hash=str(chain["hash"]),
                raw=raw,
            )
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
            seq=int(chain["seq"]),
            prev=str(chain["prev"]),
            hash=str(chain["hash"]),
            nonce=str(data.get("nonce", "")) if signed else "",
            sig=chain["sig"] if signed else "",
            key=chain["key"] if signed else "",
            extra={k: v for k, v in data.items() if k not in (_KNOWN_REVIEW if signed else _KNOWN)},
        )
    except LineError:
        raise
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise LineError(f"a field is missing or has the wrong type ({exc})") from None


_KNOWN = {
    "hash",
    "prev",
    "seq",
    "v",
    "action",
    "time",
    "reviewer",
    "note",
    "label",
    "server",
    "protocol",
    "name",
    "uri",
    "fingerprint",
    "tool",
    "files",
}
_KNOWN_REVIEW = (_KNOWN - {"hash", "prev", "seq"}) | {"nonce"}
_WRAPPED = {"hash", "prev", "seq", "review", "sig", "key"}


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise LineError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constants(name: str) -> Any:
    raise LineError(f"{name} is not JSON")


_STRICT_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
_PLAIN_DECODER = json.JSONDecoder(parse_constant=_no_constants)
"""Parses at C speed; duplicate keys are then caught by the exact round trip, and named by ``_STRICT_DECODER``."""


def strict_decode(line: bytes) -> Record:
    """Parse a whole line strictly: valid UTF-8, no duplicate key, no NaN, and written exactly as the
    writer lays it out (so no two readers can see two different records in one line).

    Raises:
        LineError: the line is not a record in the writer's exact form.
    """
    data = _json_object(line, _PLAIN_DECODER.decode)
    if _SURROGATE_ESCAPE.search(line):
        # A pair escapes one character; half of one is no text at all, and no signature can cover it.
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise LineError("a string holds an escaped lone surrogate, which is not text") from None
    record = _record_of(data, None)
    if encode_line(record)[0].encode("utf-8") != line + b"\n":
        # A key given twice never survives the round trip (the object keeps one); name it if that is why.
        _json_object(line, _STRICT_DECODER.decode)
        raise LineError("the line is not laid out as the writer writes it (hand-edited or a foreign writer)")
    return record


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def replay_record(raw: bytes, digest: str, prev: str, seq: int) -> Record:
    """A replay-only record from a line whose chain fields were already read and checked.

    Action, name and fingerprint are read at their fixed places in the writer's layout;
    a line laid out any other way is parsed as JSON instead.
    """
    match = _REPLAY_RE_B.match(
        raw, _BODY_START + len(_PREV_PREFIX_B) + _DIGEST_LEN + 2 + len(b'"seq":') + len(str(seq)) + 1
    )
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
    return partial_record(match.group(1).decode("ascii"), name, fingerprint, seq, prev, digest, raw)


def replay_fields(raw: bytes | memoryview) -> tuple[str, str, int, str, str, str | None] | None:
    """(hash, prev, seq, action, name, fingerprint) of a line in the writer's layout whose hash matches.

    One regular expression and one hash instead of ``chain_fields`` and ``replay_record``: the ledger
    is read on every command, and a large one is mostly such lines. None for any other line; the
    caller then takes the careful path, which says what is wrong with it.
    """
    match = _HEAD_RE_B.match(raw)
    if match is None:
        return None
    hasher = hashlib.sha256(b"{")
    hasher.update(memoryview(raw)[_BODY_START:])
    claimed = match.group(1)
    if hasher.hexdigest().encode("ascii") != claimed:
        return None
    fingerprint = match.group(6)
    return (
        "sha256:" + claimed.decode("ascii"),
        match.group(2).decode("ascii"),
        int(match.group(3)),
        match.group(4).decode("ascii"),
        match.group(5).decode("ascii"),
        None if fingerprint is None else fingerprint.decode("ascii"),
    )


def partial_record(
    action: str,
    name: str,
    fingerprint: str | None,
    seq: int,
    prev: str,
    digest: str,
    raw: bytes | memoryview | SupportsBytes,
) -> Record:
    """A replay-only ``Record`` (see ``Record.complete``), built without the dataclass ``__init__``.

    A replay builds one per line, and the frozen ``__init__`` sets all 21 fields one ``object.__setattr__``
    at a time. Here the instance holds only the fields that differ from their defaults; the others are
    read from the class, where ``dataclass`` keeps each plain default. The record compares, prints and
    ``replace``s as one built by ``__init__`` (a test holds it to that).
    """
    record = object.__new__(Record)
    object.__setattr__(
        record,
        "__dict__",
        {
            "action": action,
            "time": "",
            "reviewer": "",
            "name": name,
            "fingerprint": fingerprint,
            "seq": seq,
            "prev": prev,
            "hash": digest,
            "extra": {},
            "raw": raw,
        },
    )
    return record

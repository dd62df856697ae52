"""A signed line in the writer's plain layout, proven and read by one regular expression (the first read's shortcut)."""

from __future__ import annotations

import hashlib
import re

from skillscope.ledger.core.linecheck import Checked
from skillscope.ledger.core.record import _BODY_START, _PLAIN_DECODER, LineError, describe_review
from skillscope.ledger.core.sshsig import SignatureError, verify_signed_by

__all__ = ["plain_signed"]

# What the writer (``json.dumps``, ASCII) writes as itself inside a string: printable ASCII but the quote and
# the backslash. The short escapes (\" \\ \b \f \n \r \t) are written alike with and without ``ensure_ascii``,
# so a string made of these two is the same text in the line and in the review its signature covers; a
# string with a \u escape differs between the two (or is a lone surrogate), and is left to the JSON parse.
_CHAR = rb"[ !#-\[\]-~]"
_TEXT = rb'"(' + _CHAR + rb"*(?:\\[\"\\bfnrt]" + _CHAR + rb'*)*)"'
_BARE = _TEXT.replace(b'"(', b'"(?:', 1)
# The chain's fields as ``chain_fields`` reads them (a prev of another form never follows a line anyway).
# Integers as the writer writes them: no sign on zero, no leading zero, and short enough to convert.
_INT = rb"(?:0|-?[1-9][0-9]{0,17})"
_FILE = rb'\{"uri":' + _BARE + rb',"digest":' + _BARE + rb',"size":' + _INT + rb"\}"
_LINE = re.compile(
    rb'\{"hash":"sha256:([0-9a-f]{64})","prev":"sha256:[0-9a-f]{64}","seq":(?:0|[1-9][0-9]{0,11}),"review":\{"v":2,'
    rb'"action":"(approve|reject|revoke|repair)","name":' + _TEXT + rb',"fingerprint":(null|' + _TEXT + rb"),"
    rb'"label":'
    + _TEXT
    + rb',"uri":'
    + _TEXT
    + rb',"time":'
    + _TEXT
    + rb',"reviewer":'
    + _TEXT
    + rb',"note":'
    + _TEXT
    + rb',"server":'
    + _TEXT
    + rb',"protocol":'
    + _TEXT
    + rb',"tool":'
    + _TEXT
    + rb',"nonce":'
    + _TEXT
    + rb',"files":\[((?:'
    + _FILE
    + rb"(?:,"
    + _FILE
    + rb")*)?)\]\},"
    # The armored signature's only escapes are its line breaks.
    rb'"sig":"(' + _CHAR + rb"+(?:\\n" + _CHAR + rb'*)*)","key":' + _TEXT + rb"\}"
)


def plain_signed(line: bytes) -> tuple[str, Checked] | None:
    """(the line's hash, what checking it established) for a signed line exactly as the writer writes one
    whose strings need no \\u escape: the common line, read without building its JSON.

    One regular expression proves what ``strict_decode`` proves by parsing the line and writing it
    again: the writer's keys in the writer's order, each value of the type the writer writes and
    written as the writer writes it (so the line is the exact serialisation of what it holds), and
    the review's 14 keys; the bytes the signature covers are then the line's own values with the
    keys sorted. Any other line gives None and takes the JSON parse, which accepts it or says what
    is wrong; a test holds the two to the same answers.

    Raises:
        LineError: the line is in this layout but its signature does not verify.
    """
    match = _LINE.fullmatch(line)
    if match is None:
        return None
    digest, action, name, fingerprint, bare_fp, label, uri, time, reviewer, note, server, protocol, tool, nonce = (
        match.group(*range(1, 15))
    )
    files, sig, key = match.group(15, 16, 17)
    hasher = hashlib.sha256(b"{")
    hasher.update(memoryview(line)[_BODY_START:])
    if hasher.hexdigest().encode("ascii") != digest:
        return None
    canonical = b"".join(
        (
            b'{"action":"',
            action,
            b'","files":[',
            _sorted_files(files),
            b'],"fingerprint":',
            fingerprint,
            b',"label":"',
            label,
            b'","name":"',
            name,
            b'","nonce":"',
            nonce,
            b'","note":"',
            note,
            b'","protocol":"',
            protocol,
            b'","reviewer":"',
            reviewer,
            b'","server":"',
            server,
            b'","time":"',
            time,
            b'","tool":"',
            tool,
            b'","uri":"',
            uri,
            b'","v":2}',
        )
    )
    signer = _text(key)
    try:
        verify_signed_by(sig.decode("ascii").replace("\\n", "\n"), canonical, signer)
    except SignatureError as exc:
        raise LineError(f"the signature does not verify: {exc}", kind="signature") from exc
    who = _text(reviewer)
    what = describe_review(
        action.decode("ascii"), _text(name), None if bare_fp is None else _text(bare_fp), who, _text(time)
    )
    return "sha256:" + digest.decode("ascii"), Checked(hashlib.sha256(canonical).hexdigest(), who, signer, what)


def _sorted_files(files: bytes) -> bytes:
    """The files ``_LINE`` matched (``{"uri":U,"digest":D,"size":S},...``) with each entry's keys sorted.

    Cut at the separators between them, not matched again: inside a string ``_TEXT`` matched, a quote
    is only ever the second byte of an escape (``\\"``), so a quote after a brace or comma is never
    inside one, and each of these separators occurs only where the layout puts it.
    """
    if not files:
        return b""
    out = []
    for entry in files[len(b'{"uri":"') : -len(b"}")].split(b'},{"uri":"'):
        uri, rest = entry.split(b'","digest":"', 1)
        digest, size = rest.split(b'","size":', 1)
        out.append(b'{"digest":"%b","size":%b,"uri":"%b"}' % (digest, size, uri))
    return b",".join(out)


def _text(value: bytes) -> str:
    """A string's value from its bytes in the line (printable ASCII and short escapes only)."""
    text = value.decode("ascii")
    return _PLAIN_DECODER.decode('"' + text + '"') if "\\" in text else text

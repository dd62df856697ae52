"""Raw bytes from a resources/read result, and the size and digest checks on them."""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass
from typing import Any

from skillscope.core.surrogates import lone_surrogate_at
from skillscope.core.textsafe import safe_line
from skillscope.protocol.values import ReadResult

__all__ = ["ReadError", "Served", "lone_surrogate_reason", "served_bytes", "sha256_digest", "normalisation_hint"]

_BOM = b"\xef\xbb\xbf"


class ReadError(ValueError):
    """The read result holds no usable content for the requested URI."""


@dataclass(frozen=True)
class Served:
    """The exact bytes a server returned for one URI, and how it sent them."""

    data: bytes
    form: str
    """``text`` or ``blob``."""
    mime_type: str | None
    meta: dict[str, Any] | None


def sha256_digest(data: bytes) -> str:
    """``sha256:`` plus the lowercase hex SHA-256 of ``data``."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def lone_surrogate_reason(code_point: int | None, offset: int) -> str:
    """Why a text holding a lone surrogate (``lone_surrogate_at``) cannot be the file its digest names."""
    if code_point is None:
        return (
            f"the text holds U+10FFFE at offset {offset}, the noncharacter that marks a lone UTF-16 surrogate on "
            "the wire; it is refused as one: it cannot match its digest"
        )
    return (
        f"the text holds a lone UTF-16 surrogate (U+{code_point:04X} at offset {offset}), which no UTF-8 bytes "
        "encode; it cannot match its digest"
    )


def served_bytes(result: ReadResult, uri: str) -> Served:
    """Take the contents item whose uri equals ``uri`` and turn it into exact bytes.

    Text is encoded as UTF-8 with nothing normalised; a blob is decoded as strict
    base64. Anything else is a ``ReadError``.
    """
    contents = result.contents
    if contents is None:
        raise ReadError("the read result has no contents array")
    if not contents:
        raise ReadError("the read result has an empty contents array")
    item = result.item(uri)
    if item is None:
        uris = [safe_line(c.uri, limit=80) for c in contents[:3] if isinstance(c.raw, dict)]
        raise ReadError(f"no contents item has the requested uri (got {', '.join(uris) or 'none'})")
    if item.has_text and item.has_blob:
        raise ReadError(
            "the contents item carries both text and blob; which one is the file is ambiguous, so neither is used"
        )
    if item.text is not None:
        lone = lone_surrogate_at(item.text)
        if lone is not None:
            # No bytes are that text (the transport marked the surrogate, or a parser left it in), so whatever any
            # encoder would make of it, nothing can match the digest, be verified or be shown.
            raise ReadError(lone_surrogate_reason(*lone))
        return Served(item.text.encode("utf-8"), "text", item.mime_type, item.meta)
    if item.blob is not None:
        try:
            data = base64.b64decode(item.blob, validate=True)
        except (binascii.Error, ValueError):
            raise ReadError("the blob is not valid base64") from None
        return Served(data, "blob", item.mime_type, item.meta)
    raise ReadError("the contents item has neither text nor blob")


def normalisation_hint(actual: bytes, expected_digest: str) -> str | None:
    """Say when the served bytes equal the listed file after a common server-side rewrite."""
    candidates = [
        (actual.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"), "the server turned CRLF line ends into LF"),
        (_BOM + actual, "the server stripped a UTF-8 byte order mark (BOM)"),
        (
            _BOM + actual.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"),
            "the server stripped a BOM and turned CRLF into LF",
        ),
        (actual.replace(b"\r\n", b"\n"), "the server turned LF line ends into CRLF"),
        (actual[3:] if actual.startswith(_BOM) else None, "the server added a UTF-8 byte order mark (BOM)"),
    ]
    for variant, hint in candidates:
        if variant is not None and variant != actual and sha256_digest(variant) == expected_digest:
            return f"The served bytes equal the listed file exactly if {hint}; it normalises on its side"
    if b"\r\n" in actual or actual.startswith(_BOM):
        return None
    return None

"""What a JavaScript or TypeScript expression stands for, read off its tree-sitter tree without running it.

A value (``Val``) carries what constants allow: its text (unknown pieces as ``\\x00``), the secret it holds
(``Taint``), the address a downloaded text came from, whether it is decoded text, which module or function
it names (``child_process.exec``), the address a request or socket object writes to, an object's fields and
an array's items. ``Values`` evaluates an expression against the names bound so far.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
import zlib
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from skillscope.audit.behavior.treesitter import text_of
from skillscope.audit.behavior.vocab import PROMPTED, prompt_name
from skillscope.core.textsafe import safe_line

if TYPE_CHECKING:  # only names node types; the binding loads with the first parse (treesitter.py)
    import tree_sitter

__all__ = [
    "Taint",
    "Val",
    "UNKNOWN",
    "merge",
    "decode_constant",
    "module_name",
    "shown",
    "Spans",
    "carried",
    "unescape",
    "with_text",
    "MAX_ALTS",
    "other_texts",
    "prompted",
]

UNKNOWN = "\x00"
"""Stands for a piece of text no constant gives (a parameter, user input) inside a resolved string."""


@dataclass(frozen=True)
class Taint:
    """A secret a value holds: what was read (``reads ~/.ssh/id_rsa``), on which line, and the variable's name."""

    what: str
    line: int
    name: str | None = None
    """The environment variable (GITHUB_TOKEN), ``.env``, or ``\\x00param:N`` for a function's N-th parameter."""
    whole: bool = False
    """The whole environment or a key file, which no host is entitled to (unlike a token sent to its provider)."""
    private: bool = False
    """A private file of the user's home on no credential list: harm only where its content is sent away."""


@dataclass
class Val:
    """What an expression stands for, as far as constants allow."""

    text: str | None = None
    taint: Taint | None = None
    fetched: str | None = None
    decoded: bool = False
    content: bool = False
    ref: str | None = None
    dest: str | None = None
    fields: dict[str, Val] | None = None
    items: list[Val] | None = None
    func: tree_sitter.Node | None = None
    path: str | None = None
    """For a write stream, the file it writes."""
    alts: tuple[str, ...] = ()
    """Other texts the value may hold beyond ``text``: a ternary's other branch, each field of an object picked by a
    key not known (``hosts[pick]``). A send is judged for every one, so a condition cannot hide a second host."""


def merge(*vals: Val | None) -> Val:
    """A value built from several (concatenation, a call's result): it carries each one's secret, download and decode."""
    out = Val()
    for val in vals:
        if val is None:
            continue
        out.taint = out.taint or val.taint or _field_taint(val)
        out.fetched = out.fetched or val.fetched
        out.decoded = out.decoded or val.decoded
        out.content = out.content or val.content
    return out


def _field_taint(val: Val, depth: int = 0) -> Taint | None:
    if depth > 6:
        return None
    for sub in [*(val.fields or {}).values(), *(val.items or [])]:
        found = sub.taint or _field_taint(sub, depth + 1)
        if found:
            return found
    return None


def carried(val: Val) -> Val:
    """``val`` with what its fields and items carry folded in (JSON.stringify of an object holding a secret)."""
    out = merge(val, *(val.fields or {}).values(), *(val.items or []))
    out.text = val.text
    return out


def shown(text: str | None, limit: int = 100) -> str:
    """A resolved text as a message shows it, unknown pieces as ``…``."""
    if text is None:
        return "a computed address"
    out = text.replace(UNKNOWN, "…")
    return out if len(out) <= limit else out[: limit - 1] + "…"


def module_name(name: str) -> str:
    """``node:fs/promises`` -> ``fs``; ``child_process`` stays."""
    name = name.removeprefix("node:")
    if name in ("fs/promises", "fs-extra", "graceful-fs"):
        return "fs"
    if name in ("node-fetch", "cross-fetch", "isomorphic-fetch"):
        return "fetch"
    if name == "dns/promises":
        return "dns"
    if name == "child-process-promise" or name == "execa":
        return "child_process" if name != "execa" else "execa"
    return name


_B64 = re.compile(r"^[A-Za-z0-9+/=_-]{8,}$")


def decode_constant(text: str, how: str) -> str | None:
    """The text a constant decodes to (``how``: base64, base64url, hex, rot13), or None when it does not decode."""
    try:
        if how in ("base64", "base64url"):
            raw = text.strip()
            if not _B64.match(raw):
                return None
            data = base64.b64decode(raw.replace("-", "+").replace("_", "/") + "=" * (-len(raw) % 4))
            try:
                data = zlib.decompress(data)
            except zlib.error:
                pass
            return data.decode("utf-8", "replace")
        if how == "hex":
            return bytes.fromhex(text.strip()).decode("utf-8", "replace")
        if how == "rot13":
            return codecs.decode(text, "rot13")
    except (binascii.Error, ValueError):
        return None
    return None


def unescape(node: tree_sitter.Node, data: bytes) -> str:
    """The value of a JavaScript string literal's pieces (fragments and escape sequences)."""
    out = []
    for child in node.children:
        if child.type == "string_fragment":
            out.append(text_of(child, data))
        elif child.type == "escape_sequence":
            raw = text_of(child, data)
            try:
                out.append(codecs.decode(raw, "unicode_escape") if raw[1:2] in "xunrtbfv0" else raw[1:])
            except UnicodeDecodeError:
                out.append(raw[1:])
    return "".join(out)


@dataclass
class Spans:
    """Character offsets of a tree's byte offsets (the region's text may hold non-ASCII letters)."""

    text: str
    data: bytes
    _table: list[int] | None = field(default=None, init=False)

    def char(self, byte: int) -> int:
        if len(self.data) == len(self.text):
            return byte
        if self._table is None:
            table, count = [], 0
            for index, char in enumerate(self.text):
                size = len(char.encode("utf-8", "surrogatepass"))
                table.extend([index] * size)
                count = index + 1
            table.append(count)
            self._table = table
        return self._table[min(byte, len(self._table) - 1)]

    def of(self, node: tree_sitter.Node) -> tuple[int, int]:
        return self.char(node.start_byte), self.char(node.end_byte)


MAX_ALTS = 8
"""Texts a value keeps beyond its first: a lookup table of many hosts keeps the first few."""


def other_texts(first: str | None, *texts: str | None) -> tuple[str, ...]:
    """The distinct known texts among ``texts`` that are not ``first``, at most ``MAX_ALTS``."""
    out: list[str] = []
    for text in texts:
        if text is not None and text != first and text not in out:
            out.append(text)
    return tuple(out[:MAX_ALTS])


def with_text(val: Val, text: str | None) -> Val:
    """A copy of ``val`` holding ``text``."""
    return replace(val, text=text)


def prompted(prompt: str | None, line: int) -> Taint:
    """What a prompt that hides its input gives: a secret named for what the prompt asks (``GitHub token``), so a
    send to that service, or to an address the user gives, reads as the user's own login."""
    said = prompt.strip() if prompt and UNKNOWN not in prompt else ""
    shown = f" ({safe_line(said, limit=40)})" if said else ""
    return Taint(f"{PROMPTED}{shown}", line, prompt_name(said))

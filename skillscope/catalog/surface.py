"""Tools, prompts, resources and templates as reviewable items: a name, the raw definition and its fingerprint."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from skillscope.core.surrogates import LONE_SURROGATE
from skillscope.core.textsafe import safe_line
from skillscope.protocol.surface import KINDS, Kind, KindListing

__all__ = [
    "KEY_FIELD",
    "MAX_DEPTH",
    "SKILL_SCHEME",
    "CanonicalError",
    "Surface",
    "SurfaceItem",
    "build_surface",
    "canonical_json",
    "definition_fingerprint",
    "is_item_name",
    "listing_key",
    "skill_file_entry",
    "split_item_name",
]

KEY_FIELD: Final[dict[Kind, str]] = {"tool": "name", "prompt": "name", "resource": "uri", "template": "uriTemplate"}
"""The field of a definition that names the item within its kind."""
SKILL_SCHEME: Final = "skill://"
MAX_DEPTH: Final = 64
"""Nesting deeper than this is refused: no honest schema needs it, and walking it costs recursion."""


class CanonicalError(ValueError):
    """A definition that has no canonical JSON form; the message says why."""


def _check(value: Any) -> None:
    """Walk ``value`` without recursion and raise ``CanonicalError`` for what canonical JSON cannot hold."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "$")]
    while stack:
        node, depth, where = stack.pop()
        if depth > MAX_DEPTH:
            raise CanonicalError(f"nested deeper than {MAX_DEPTH} levels at {safe_line(where, limit=120)}")
        if isinstance(node, str):
            _check_text(node, where)
        elif isinstance(node, float):
            if not math.isfinite(node):
                raise CanonicalError(f"the number at {safe_line(where, limit=120)} is not finite ({node!r})")
        elif isinstance(node, dict):
            for key, item in node.items():
                if not isinstance(key, str):
                    raise CanonicalError(f"a key at {safe_line(where, limit=120)} is not a string")
                _check_text(key, where)
                stack.append((item, depth + 1, f"{where}.{key}"))
        elif isinstance(node, list):
            stack.extend((item, depth + 1, f"{where}[{i}]") for i, item in enumerate(node))
        elif node is not None and not isinstance(node, (bool, int)):
            raise CanonicalError(f"the value at {safe_line(where, limit=120)} is not JSON ({type(node).__name__})")


def _check_text(text: str, where: str) -> None:
    # The transports mark a lone surrogate escape with LONE_SURROGATE; in-process values may hold the surrogate itself.
    if LONE_SURROGATE in text or not _encodes(text):
        raise CanonicalError(
            f"the text at {safe_line(where, limit=120)} holds a lone UTF-16 surrogate, which UTF-8 cannot encode"
        )


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shallow_enough(value: Any) -> bool:
    """True when no container nests past ``MAX_DEPTH`` (containers only: scalars cost nothing here)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        children = node.values() if type(node) is dict else node
        stack.extend((child, depth + 1) for child in children if type(child) in (dict, list))
    return True


def canonical_json(value: Any) -> bytes:
    """The canonical form of ``value``: JSON with sorted keys, no whitespace, characters unescaped, UTF-8.

    Numbers are written as Python's ``json`` writes them (integers as integers, other numbers
    in their shortest round-trip form).

    Raises:
        CanonicalError: the value holds a lone surrogate, a non-finite number, a non-JSON value
            or nesting past ``MAX_DEPTH``.
    """
    # The fast path lets json find what it cannot write; the slow walk then says where, for the reason.
    if type(value) in (dict, list) and not _shallow_enough(value):
        _check(value)
    try:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        data = text.encode("utf-8")
    except (ValueError, TypeError):  # UnicodeEncodeError is a ValueError
        _check(value)
        raise CanonicalError("the definition cannot be written as JSON") from None
    if LONE_SURROGATE in text:
        _check(value)
    return data


def definition_fingerprint(value: Any) -> str:
    """``sha256:`` and the hex SHA-256 of ``canonical_json(value)`` (raises ``CanonicalError`` as it does)."""
    return "sha256:" + hashlib.sha256(canonical_json(value)).hexdigest()


def split_item_name(name: str) -> tuple[str | None, Kind, str] | None:
    """``(label or None, kind, key)`` for ``[label:]kind/key``; None when ``name`` is not an item name."""
    label: str | None = None
    rest = name
    head, sep, tail = name.partition(":")
    if sep and not tail.startswith("//") and "/" not in head:
        label, rest = head, tail
    kind, slash, key = rest.partition("/")
    if not slash or not key or kind not in KINDS:
        return None
    return label, kind, key


def is_item_name(name: str) -> bool:
    """True when ``name`` spells ``[label:]tool/…``, ``prompt/…``, ``resource/…`` or ``template/…``."""
    return split_item_name(name) is not None


@dataclass(frozen=True)
class SurfaceItem:
    """One tool, prompt, static resource or resource template, exactly as the server defined it."""

    label: str
    kind: Kind
    index: int
    """Its position in the kind's listing (all pages), for items that have no usable key."""
    key: str | None
    """Its name (tools, prompts), URI (resources) or URI template (templates); None when missing."""
    definition: Any
    fingerprint: str | None
    problem: str | None = None
    """Why the item cannot be reviewed (no key, no canonical form, not an object, a repeat); None when it can."""
    skill_listing: str | None = None
    """For the item that pins what ``resources/list`` says of a listed skill's files: that skill's directory URI.

    Its key is the directory and a ``/``, its definition the files' entries (less ``size``) sorted by URI.
    """

    @property
    def name(self) -> str:
        """``<label>:<kind>/<key>``, or ``<label>:<kind>/#<index>`` when the key is unusable."""
        return f"{self.label}:{self.kind}/{self.key if self.key is not None else '#' + str(self.index)}"

    @property
    def uri(self) -> str:
        """What the ledger keeps as the item's URI: the resource URI or template, else empty."""
        return self.key or "" if self.kind in ("resource", "template") else ""

    @property
    def files(self) -> tuple[()]:
        """Items have no files: their definition is the whole content."""
        return ()

    @property
    def usable(self) -> bool:
        """True when the item can be reviewed (it has a key and a fingerprint)."""
        return self.problem is None and self.fingerprint is not None

    def placed_texts(self) -> list[tuple[str | None, str, str]]:
        """Every string a model reads as prose: the file URI it is about (None but in a skill listing), field, text.

        A skill listing's texts are each file entry's, with their paths inside that entry.
        """
        if self.skill_listing is None:
            return [(None, path, text) for path, text in _prose(self.kind, self.definition)]
        entries = self.definition if isinstance(self.definition, list) else []
        return [
            (entry["uri"], path, text)
            for entry in entries
            if isinstance(entry, dict) and isinstance(entry.get("uri"), str)
            for path, text in _prose("resource", entry)
        ]

    def texts(self) -> list[tuple[str, str]]:
        """Every string a model reads as prose, with its field path: description, title, schema descriptions.

        A resource's or template's ``name`` comes first: unlike a tool's, it is not the item's key.
        In a skill listing the path starts with the file's URI in brackets (``[skill://x/SKILL.md].description``).
        """
        return [(path if uri is None else f"[{uri}].{path}", text) for uri, path, text in self.placed_texts()]


def _prose(kind: Kind, definition: Any) -> list[tuple[str, str]]:
    """The prose of one definition: a resource's or template's name, then every description and title, walked."""
    out: list[tuple[str, str]] = []
    # A resource's or template's name is shown to the model beside its description (a tool's name is its key).
    name = definition.get("name") if isinstance(definition, dict) else None
    if kind in ("resource", "template") and isinstance(name, str):
        out.append(("name", name))
    stack: list[tuple[Any, str, int]] = [(definition, "", 0)]
    while stack:
        node, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            continue
        if isinstance(node, dict):
            for key in sorted(node, reverse=True):
                value = node[key]
                path = f"{where}.{key}" if where else key
                if isinstance(value, str) and key in ("description", "title"):
                    out.append((path, value))
                elif isinstance(value, (dict, list)):
                    stack.append((value, path, depth + 1))
        elif isinstance(node, list):
            stack.extend((value, f"{where}[{i}]", depth + 1) for i, value in reversed(list(enumerate(node))))
    return out


@dataclass
class Surface:
    """Everything a server shows beside its skills, by kind, with what the walk and the checks found."""

    label: str
    items: dict[Kind, list[SurfaceItem]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    warnings: list[str] = field(default_factory=list)
    offered: dict[Kind, bool] = field(default_factory=dict)
    complete: bool = True
    gaps: list[str] = field(default_factory=list)
    """For each list not read to its end, the sentence naming it and what was not read."""

    def all_items(self) -> list[SurfaceItem]:
        """Every item, tools first, then prompts, resources and templates, each in listing order."""
        return [item for kind in KINDS for item in self.items[kind]]

    def by_name(self, name: str) -> SurfaceItem | None:
        """The item named ``name`` (``label:kind/key``)."""
        return next((item for item in self.all_items() if item.name == name), None)


def _item(label: str, kind: Kind, index: int, raw: Any) -> SurfaceItem:
    if not isinstance(raw, dict):
        return SurfaceItem(label, kind, index, None, raw, None, f"the {kind} definition is not a JSON object")
    key = raw.get(KEY_FIELD[kind])
    usable_key = key if isinstance(key, str) and key else None
    fingerprint, problem = _fingerprint(raw)
    if usable_key is None:
        problem = problem or f"the {kind} has no {KEY_FIELD[kind]} (a non-empty string)"
    return SurfaceItem(label, kind, index, usable_key, raw, fingerprint, problem)


def _fingerprint(definition: Any) -> tuple[str | None, str | None]:
    """The definition's fingerprint, or None and why it has none."""
    try:
        return definition_fingerprint(definition), None
    except CanonicalError as exc:
        return None, f"the definition has no canonical form: {exc}"


def listing_key(directory: str) -> str:
    """The key of the item pinning a skill's files' listing: its directory URI and a ``/`` (``skill://x/``).

    No other resource can hold it: a URI spelled so lies under the directory, so it is one of the skill's files.
    """
    return directory + "/"


def skill_file_entry(raw: dict[str, Any]) -> dict[str, Any]:
    """What a skill listing pins of one file: its ``resources/list`` entry as sent, less ``size``.

    The skill's fingerprint already binds the file's bytes; pinning their size here too would
    make one edit of a file two reviews (the skill's and this item's) without a word to read.
    """
    return {key: value for key, value in raw.items() if key != "size"}


def _owner(uri: str, dirs: tuple[str, ...], named_by: Mapping[str, str]) -> str | None:
    """The listed skill ``uri`` belongs to: the one whose entry names it, else the deepest directory holding it."""
    if uri in named_by:
        return named_by[uri]
    holding = [d for d in dirs if uri.startswith(d + "/")]
    return max(holding, key=len) if holding else None


def _skill_listing(label: str, directory: str, index: int, raws: list[dict[str, Any]]) -> tuple[SurfaceItem, bool]:
    """One item for everything ``resources/list`` says of a skill's files, entries sorted by URI; True when a file
    is listed more than once."""
    entries = sorted((skill_file_entry(raw) for raw in raws), key=lambda entry: str(entry["uri"]))
    fingerprint, problem = _fingerprint(entries)
    uris = [entry["uri"] for entry in entries]
    repeated = next((uri for uri, after in zip(uris, uris[1:], strict=False) if uri == after), None)
    if repeated is not None:
        # Which of the two entries a host shows the model is unknown, so neither can be the reviewed one.
        problem = f"skill file {safe_line(repeated, limit=120)!r} is listed more than once; a repeat cannot be reviewed"
    item = SurfaceItem(
        label, "resource", index, listing_key(directory), entries, fingerprint, problem, skill_listing=directory
    )
    return item, repeated is not None


def build_surface(
    label: str, listings: Mapping[Kind, KindListing], *, skills: Iterable[tuple[str, Iterable[str]]] = ()
) -> Surface:
    """Turn raw listings into items, one at a time (a bad definition spoils only itself).

    ``skills`` holds each listed skill's directory URI and the file URIs its entry names. A
    resource that is a listed skill's file (named by its entry, or under its directory) is
    no item of its own: what ``resources/list`` says of all of one skill's files is one item,
    ``resource/<directory>/``, pinned without the files' ``size`` (the skill's fingerprint
    binds their bytes, never their listed name, title and description), and placed where
    the skill's first file is listed. A ``skill://`` resource outside every listed skill
    stays a plain item, size and all. An item whose key repeats an earlier one of its kind
    is kept, marked, and cannot be reviewed: which of the two a host would use is unknown.
    """
    surface = Surface(label)
    named_by: dict[str, str] = {}
    dirs: set[str] = set()
    for directory, files in skills:
        dirs.add(directory)
        for file_uri in files:
            named_by.setdefault(file_uri, directory)
    ordered_dirs = tuple(sorted(dirs))
    for kind, listing in listings.items():
        surface.offered[kind] = listing.offered
        surface.complete = surface.complete and listing.complete
        if listing.gap is not None:
            surface.gaps.append(listing.gap)
        surface.warnings.extend(listing.warnings)
        owned: dict[str, tuple[int, list[dict[str, Any]]]] = {}
        plain: list[tuple[int, Any]] = []
        for index, raw in enumerate(listing.items):
            uri = raw.get("uri") if kind == "resource" and isinstance(raw, dict) else None
            owner = _owner(uri, ordered_dirs, named_by) if isinstance(uri, str) else None
            if owner is None:
                plain.append((index, raw))
            else:
                owned.setdefault(owner, (index, []))[1].append(raw)
        made = [(index, _item(label, kind, index, raw)) for index, raw in plain]
        for directory, (first, raws) in owned.items():
            item, repeats = _skill_listing(label, directory, first, raws)
            if repeats:  # warned of as a repeated key is
                surface.warnings.append(f"{safe_line(item.name, limit=200)}: {item.problem}")
            made.append((first, item))
        seen: dict[str, int] = {}
        for index, item in sorted(made, key=lambda pair: pair[0]):
            if item.skill_listing is None and item.key is not None and item.key in seen:
                item = SurfaceItem(
                    label,
                    kind,
                    index,
                    None,
                    item.definition,
                    item.fingerprint,
                    f"{kind} {safe_line(item.key, limit=120)!r} is listed again (first as item "
                    f"#{seen[item.key]}); a repeat cannot be reviewed",
                )
                surface.warnings.append(f"{item.problem}")
            elif item.key is not None:
                seen[item.key] = index
            surface.items[kind].append(item)
    return surface

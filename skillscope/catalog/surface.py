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
    "skill_file_definition",
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
    skill_file: bool = False
    """A resource that is a listed skill's file: its bytes are the skill's to pin, its listed metadata is this item's."""

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

    def texts(self) -> list[tuple[str, str]]:
        """Every string a model reads as prose, with its field path: description, title, schema descriptions.

        A resource's or template's ``name`` comes first: unlike a tool's, it is not the item's key.
        """
        out: list[tuple[str, str]] = []
        # A resource's or template's name is shown to the model beside its description (a tool's name is its key).
        name = self.definition.get("name") if isinstance(self.definition, dict) else None
        if self.kind in ("resource", "template") and isinstance(name, str):
            out.append(("name", name))
        stack: list[tuple[Any, str, int]] = [(self.definition, "", 0)]
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


def _item(label: str, kind: Kind, index: int, raw: Any, *, skill_file: bool = False) -> SurfaceItem:
    if not isinstance(raw, dict):
        return SurfaceItem(label, kind, index, None, raw, None, f"the {kind} definition is not a JSON object")
    key = raw.get(KEY_FIELD[kind])
    usable_key = key if isinstance(key, str) and key else None
    try:
        fingerprint: str | None = definition_fingerprint(raw)
        problem = None
    except CanonicalError as exc:
        fingerprint, problem = None, f"the definition has no canonical form: {exc}"
    if usable_key is None:
        problem = problem or f"the {kind} has no {KEY_FIELD[kind]} (a non-empty string)"
    return SurfaceItem(label, kind, index, usable_key, raw, fingerprint, problem, skill_file)


def _is_skill_file(uri: str, skill_dirs: tuple[str, ...], skill_files: set[str]) -> bool:
    """True when ``uri`` is a file a listed skill names or lies under a listed skill's directory."""
    return uri in skill_files or any(uri.startswith(d + "/") for d in skill_dirs)


def skill_file_definition(raw: dict[str, Any]) -> dict[str, Any]:
    """What a listed skill file's item pins: its ``resources/list`` entry as sent, less ``size``.

    The skill's fingerprint already binds the file's bytes; pinning their size here too would
    make one edit of a file two reviews (the skill's and this item's) without a word to read.
    """
    return {key: value for key, value in raw.items() if key != "size"}


def build_surface(
    label: str, listings: Mapping[Kind, KindListing], *, skill_dirs: Iterable[str] = (), skill_files: Iterable[str] = ()
) -> Surface:
    """Turn raw listings into items, one at a time (a bad definition spoils only itself).

    Every resource is an item, skill files too: a listed skill's file (a file it names, or a URI
    under its directory) is marked ``skill_file`` and pinned without its ``size`` (the skill's
    fingerprint binds its bytes, never the name, title and description ``resources/list`` gives
    it). A ``skill://`` resource outside every listed skill stays a plain item, size and all.
    An item whose key repeats an earlier one of its kind is kept, marked, and cannot be
    reviewed: which of the two a host would use is unknown.
    """
    surface = Surface(label)
    dirs = tuple(sorted(set(skill_dirs)))
    files = set(skill_files)
    for kind, listing in listings.items():
        surface.offered[kind] = listing.offered
        surface.complete = surface.complete and listing.complete
        if listing.gap is not None:
            surface.gaps.append(listing.gap)
        surface.warnings.extend(listing.warnings)
        seen: dict[str, int] = {}
        for index, raw in enumerate(listing.items):
            owned = (
                kind == "resource"
                and isinstance(raw, dict)
                and isinstance(raw.get("uri"), str)
                and _is_skill_file(raw["uri"], dirs, files)
            )
            item = _item(label, kind, index, skill_file_definition(raw) if owned else raw, skill_file=owned)
            if item.key is not None and item.key in seen:
                item = SurfaceItem(
                    label,
                    kind,
                    index,
                    None,
                    item.definition,
                    item.fingerprint,
                    f"{kind} {safe_line(item.key, limit=120)!r} is listed again (first as item "
                    f"#{seen[item.key]}); a repeat cannot be reviewed",
                    owned,
                )
                surface.warnings.append(f"{item.problem}")
            elif item.key is not None:
                seen[item.key] = index
            surface.items[kind].append(item)
    return surface

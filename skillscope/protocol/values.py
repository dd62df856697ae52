"""Frozen, typed readings of skills/* results that keep the raw data and say what is missing or misshapen."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from skillscope.core.jsontypes import JSONObject
from skillscope.core.spec import DIGEST_RE, DIRECTORY_MIME, DYNAMIC, ENTRY_KEYS, ITEM_KEYS, MAX_SIZE_VALUE

__all__ = [
    "GetResult",
    "ListedFile",
    "ListedResource",
    "ReadItem",
    "ReadResult",
    "ResourcePage",
    "Size",
    "SizeProblem",
    "SkillEntry",
    "SkillsPage",
    "parse_entry",
    "parse_file",
    "parse_get",
    "parse_page",
    "parse_read",
    "parse_resource_page",
    "parse_size",
]

SizeProblem = Literal["missing", "not-a-number", "not-an-integer", "negative", "too-large"]


@dataclass(frozen=True)
class Size:
    """A ``size`` as sent: the exact byte count it denotes, or why it denotes none."""

    raw: Any
    value: int | None
    """The non-negative integer the size stands for (an integral float counts), else None."""
    problem: SizeProblem | None
    written_as_float: bool = False
    """True for an integral float such as ``41.0`` (valid, but RoomKit refuses it)."""


def parse_size(raw: Any) -> Size:
    """Read a ``size`` the one way the spec allows: a non-negative integer up to 2**53 - 1.

    ``true``/``false``, strings, non-finite and fractional numbers (``1.5``) are refused;
    an integral float (``41.0``) is accepted and flagged.
    """
    if raw is None:
        return Size(raw, None, "missing")
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return Size(raw, None, "not-a-number")
    as_float = isinstance(raw, float)
    if isinstance(raw, float) and (not math.isfinite(raw) or not raw.is_integer()):
        return Size(raw, None, "not-an-integer")
    value = int(raw)
    if value < 0:
        return Size(raw, None, "negative", as_float)
    if value > MAX_SIZE_VALUE:
        return Size(raw, None, "too-large", as_float)
    return Size(raw, value, None, as_float)


@dataclass(frozen=True)
class ListedFile:
    """One item of an entry's ``resources`` array, read once."""

    raw: Any
    position: int
    uri: str | None
    """The item's uri when it is a non-empty string."""
    digest: str | None
    """The digest when it is a string (valid or not; see ``digest_valid``)."""
    size: Size
    extra_keys: tuple[str, ...] = ()

    @property
    def digest_valid(self) -> bool:
        """The digest is ``sha256:`` and 64 lowercase hex characters."""
        return self.digest is not None and bool(DIGEST_RE.fullmatch(self.digest))


def parse_file(raw: Any, position: int) -> ListedFile:
    """Read one ``resources`` item; nothing is refused here, problems stay visible as missing values."""
    if not isinstance(raw, dict):
        return ListedFile(raw, position, None, None, Size(None, None, "missing"))
    uri = raw.get("uri")
    digest = raw.get("digest")
    return ListedFile(
        raw=raw,
        position=position,
        uri=uri if isinstance(uri, str) and uri else None,
        digest=digest if isinstance(digest, str) else None,
        size=parse_size(raw.get("size")),
        extra_keys=tuple(sorted((k for k in raw if k not in ITEM_KEYS), key=str)),
    )


@dataclass(frozen=True)
class SkillEntry:
    """One ``skills/list`` or ``skills/get`` entry, read once; ``raw`` is exactly what the server sent."""

    raw: Any
    uri: str | None
    """The uri when it is a non-empty string."""
    frontmatter: dict[str, Any] | None
    """The frontmatter when it is an object."""
    resources: tuple[ListedFile, ...] | Literal["dynamic"] | None
    """The file list, the dynamic marker, or None when ``resources`` is absent or of another shape."""
    has_resources: bool = False
    """Whether the entry carries a ``resources`` key at all."""
    extra_keys: tuple[str, ...] = ()

    @property
    def is_object(self) -> bool:
        """The entry is a JSON object."""
        return isinstance(self.raw, dict)

    @property
    def name(self) -> str | None:
        """``frontmatter.name`` when it is a string."""
        name = self.frontmatter.get("name") if self.frontmatter is not None else None
        return name if isinstance(name, str) else None

    @property
    def description(self) -> str | None:
        """``frontmatter.description`` when it is a string."""
        value = self.frontmatter.get("description") if self.frontmatter is not None else None
        return value if isinstance(value, str) else None

    @property
    def dynamic(self) -> bool:
        """The server generates this skill's content (no file list)."""
        return self.resources == DYNAMIC

    @property
    def files(self) -> tuple[ListedFile, ...] | None:
        """The listed files of a static entry."""
        return self.resources if isinstance(self.resources, tuple) else None


def parse_entry(raw: Any) -> SkillEntry:
    """Read one entry as sent; the catalog verdicts and the conformance checks both judge this reading."""
    if isinstance(raw, SkillEntry):
        return raw
    if not isinstance(raw, dict):
        return SkillEntry(raw, None, None, None)
    uri = raw.get("uri")
    front = raw.get("frontmatter")
    value = raw.get("resources")
    resources: tuple[ListedFile, ...] | Literal["dynamic"] | None
    if value == DYNAMIC:
        resources = "dynamic"
    elif isinstance(value, list):
        resources = tuple(parse_file(item, i) for i, item in enumerate(value))
    else:
        resources = None
    return SkillEntry(
        raw=raw,
        uri=uri if isinstance(uri, str) and uri else None,
        frontmatter=front if isinstance(front, dict) else None,
        resources=resources,
        has_resources="resources" in raw,
        extra_keys=tuple(sorted((k for k in raw if k not in ENTRY_KEYS), key=str)),
    )


@dataclass(frozen=True)
class SkillsPage:
    """One ``skills/list`` result."""

    raw: dict[str, Any]
    entries: tuple[SkillEntry, ...] | None
    """The entries, or None when the result has no ``skills`` array."""
    next_cursor: Any
    """``nextCursor`` as sent (a string, absent as None, or a misshapen value the walk refuses)."""
    result_type: Any
    missing_cache_fields: tuple[str, ...]
    """Which of ``ttlMs``/``cacheScope`` the result lacks (they are required on 2026-07-28)."""


def _missing_cache_fields(raw: JSONObject) -> tuple[str, ...]:
    return tuple(k for k in ("ttlMs", "cacheScope") if k not in raw)


def parse_page(raw: JSONObject) -> SkillsPage:
    """Read one ``skills/list`` result."""
    skills = raw.get("skills")
    return SkillsPage(
        raw=raw,
        entries=tuple(parse_entry(e) for e in skills) if isinstance(skills, list) else None,
        next_cursor=raw.get("nextCursor"),
        result_type=raw.get("resultType", "complete"),
        missing_cache_fields=_missing_cache_fields(raw),
    )


@dataclass(frozen=True)
class GetResult:
    """One ``skills/get`` result."""

    raw: dict[str, Any]
    skill: SkillEntry | None
    """The entry under ``skill``, or None when the result carries none."""
    result_type: Any
    missing_cache_fields: tuple[str, ...]

    @property
    def has_cursor(self) -> bool:
        """The result carries a ``nextCursor`` (it must not)."""
        return "nextCursor" in self.raw


def parse_get(raw: JSONObject) -> GetResult:
    """Read one ``skills/get`` result."""
    return GetResult(
        raw=raw,
        skill=parse_entry(raw["skill"]) if "skill" in raw else None,
        result_type=raw.get("resultType", "complete"),
        missing_cache_fields=_missing_cache_fields(raw),
    )


@dataclass(frozen=True)
class ReadItem:
    """One item of a ``resources/read`` result's ``contents``, as sent."""

    raw: Any
    uri: Any
    """The item's uri as sent (any JSON value)."""
    text: str | None
    blob: str | None
    has_text: bool
    """The item carries a ``text`` key (of any shape)."""
    has_blob: bool
    mime_type: str | None
    meta: dict[str, Any] | None


def _read_item(raw: Any) -> ReadItem:
    if not isinstance(raw, dict):
        return ReadItem(raw, None, None, None, False, False, None, None)
    text, blob, mime, meta = raw.get("text"), raw.get("blob"), raw.get("mimeType"), raw.get("_meta")
    return ReadItem(
        raw=raw,
        uri=raw.get("uri"),
        text=text if isinstance(text, str) else None,
        blob=blob if isinstance(blob, str) else None,
        has_text="text" in raw,
        has_blob="blob" in raw,
        mime_type=mime if isinstance(mime, str) else None,
        meta=meta if isinstance(meta, dict) else None,
    )


@dataclass(frozen=True)
class ReadResult:
    """One ``resources/read`` result."""

    raw: dict[str, Any]
    contents: tuple[ReadItem, ...] | None
    """The contents items, or None when the result has no ``contents`` array."""

    def item(self, uri: str) -> ReadItem | None:
        """The first contents item whose uri is exactly ``uri`` (a server may send others)."""
        return next((c for c in self.contents or () if isinstance(c.raw, dict) and c.uri == uri), None)


def parse_read(raw: JSONObject) -> ReadResult:
    """Read one ``resources/read`` result."""
    contents = raw.get("contents")
    return ReadResult(raw, tuple(_read_item(c) for c in contents) if isinstance(contents, list) else None)


@dataclass(frozen=True)
class ListedResource:
    """One item of a ``resources/list`` or ``resources/directory/read`` page, as sent."""

    raw: dict[str, Any]
    uri: str | None
    """The item's uri when it is a string, else None."""
    name: Any
    description: Any
    mime_type: Any
    meta: Any

    @property
    def is_directory(self) -> bool:
        """The server marks the item as a directory (``inode/directory``)."""
        return bool(self.mime_type == DIRECTORY_MIME)


@dataclass(frozen=True)
class ResourcePage:
    """One page of ``resources/list`` or of ``resources/directory/read``."""

    raw: dict[str, Any]
    items: tuple[ListedResource, ...] | None
    """The object items of ``resources``, or None when the result has no ``resources`` array."""
    well_formed: bool
    """``resources`` is an array whose every item is an object with a string ``uri``."""
    next_cursor: str | None
    """``nextCursor`` when it is a non-empty string, else None (the page is the last)."""


def parse_resource_page(raw: dict[str, Any]) -> ResourcePage:
    """Read one page of a resource listing or a directory read."""
    resources = raw.get("resources")
    items: tuple[ListedResource, ...] | None = None
    well_formed = False
    if isinstance(resources, list):
        items = tuple(
            ListedResource(
                r,
                r.get("uri") if isinstance(r.get("uri"), str) else None,
                r.get("name"),
                r.get("description"),
                r.get("mimeType"),
                r.get("_meta"),
            )
            for r in resources
            if isinstance(r, dict)
        )
        well_formed = len(items) == len(resources) and all(i.uri is not None for i in items)
    cursor = raw.get("nextCursor")
    return ResourcePage(raw, items, well_formed, cursor if isinstance(cursor, str) and cursor else None)

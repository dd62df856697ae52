"""Validate one ``skills/list`` or ``skills/get`` entry into a catalog entry with a verdict."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from skillscope.catalog.fingerprint import fingerprint
from skillscope.catalog.names import (
    SkillUri,
    is_reg_name,
    is_registry_path,
    is_valid_name,
    parse_skill_uri,
    registry_name,
    registry_path,
    relative_path,
)
from skillscope.core.spec import (
    DESCRIPTION_MAX,
    FRONTMATTER_MAX,
    MAX_FILES,
    MAX_TOTAL_BYTES,
    RESERVED_METADATA_PREFIX,
)
from skillscope.core.surrogates import LONE_SURROGATE
from skillscope.core.textsafe import safe_line
from skillscope.protocol.values import ListedFile, Size, SkillEntry, parse_entry

__all__ = [
    "Status",
    "FileRef",
    "CatalogWarning",
    "CatalogEntry",
    "Policy",
    "validate_entry",
]

_SURROGATE = re.compile("[\ud800-\udfff]")

Status = Literal["available", "unavailable", "malformed"]


@dataclass(frozen=True)
class FileRef:
    """One file of a static skill as its entry lists it."""

    uri: str
    digest: str
    size: int
    path: str
    """The path relative to the skill directory as the URI spells it (never percent-decoded), for display."""


@dataclass(frozen=True)
class CatalogWarning:
    """A warning about an entry or the listing that does not stop it being used: the rule it falls short of, and why.

    Not an audit finding (no severity, no place): the audit turns an entry's warnings into findings under the same rule.
    """

    rule: str
    message: str


@dataclass(frozen=True)
class Policy:
    """Host policy applied after an entry is well formed."""

    allow_dynamic: bool = False
    enforce_limits: bool = True


@dataclass
class CatalogEntry:
    """A validated entry: its verdict and everything the catalog shows without reading files."""

    label: str
    index: int
    status: Status
    rule: str | None = None
    reason: str | None = None
    uri: str | None = None
    parsed: SkillUri | None = None
    path: str | None = None
    frontmatter: dict[str, Any] | None = None
    files: tuple[FileRef, ...] | None = None
    dynamic: bool = False
    fingerprint: str | None = None
    warnings: list[CatalogWarning] = field(default_factory=list)
    raw: Any = None

    @property
    def name(self) -> str:
        """The registry name: ``label:path``, or ``label:#index`` for a malformed entry."""
        if self.status == "malformed" or self.path is None:
            return f"{self.label}:#{self.index}"
        return registry_name(self.label, self.path)

    @property
    def skill_name(self) -> str | None:
        """The frontmatter name, when the entry has a usable one."""
        name = self.frontmatter.get("name") if self.frontmatter else None
        return name if isinstance(name, str) else None

    @property
    def description(self) -> str | None:
        """The frontmatter description, when it is a string."""
        value = self.frontmatter.get("description") if self.frontmatter else None
        return value if isinstance(value, str) else None

    @property
    def directory(self) -> str | None:
        """The skill directory URI."""
        return self.parsed.directory if self.parsed else None

    @property
    def file_count(self) -> int | None:
        """How many files the entry lists (None for dynamic or malformed entries)."""
        return len(self.files) if self.files is not None else None

    @property
    def total_bytes(self) -> int | None:
        """The sum of the listed sizes (None for dynamic or malformed entries)."""
        return sum(f.size for f in self.files) if self.files is not None else None

    def as_json(self) -> dict[str, Any]:
        """The entry's verdict and manifest facts, as every JSON report carries them."""
        return {
            "name": self.name,
            "skill_name": self.skill_name,
            "path": self.path if self.status != "malformed" else None,
            "uri": self.uri,
            "status": self.status,
            "rule": self.rule,
            "reason": self.reason,
            "dynamic": self.dynamic,
            "fingerprint": self.fingerprint,
            "file_count": self.file_count,
            "total_bytes": self.total_bytes,
            "description": self.description,
        }


class _Refusal(Exception):
    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


def _invalid_unicode_at(value: Any, where: str = "the entry") -> str | None:
    """Where a string of the entry holds a lone surrogate (the transport marks each with ``LONE_SURROGATE``)."""
    if isinstance(value, str):
        return where if LONE_SURROGATE in value or _SURROGATE.search(value) else None
    if isinstance(value, dict):
        for key, inner in value.items():
            found = _invalid_unicode_at(key, f"a key of {where}") or _invalid_unicode_at(
                inner, f"{where} → {safe_line(key, limit=40)}"
            )
            if found:
                return found
    elif isinstance(value, list):
        for position, inner in enumerate(value):
            found = _invalid_unicode_at(inner, f"{where} → #{position}")
            if found:
                return found
    return None


def _may_hold_surrogate(value: Any) -> bool:
    """Whether any key or string of a decoded JSON value holds a surrogate or the transport's mark for one.

    One ``json.dumps`` (C, non-ASCII written as is) instead of a walk that builds a place name for every
    key: judging 10,000 entries spent half its time there. A value that is not plain JSON is walked.
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return True
    return LONE_SURROGATE in text or _SURROGATE.search(text) is not None


def _show(value: object) -> str:
    """Quote a server value for a reason text, safely and briefly."""
    return "'" + safe_line(value, limit=120) + "'"


def validate_entry(
    raw: Any, *, label: str, index: int, policy: Policy = Policy(), refusals: Mapping[str, str] | None = None
) -> CatalogEntry:
    """Apply the entry rules in order (first failure wins) and return the verdict.

    Args:
        raw: the entry exactly as the server sent it (decoded JSON), or its ``SkillEntry`` reading.
        label: the server's label, used for registry names.
        index: position of the entry in the de-duplicated listing.
        policy: host policy for dynamic skills and limits.
        refusals: skill path → why skillscope itself refused that skill (``Connection.own_refusals``: only its own
            in-process publishers fill this; nothing a server sends does). A well-formed entry named here is
            unavailable under SS-A5, whatever other rule it meets.

    Returns:
        A ``CatalogEntry`` whose ``status`` is malformed (an SS-E rule failed),
        unavailable (an SS-A policy refused it) or available.
    """
    read = parse_entry(raw)
    entry = CatalogEntry(label=label, index=index, status="available", raw=read.raw)
    try:
        _check_shape(read, entry)
        _check_policy(entry, policy)
    except _Refusal as refusal:
        entry.rule = refusal.rule
        entry.reason = refusal.reason
        entry.status = "unavailable" if refusal.rule.startswith("SS-A") else "malformed"
    if refusals and entry.status != "malformed" and entry.path is not None and entry.path in refusals:
        entry.status, entry.rule = "unavailable", "SS-A5"
        entry.reason = safe_line(refusals[entry.path], limit=1000)
    return entry


def _check_shape(read: SkillEntry, entry: CatalogEntry) -> None:
    raw = read.raw
    if not isinstance(raw, dict):
        raise _Refusal("SS-E1", f"Entry is not an object (got {type(raw).__name__})")
    # The usual case (no surrogate) is settled in one C pass; only then does the walk name the place.
    broken = _invalid_unicode_at(raw) if _may_hold_surrogate(raw) else None
    if broken is not None:
        if read.uri is not None and LONE_SURROGATE not in read.uri:
            entry.uri = read.uri
        raise _Refusal("SS-E19", f"Entry holds a lone UTF-16 surrogate (not valid Unicode) in {broken}")
    uri = read.uri
    if uri is None:
        raise _Refusal("SS-E2", "Entry has no uri")
    entry.uri = uri
    parsed = parse_skill_uri(uri)
    if parsed is None:
        raise _Refusal("SS-E3", f"uri {_show(uri)} does not point at a SKILL.md (<scheme>://<skill-path>/SKILL.md)")
    if any(seg in ("", ".", "..") for seg in parsed.segments):
        raise _Refusal("SS-E4", f"Skill path {_show(parsed.skill_path)} contains an empty or dot segment")
    entry.parsed = parsed
    entry.path = registry_path(parsed)

    front = read.frontmatter
    if front is None:
        raise _Refusal("SS-E5", "Entry has no frontmatter object")
    entry.frontmatter = front
    name = front.get("name")
    if not is_valid_name(name):
        raise _Refusal(
            "SS-E6",
            f"Skill name {_show(name)} breaks the naming rules (lowercase letters, digits, single hyphens, ≤ 64)",
        )
    if parsed.last_segment != name:
        raise _Refusal(
            "SS-E7", f"URI ends in {_show(parsed.last_segment)} but the frontmatter names the skill {_show(name)}"
        )
    description = read.description
    if not description:
        raise _Refusal("SS-E8", "Description missing or empty")
    if len(description) > DESCRIPTION_MAX:
        raise _Refusal("SS-E8", f"Description is {len(description)} characters, more than {DESCRIPTION_MAX}")
    try:
        front_json = json.dumps(front, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise _Refusal("SS-E9", f"Frontmatter is not plain JSON ({exc})") from None
    if len(front_json) > FRONTMATTER_MAX:
        raise _Refusal("SS-E9", f"Frontmatter is {len(front_json)} characters as JSON, more than {FRONTMATTER_MAX}")
    for key in ("allowed_tools", "requires"):
        if key in front:
            value = front[key]
            if not (isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))):
                raise _Refusal(
                    "SS-E10", f"Frontmatter field {key!r} has an unusable shape (not a string or a list of strings)"
                )

    _entry_warnings(read, entry, parsed, front)

    if not read.has_resources:
        raise _Refusal("SS-E12", "resources is missing")
    if read.dynamic:
        entry.dynamic = True
        return
    listed = read.files
    if listed is None:
        raise _Refusal("SS-E12", f'resources is neither a list nor "dynamic" (got {_show(raw["resources"])})')
    entry.files = tuple(_check_items(listed, entry, parsed))
    entry.fingerprint = fingerprint((f.uri, f.digest) for f in entry.files)


def _size_shown(size: Size) -> str:
    if size.problem == "missing":
        return "none"
    if size.problem == "negative":
        return f"{int(size.raw)}"
    if size.problem == "too-large":
        return f"a number of about {int(int(size.raw).bit_length() * 0.30103) + 1} digits"
    return _show(size.raw)


def _check_items(listed: tuple[ListedFile, ...], entry: CatalogEntry, parsed: SkillUri) -> list[FileRef]:
    files: list[FileRef] = []
    seen: set[str] = set()
    directory = parsed.directory
    for item in listed:
        uri = item.uri
        if uri is None:
            raise _Refusal("SS-E13", f"Listed file #{item.position} has no uri")
        digest = item.digest
        if digest is None or not item.digest_valid:
            shown = "none" if item.raw.get("digest") is None else _show(item.raw.get("digest"))
            raise _Refusal("SS-E14", f"File {_show(uri)} has no valid sha256 digest (got {shown})")
        size = item.size
        if size.value is None:
            raise _Refusal("SS-E15", f"File {_show(uri)} has no valid size (got {_size_shown(size)})")
        if size.written_as_float:
            entry.warnings.append(
                CatalogWarning(
                    "SS-W5", f"Size of {_show(uri)} written as a float ({size.raw!r}); RoomKit will refuse this entry"
                )
            )
        if uri != parsed.uri:
            if not uri.startswith(directory + "/"):
                raise _Refusal("SS-E16", f"File {_show(uri)} lies outside the skill's directory {_show(directory)}")
            rel = uri[len(directory) + 1 :]
            if any(seg in ("", ".", "..") for seg in rel.split("/")):
                raise _Refusal("SS-E16", f"File {_show(uri)} lies outside the skill's directory (empty or dot segment)")
        if uri in seen:
            raise _Refusal("SS-E17", f"File {_show(uri)} is listed twice")
        seen.add(uri)
        if item.extra_keys:
            entry.warnings.append(
                CatalogWarning(
                    "SS-W7",
                    f"File {_show(uri)} carries extra fields {', '.join(map(_show, item.extra_keys))}; fastmcp clients refuse this page",
                )
            )
        files.append(FileRef(uri=uri, digest=digest, size=size.value, path=relative_path(directory, uri)))
    if parsed.uri not in seen:
        raise _Refusal("SS-E18", "The file list omits the skill's own SKILL.md")
    return files


def _entry_warnings(read: SkillEntry, entry: CatalogEntry, parsed: SkillUri, front: dict[str, Any]) -> None:
    warn = entry.warnings.append
    if parsed.scheme != "skill":
        warn(
            CatalogWarning(
                "sep-2640-skill-uri-scheme", f"Served under the non-skill:// scheme {_show(parsed.scheme)} (allowed)"
            )
        )
    if not is_reg_name(parsed.authority):
        warn(
            CatalogWarning(
                "sep-2640-authority-reg-name",
                f"Authority segment {_show(parsed.authority)} is not a valid host-like name",
            )
        )
    metadata = front.get("metadata")
    if isinstance(metadata, dict):
        reserved = [k for k in metadata if isinstance(k, str) and k.startswith(RESERVED_METADATA_PREFIX)]
        if reserved:
            warn(
                CatalogWarning(
                    "sep-2640-metadata-reserved-prefix",
                    f"Uses reserved metadata keys {', '.join(map(_show, reserved))}",
                )
            )
        if not all(isinstance(v, str) for v in metadata.values()):
            warn(CatalogWarning("SS-W8", "metadata values are not all strings (Agent Skills rule)"))
    elif metadata is not None:
        warn(CatalogWarning("SS-W8", "metadata is not a map of strings (Agent Skills rule)"))
    if not front["description"].strip():
        warn(CatalogWarning("SS-W6", "Blank description; fastmcp clients refuse it"))
    if read.extra_keys:
        warn(
            CatalogWarning(
                "SS-W7",
                f"Entry carries extra fields {', '.join(map(_show, read.extra_keys))}; fastmcp clients refuse this page",
            )
        )


def _check_policy(entry: CatalogEntry, policy: Policy) -> None:
    assert entry.path is not None
    if not is_registry_path(entry.path):
        raise _Refusal(
            "SS-A4", f"Skill path {_show(entry.path)} contains characters that cannot appear in a skill name"
        )
    if entry.dynamic:
        if not policy.allow_dynamic:
            raise _Refusal(
                "SS-A1",
                "Content is generated by the server and cannot be verified; dynamic skills are turned off (--allow-dynamic)",
            )
        return
    assert entry.files is not None
    if len(entry.files) > MAX_FILES:
        if policy.enforce_limits:
            raise _Refusal("SS-A2", f"Skill lists {len(entry.files)} files, more than the {MAX_FILES} allowed")
    total = sum(f.size for f in entry.files)
    if total > MAX_TOTAL_BYTES:
        if policy.enforce_limits:
            raise _Refusal("SS-A3", f"Skill files total {total:,} bytes, more than 16 MiB ({MAX_TOTAL_BYTES:,})")

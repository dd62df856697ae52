"""Split SKILL.md frontmatter, parse it as strict YAML, and compare it field by field."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.nodes import MappingNode

from skillscope.core.spec import FRONTMATTER_MAX
from skillscope.core.strictyaml import MAX_DEPTH, BoundedLoader

__all__ = [
    "FrontmatterError",
    "KeyDifference",
    "split_frontmatter",
    "parse_frontmatter",
    "compare_frontmatter",
    "frontmatter_differences",
]


class FrontmatterError(ValueError):
    """SKILL.md has no usable frontmatter block, or the block is refused."""


class _StrictLoader(BoundedLoader):
    """The shared bounded YAML loader (``core.strictyaml``), refusing aliases and duplicate keys as well."""

    aliases = False
    refusal = FrontmatterError

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
            except TypeError:
                raise FrontmatterError(f"Unhashable YAML key at line {key_node.start_mark.line + 1}") from None
            if duplicate:
                raise FrontmatterError(f"Duplicate YAML key {key!r} at line {key_node.start_mark.line + 1}")
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def split_frontmatter(text: str) -> tuple[str, str]:
    """Split SKILL.md text into (frontmatter block, body) using the strict line rule.

    One leading U+FEFF is ignored. The first line must be exactly ``---``; the block
    ends at the next line that is ``---`` (trailing spaces, tabs and CR tolerated). The
    block keeps the line break of its last line, as a YAML document does: a final ``|``
    or ``>`` scalar with the default "clip" chomping ends in that newline.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if not lines or lines[0].rstrip("\r") != "---":
        raise FrontmatterError("SKILL.md does not start with a '---' line")
    for number in range(1, len(lines)):
        if lines[number].rstrip(" \t\r") == "---":
            block = "".join(line + "\n" for line in lines[1:number])
            body = "\n".join(lines[number + 1 :])
            return block, body
    raise FrontmatterError("SKILL.md has no closing '---' line after its frontmatter")


class _CoreLoader(_StrictLoader):
    """The same strict loader with the YAML 1.2 core schema (the npm ``yaml`` package, the TypeScript SDK).

    Only null, bool, int (decimal, ``0o``, ``0x``) and float are resolved: ``yes``, ``0777``,
    ``1_000``, ``1:20``, dates and ``<<`` stay strings, where YAML 1.1 (PyYAML) types them.
    """

    yaml_implicit_resolvers: dict[Any, Any] = {}  # PyYAML's class-level table, replaced whole

    def construct_yaml_int(self, node: Any) -> int:
        text = str(self.construct_scalar(node))
        sign, digits = (-1, text[1:]) if text.startswith("-") else (1, text.lstrip("+"))
        if digits.startswith("0o"):
            return sign * int(digits[2:], 8)
        if digits.startswith("0x"):
            return sign * int(digits[2:], 16)
        return sign * int(digits, 10)


_CoreLoader.add_constructor("tag:yaml.org,2002:int", _CoreLoader.construct_yaml_int)
for _tag, _pattern, _first in (
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    (
        "float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        list("-+.0123456789"),
    ),
):
    _CoreLoader.add_implicit_resolver(f"tag:yaml.org,2002:{_tag}", re.compile(_pattern), _first)


def parse_frontmatter(block: str, *, schema: str = "yaml-1.1") -> dict[str, Any]:
    """Parse a frontmatter block into JSON values (dates become ISO strings).

    ``schema="core"`` reads it as YAML 1.2's core schema does instead (see ``_CoreLoader``).
    Each call returns a new dict: callers may change what they get.
    """
    if len(block) > FRONTMATTER_MAX:
        raise FrontmatterError(f"Frontmatter is {len(block):,} characters, more than {FRONTMATTER_MAX:,}")
    plain: dict[str, Any] = json.loads(_parsed_json(block, schema))
    return plain


@functools.lru_cache(maxsize=32)
def _parsed_json(block: str, schema: str) -> str:
    """The block's values as JSON text, kept for the last few blocks: an audit reads each SKILL.md's frontmatter
    when it verifies the file and again when it judges what the skill grants, and YAML is the slow part.
    A block that does not parse raises each time (errors are not kept)."""
    loader = _CoreLoader if schema == "core" else _StrictLoader
    try:
        data = yaml.load(block, Loader=loader)  # a SafeLoader subclass
    except FrontmatterError:
        raise
    except yaml.YAMLError as exc:
        raise FrontmatterError(f"Frontmatter is not valid YAML: {_one_line(str(exc))}") from None
    except RecursionError:
        raise FrontmatterError(f"YAML nesting deeper than {MAX_DEPTH} levels is refused") from None
    if not isinstance(data, dict):
        raise FrontmatterError(f"Frontmatter is not a mapping (it is {type(data).__name__})")
    try:
        return json.dumps(data, default=str)
    except (TypeError, ValueError) as exc:
        raise FrontmatterError(f"Frontmatter cannot be expressed as JSON ({exc})") from None


@dataclass(frozen=True)
class KeyDifference:
    """One frontmatter key whose file value differs from the entry's."""

    key: str
    entry: Any
    file: Any
    entry_has: bool
    file_has: bool

    @property
    def yaml_typing(self) -> bool:
        """True when the values differ only as a string vs a bool/number (YAML 1.1 vs 1.2)."""
        if not (self.entry_has and self.file_has):
            return False
        kinds = {type(self.entry), type(self.file)}
        return str in kinds and bool(kinds & {bool, int, float})

    def as_json(self) -> dict[str, Any]:
        """The difference in JSON form."""
        return {
            "key": self.key,
            "entry": self.entry if self.entry_has else None,
            "file": self.file if self.file_has else None,
            "missing_in": "file" if not self.file_has else "entry" if not self.entry_has else None,
        }


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def frontmatter_differences(entry: dict[str, Any], block: str, parsed: dict[str, Any]) -> list[KeyDifference]:
    """How the entry differs from the block as read by YAML 1.1 (``parsed``); none when either reading equals it.

    Publishers read the same bytes with PyYAML (YAML 1.1) or with a YAML 1.2 core-schema parser
    (the npm ``yaml`` package, the TypeScript SDK); an entry that equals one whole reading of the
    bytes the digest pinned describes them honestly.
    """
    differences = compare_frontmatter(entry, parsed)
    if differences:
        try:
            if not compare_frontmatter(entry, parse_frontmatter(block, schema="core")):
                return []
        except FrontmatterError:
            pass
    return differences


def compare_frontmatter(entry: dict[str, Any], parsed: dict[str, Any]) -> list[KeyDifference]:
    """Compare key by key over the union of keys; a missing key is not the same as null."""
    differences = []
    for key in sorted(set(entry) | set(parsed), key=str):
        entry_has, file_has = key in entry, key in parsed
        if entry_has and file_has and _canonical(entry[key]) == _canonical(parsed[key]):
            continue
        differences.append(KeyDifference(str(key), entry.get(key), parsed.get(key), entry_has, file_has))
    return differences


def _one_line(text: str) -> str:
    return " ".join(text.split())[:300]

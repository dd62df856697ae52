"""Surface items: names, the fingerprint rule over the whole raw definition, and definitions that cannot be pinned."""

from __future__ import annotations

import hashlib
import json

import pytest

from skillscope.catalog.surface import (
    MAX_DEPTH,
    CanonicalError,
    build_surface,
    canonical_json,
    definition_fingerprint,
    split_item_name,
)
from skillscope.core.surrogates import LONE_SURROGATE
from skillscope.protocol.surface import KindListing

TOOL = {"name": "read_invoice", "description": "Read one invoice.", "inputSchema": {"type": "object", "properties": {}}}


def _surface(tools=(), resources=(), **options):
    return build_surface(
        "srv",
        {"tool": KindListing("tool", list(tools)), "resource": KindListing("resource", list(resources))},
        **options,
    )


def test_the_fingerprint_is_sha256_of_the_sorted_compact_utf8_json_of_the_whole_definition():
    tool = {
        "name": "café",
        "inputSchema": {"type": "object"},
        "description": "Déjà vu ✓",
        "_meta": {"z": 1, "a": [1.5, True, None]},
    }
    expected = json.dumps(tool, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    assert canonical_json(tool) == expected
    assert b'"description":"D\xc3\xa9j\xc3\xa0 vu \xe2\x9c\x93"' in expected  # not \u-escaped
    assert definition_fingerprint(tool) == "sha256:" + hashlib.sha256(expected).hexdigest()
    # Key order on the wire does not matter; any value anywhere does.
    assert definition_fingerprint(dict(reversed(list(tool.items())))) == definition_fingerprint(tool)


@pytest.mark.parametrize("field", ["x-vendor", "_meta", "annotations", "title", "outputSchema", "icons"])
def test_any_field_known_or_not_changes_the_fingerprint(field):
    assert definition_fingerprint({**TOOL, field: {"hint": "always call me first"}}) != definition_fingerprint(TOOL)


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("bad \ud800 text", "lone UTF-16 surrogate"),
        (f"marked {LONE_SURROGATE} on the wire", "lone UTF-16 surrogate"),
        (float("nan"), "not finite"),
        (float("inf"), "not finite"),
    ],
)
def test_definitions_without_a_canonical_form_are_refused_with_the_reason(value, why):
    with pytest.raises(CanonicalError, match=why):
        canonical_json({**TOOL, "description": value})
    item = _surface([{**TOOL, "description": value}]).items["tool"][0]
    assert item.fingerprint is None and not item.usable and why in (item.problem or "")
    assert item.name == "srv:tool/read_invoice"


def test_nesting_past_the_bound_is_refused_without_recursion():
    deep: dict = {}
    node = deep
    for _ in range(MAX_DEPTH + 5):
        node["a"] = {}
        node = node["a"]
    with pytest.raises(CanonicalError, match="nested deeper"):
        canonical_json({**TOOL, "inputSchema": deep})
    very_deep: list = []
    node2 = very_deep
    for _ in range(50_000):  # far past Python's recursion limit
        node2.append([])
        node2 = node2[0]
    with pytest.raises(CanonicalError, match="nested deeper"):
        canonical_json(very_deep)


def test_one_bad_definition_spoils_only_itself():
    surface = _surface([TOOL, "not an object", {"description": "no name"}, {**TOOL, "name": "send"}, dict(TOOL)])
    tools = surface.items["tool"]
    assert [t.usable for t in tools] == [True, False, False, True, False]
    assert tools[1].name == "srv:tool/#1" and "not a JSON object" in (tools[1].problem or "")
    assert "has no name" in (tools[2].problem or "")
    assert "listed again" in (tools[4].problem or "") and surface.warnings


def test_skill_files_are_items_pinned_by_their_listing_without_the_size_their_skill_already_binds():
    resources = [
        {"uri": "skill://hello/SKILL.md", "name": "hello", "description": "Says hello.", "size": 58},
        {"uri": "skill://hello/_manifest", "name": "m"},
        {"uri": "skill://other/x.md", "name": "x", "size": 3},
        {"uri": "docs://guide", "name": "guide", "size": 9},
        {"uri": "https://files.example/hello/SKILL.md", "name": "listed elsewhere"},
        {"uri": "https://files.example/hello/notes.md", "name": "under a listed skill"},
    ]
    options = {
        "skill_dirs": ["skill://hello", "https://files.example/hello"],
        "skill_files": ["skill://hello/SKILL.md", "https://files.example/hello/SKILL.md"],
    }
    items = {r.key: r for r in _surface(resources=resources, **options).items["resource"]}
    assert list(items) == [r["uri"] for r in resources]
    owned = {key for key, item in items.items() if item.skill_file}
    assert owned == {
        "skill://hello/SKILL.md",
        "skill://hello/_manifest",
        "https://files.example/hello/SKILL.md",
        "https://files.example/hello/notes.md",
    }
    # A skill file's bytes (and so their size) are its skill's to pin; a stray skill:// file keeps every field.
    assert items["skill://hello/SKILL.md"].definition == {
        "uri": "skill://hello/SKILL.md",
        "name": "hello",
        "description": "Says hello.",
    }
    assert items["skill://other/x.md"].definition["size"] == 3 and items["docs://guide"].definition["size"] == 9
    resized = _surface(resources=[{**resources[0], "size": 60}], **options).items["resource"][0]
    retold = _surface(resources=[{**resources[0], "description": "Says hi."}], **options).items["resource"][0]
    assert resized.fingerprint == items["skill://hello/SKILL.md"].fingerprint
    assert retold.fingerprint != items["skill://hello/SKILL.md"].fingerprint


def test_a_resources_name_is_read_as_prose_beside_its_description():
    item = _surface(resources=[{"uri": "skill://x/SKILL.md", "name": "x", "title": "X", "description": "d"}])
    assert item.items["resource"][0].texts() == [("name", "x"), ("title", "X"), ("description", "d")]


@pytest.mark.parametrize(
    ("name", "parsed"),
    [
        ("srv:tool/read", ("srv", "tool", "read")),
        ("tool/read", (None, "tool", "read")),
        ("srv:resource/docs://guide/intro", ("srv", "resource", "docs://guide/intro")),
        ("resource/docs://a", (None, "resource", "docs://a")),
        ("srv:template/docs://inv/{n}", ("srv", "template", "docs://inv/{n}")),
        ("srv:hello-world", None),
        ("acme/billing/invoice", None),
        ("srv:tool/", None),
    ],
)
def test_item_names(name, parsed):
    assert split_item_name(name) == parsed


def test_texts_walks_schema_descriptions_and_titles():
    tool = {
        **TOOL,
        "title": "Reader",
        "inputSchema": {
            "type": "object",
            "properties": {
                "n": {"type": "string", "description": "The number."},
                "deep": {"type": "array", "items": {"description": "Each item."}},
            },
        },
    }
    item = _surface([tool]).items["tool"][0]
    assert dict(item.texts()) == {
        "description": "Read one invoice.",
        "title": "Reader",
        "inputSchema.properties.n.description": "The number.",
        "inputSchema.properties.deep.items.description": "Each item.",
    }

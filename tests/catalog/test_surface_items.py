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


def test_a_skills_files_listing_is_one_item_pinned_without_the_size_their_skill_already_binds():
    resources = [
        {"uri": "skill://hello/SKILL.md", "name": "hello", "description": "Says hello.", "size": 58},
        {"uri": "docs://guide", "name": "guide", "size": 9},
        {"uri": "skill://hello/_manifest", "name": "m"},
        {"uri": "skill://other/x.md", "name": "x", "size": 3},
        {"uri": "https://files.example/hello/SKILL.md", "name": "listed elsewhere"},
        {"uri": "https://files.example/hello/notes.md", "name": "under a listed skill"},
        {"uri": "https://mirror.example/hello-extra.md", "name": "named by the entry, stored elsewhere"},
    ]
    skills = [
        ("skill://hello", ["skill://hello/SKILL.md"]),
        (
            "https://files.example/hello",
            ["https://files.example/hello/SKILL.md", "https://mirror.example/hello-extra.md"],
        ),
    ]
    items = {r.key: r for r in _surface(resources=resources, skills=skills).items["resource"]}
    # One item per listed skill, where its first file is listed; strays and other resources one item each.
    assert list(items) == ["skill://hello/", "docs://guide", "skill://other/x.md", "https://files.example/hello/"]
    assert {key: item.skill_listing for key, item in items.items() if item.skill_listing} == {
        "skill://hello/": "skill://hello",
        "https://files.example/hello/": "https://files.example/hello",
    }
    # Every file's entry, sorted by URI, less its size (the skill's fingerprint binds the bytes).
    assert items["skill://hello/"].definition == [
        {"uri": "skill://hello/SKILL.md", "name": "hello", "description": "Says hello."},
        {"uri": "skill://hello/_manifest", "name": "m"},
    ]
    assert [e["uri"] for e in items["https://files.example/hello/"].definition] == [
        "https://files.example/hello/SKILL.md",
        "https://files.example/hello/notes.md",
        "https://mirror.example/hello-extra.md",
    ]
    # A stray skill:// file keeps every field.
    assert items["skill://other/x.md"].definition["size"] == 3 and items["docs://guide"].definition["size"] == 9
    listing = items["skill://hello/"]

    def again(first):
        return _surface(resources=[first, resources[2]], skills=skills).items["resource"][0]

    assert again({**resources[0], "size": 60}).fingerprint == listing.fingerprint
    assert again({**resources[0], "description": "Says hi."}).fingerprint != listing.fingerprint
    # The server's order of files is not content: the same entries listed the other way round pin the same.
    swapped = _surface(resources=[resources[2], resources[0]], skills=skills).items["resource"][0]
    assert swapped.fingerprint == listing.fingerprint


def test_a_file_listed_twice_spoils_its_skills_listing_item():
    twice = [
        {"uri": "skill://hello/SKILL.md", "description": "a"},
        {"uri": "skill://hello/SKILL.md", "description": "b"},
    ]
    surface = _surface(resources=twice, skills=[("skill://hello", ["skill://hello/SKILL.md"])])
    (item,) = surface.items["resource"]
    assert item.name == "srv:resource/skill://hello/" and not item.usable
    assert "'skill://hello/SKILL.md' is listed more than once" in (item.problem or "")
    assert any("listed more than once" in warning for warning in surface.warnings)


def test_a_resources_name_is_read_as_prose_beside_its_description():
    item = _surface(resources=[{"uri": "skill://x/SKILL.md", "name": "x", "title": "X", "description": "d"}])
    assert item.items["resource"][0].texts() == [("name", "x"), ("title", "X"), ("description", "d")]


def test_a_skill_listings_texts_name_the_file_they_are_about():
    resources = [
        {"uri": "skill://x/b.md", "name": "b", "description": "B."},
        {"uri": "skill://x/SKILL.md", "name": "x", "title": "X"},
    ]
    (item,) = _surface(resources=resources, skills=[("skill://x", [])]).items["resource"]
    assert item.placed_texts() == [
        ("skill://x/SKILL.md", "name", "x"),
        ("skill://x/SKILL.md", "title", "X"),
        ("skill://x/b.md", "name", "b"),
        ("skill://x/b.md", "description", "B."),
    ]
    assert item.texts()[-1] == ("[skill://x/b.md].description", "B.")


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
        ("srv:resource/skill://hello-world/", ("srv", "resource", "skill://hello-world/")),
        ("resource/skill://acme/billing/", (None, "resource", "skill://acme/billing/")),
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

"""The one reading of a skills entry, and the catalog and the conformance checks agreeing through it."""

from __future__ import annotations

import dataclasses

import pytest

from skillscope.audit.conformance import SuiteChecks, entry_checks, get_checks
from skillscope.catalog.entry import validate_entry
from skillscope.core.spec import MODERN
from skillscope.protocol.values import (
    parse_entry,
    parse_get,
    parse_page,
    parse_read,
    parse_resource_page,
    parse_size,
)

URI = "skill://pdf-processing/SKILL.md"
D1 = "sha256:" + "a" * 64


def entry_with_size(size):
    return {
        "uri": URI,
        "frontmatter": {"name": "pdf-processing", "description": "Extract text from PDFs."},
        "resources": [{"uri": URI, "digest": D1, "size": size}],
    }


# The spec (SS-E15, SS-W5): a size is a non-negative integer; an integral float is accepted with a
# warning; booleans, strings, fractions and values JSON cannot carry exactly are refused.
SIZES = [
    (148, True),
    (41.0, True),
    (0, True),
    (2**53 - 1, True),
    (1.5, False),
    (-1, False),
    (-1.0, False),
    (True, False),
    ("148", False),
    (None, False),
    (float("inf"), False),
    (float("nan"), False),
    (2**53, False),
]


@pytest.mark.parametrize(("size", "valid"), SIZES, ids=[repr(s) for s, _ in SIZES])
def test_catalog_listing_checks_and_get_checks_judge_a_size_alike(size, valid):
    raw = entry_with_size(size)
    verdict = validate_entry(raw, label="srv", index=0)
    # The largest valid size is well formed but over the 16 MiB limit (SS-A3), so judge the shape only.
    assert (verdict.status != "malformed") is valid, verdict.reason
    if not valid:
        assert verdict.rule == "SS-E15"

    listed = SuiteChecks("srv")
    entry_checks(listed, [raw], "srv")
    assert (listed.outcomes["sep-2640-resources-size-required"].status == "pass") is valid

    got = SuiteChecks("srv")
    get_checks(got, URI, URI, MODERN, parse_get({"skill": raw, "ttlMs": 0, "cacheScope": "private"}), None)
    assert (got.outcomes["sep-2640-skills-get-entry-shape"].status == "pass") is valid


def test_a_fractional_size_is_refused_by_every_judge():
    """The bug: skills/get's shape check let 1.5 through while the catalog called the entry malformed."""
    raw = entry_with_size(1.5)
    assert validate_entry(raw, label="srv", index=0).reason == f"File '{URI}' has no valid size (got '1.5')"
    checks = SuiteChecks("srv")
    get_checks(checks, URI, URI, MODERN, parse_get({"skill": raw, "ttlMs": 0, "cacheScope": "private"}), None)
    assert checks.outcomes["sep-2640-skills-get-entry-shape"].status == "fail"


def test_an_integral_float_size_counts_as_its_integer_and_is_flagged():
    reading = parse_size(41.0)
    assert reading.value == 41 and reading.problem is None and reading.written_as_float
    verdict = validate_entry(entry_with_size(41.0), label="srv", index=0)
    assert verdict.files[0].size == 41 and isinstance(verdict.files[0].size, int)
    assert [w.rule for w in verdict.warnings] == ["SS-W5"]


def test_the_reading_keeps_the_raw_entry_and_says_what_is_misshapen():
    raw = {
        "uri": "",
        "frontmatter": "nope",
        "resources": [{"uri": URI, "digest": "md5:x", "size": "3", "mode": 7}],
        "x": 1,
    }
    entry = parse_entry(raw)
    assert entry.raw is raw
    assert entry.uri is None and entry.frontmatter is None and entry.name is None
    assert entry.extra_keys == ("x",)
    (item,) = entry.files
    assert item.uri == URI and item.digest == "md5:x" and not item.digest_valid
    assert item.size.problem == "not-a-number" and item.size.raw == "3"
    assert item.extra_keys == ("mode",)
    assert parse_entry("just text").raw == "just text" and parse_entry("just text").resources is None


def test_dynamic_and_absent_resources_read_apart():
    dynamic = parse_entry({"uri": URI, "resources": "dynamic"})
    assert dynamic.dynamic and dynamic.files is None and dynamic.has_resources
    absent = parse_entry({"uri": URI})
    assert not absent.dynamic and absent.resources is None and not absent.has_resources


def test_readings_are_frozen():
    entry = parse_entry(entry_with_size(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.uri = "skill://other/SKILL.md"  # type: ignore[misc]


def test_a_page_reads_its_entries_cursor_and_cache_fields():
    page = parse_page({"skills": [entry_with_size(1), 7], "nextCursor": "c2", "ttlMs": 0})
    assert [e.uri for e in page.entries] == [URI, None]
    assert page.next_cursor == "c2" and page.missing_cache_fields == ("cacheScope",)
    assert parse_page({"nextCursor": 3}).entries is None


def test_a_get_result_reads_its_skill():
    got = parse_get({"skill": entry_with_size(1), "nextCursor": "x"})
    assert got.skill is not None and got.skill.uri == URI and got.has_cursor
    assert parse_get({}).skill is None


@pytest.mark.anyio
async def test_a_listed_page_arrives_read_with_its_raw_entries():
    from skillscope.protocol.connection import connect
    from skillscope.protocol.target import Target
    from tests.fixtures.samples import samples_server

    async with connect(Target(kind="inprocess", label="t", server=samples_server())) as conn:
        page = await conn.list_page(None)
    assert page.entries, "the sample server lists skills"
    for entry in page.entries:
        assert isinstance(entry.raw, dict) and entry.uri == entry.raw["uri"]
        assert entry.files is not None and all(f.digest_valid and f.size.value is not None for f in entry.files)
    assert page.raw["skills"][0] is page.entries[0].raw


def test_a_read_result_finds_the_item_for_its_uri_and_keeps_shapes_visible():
    read = parse_read(
        {
            "contents": [
                {"uri": "skill://x/other", "text": "no"},
                5,
                {"uri": URI, "blob": "eWVz", "text": None, "mimeType": 3, "_meta": {"a.b/c": 1}},
            ]
        }
    )
    item = read.item(URI)
    assert item is not None and item.blob == "eWVz" and item.text is None
    assert item.has_text and item.has_blob and item.mime_type is None and item.meta == {"a.b/c": 1}
    assert read.contents[1].raw == 5 and read.item("skill://nowhere") is None
    assert parse_read({"contents": {}}).contents is None


@pytest.mark.anyio
async def test_get_and_read_arrive_read_over_the_wire():
    from skillscope.protocol.connection import connect
    from skillscope.protocol.target import Target
    from tests.fixtures.samples import samples_server

    async with connect(Target(kind="inprocess", label="t", server=samples_server())) as conn:
        first = (await conn.list_page(None)).entries[0]
        got = await conn.get_skill(first.uri)
        read = await conn.read_resource(first.uri)
    assert got.skill is not None and got.skill.uri == first.uri and not got.has_cursor
    item = read.item(first.uri)
    assert item is not None and item.text is not None and item.text.startswith("---")


def test_a_resource_page_reads_items_cursor_and_whether_it_is_well_formed():
    page = parse_resource_page(
        {
            "resources": [
                {"uri": "skill://x/a.md", "mimeType": "text/markdown", "name": "a"},
                {"uri": "skill://x/sub", "mimeType": "inode/directory"},
            ],
            "nextCursor": "2",
        }
    )
    assert page.well_formed and page.next_cursor == "2"
    assert [(i.uri, i.is_directory, i.name) for i in page.items] == [
        ("skill://x/a.md", False, "a"),
        ("skill://x/sub", True, None),
    ]
    # A non-object item or a uri that is not a string spoils the shape; the object items stay readable.
    odd = parse_resource_page({"resources": [5, {"uri": 7}, {"uri": "skill://x/b"}], "nextCursor": ""})
    assert not odd.well_formed and [i.uri for i in odd.items] == [None, "skill://x/b"] and odd.next_cursor is None
    assert parse_resource_page({"resources": {}}).items is None and not parse_resource_page({}).well_formed


@pytest.mark.anyio
async def test_resource_listings_and_directory_reads_arrive_read_over_the_wire():
    from skillscope.core.errors import MethodError
    from skillscope.protocol.connection import connect
    from skillscope.protocol.target import Target
    from tests.fixtures.hostile import build_scenario

    async with connect(Target(kind="inprocess", label="t", server=build_scenario("hidden-in-subdirectory"))) as conn:
        listed = await conn.list_resources()
        root = await conn.read_directory("skill://pdf-processing")
        subdirs = [c.uri for c in root.items if c.is_directory]
        inner = await conn.read_directory("skill://pdf-processing/references")
        with pytest.raises(MethodError) as refused:
            await conn.read_directory("skill://pdf-processing/SKILL.md")
    assert listed.well_formed and any(i.uri == "skill://pdf-processing/SKILL.md" for i in listed.items)
    assert root.well_formed and "skill://pdf-processing/references" in subdirs
    assert "skill://pdf-processing/references/notes.sh" in [c.uri for c in inner.items]
    assert refused.value.code == -32602

"""Frontmatter: strict line split, strict YAML, and field-by-field comparison."""

from __future__ import annotations

import pytest

from skillscope.verify.frontmatter import FrontmatterError, compare_frontmatter, parse_frontmatter, split_frontmatter


def test_split_plain():
    block, body = split_frontmatter("---\nname: a\n---\nbody\n")
    assert block == "name: a\n" and body == "body\n"


def test_split_tolerates_bom_crlf_and_trailing_space_on_closing_line():
    block, body = split_frontmatter("\ufeff---\r\nname: a\r\n---  \r\nbody")
    assert parse_frontmatter(block) == {"name": "a"}
    assert body == "body"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("name: a\n---\n", "does not start with a '---' line"),
        ("--- \nname: a\n---\n", "does not start"),
        ("----\nname: a\n----\n", "does not start"),
        ("---\nname: a\n", "no closing '---' line"),
        ("---\nname: a\n--- x\n", "no closing"),
    ],
)
def test_split_refuses(text, words):
    with pytest.raises(FrontmatterError, match=words):
        split_frontmatter(text)


def test_aliases_are_refused_before_expansion():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b]\n"
    with pytest.raises(FrontmatterError, match="aliases are refused"):
        parse_frontmatter(bomb)


def test_merge_keys_need_aliases_and_are_refused():
    with pytest.raises(FrontmatterError, match="aliases"):
        parse_frontmatter("base: &b {x: 1}\nname:\n  <<: *b\n")


def test_duplicate_keys_are_refused():
    with pytest.raises(FrontmatterError, match="Duplicate YAML key 'name' at line 2"):
        parse_frontmatter("name: a\nname: b\n")


def test_duplicate_keys_in_nested_maps_are_refused():
    with pytest.raises(FrontmatterError, match="Duplicate"):
        parse_frontmatter("metadata:\n  k: 1\n  k: 2\n")


def test_deep_nesting_is_refused():
    with pytest.raises(FrontmatterError, match="deeper than 64"):
        parse_frontmatter("a: " + "[" * 80 + "]" * 80)


def test_oversized_block_is_refused():
    with pytest.raises(FrontmatterError, match="more than 65,536"):
        parse_frontmatter("d: " + "x" * 70_000)


@pytest.mark.parametrize("block", ["- a\n- b", "just text", "", "42"])
def test_non_mapping_is_refused(block):
    with pytest.raises(FrontmatterError, match="not a mapping"):
        parse_frontmatter(block)


def test_invalid_yaml_is_refused_with_a_message():
    with pytest.raises(FrontmatterError, match="not valid YAML"):
        parse_frontmatter("name: [unclosed")


def test_python_tags_are_refused_by_the_safe_loader():
    with pytest.raises(FrontmatterError, match="not valid YAML"):
        parse_frontmatter("name: !!python/object/apply:os.system ['echo hi']")


def test_yaml_11_typing_and_dates_follow_pyyaml():
    parsed = parse_frontmatter("a: yes\nb: 017\nc: 1e3\nd: 2024-01-02\ne: on\n")
    assert parsed == {"a": True, "b": 15, "c": "1e3", "d": "2024-01-02", "e": True}


def test_compare_equal_regardless_of_key_order_and_quoting():
    parsed = parse_frontmatter("description: 'Says hello.'\nname: \"hello-world\"\nmetadata: {b: '2', a: '1'}")
    entry = {"name": "hello-world", "description": "Says hello.", "metadata": {"a": "1", "b": "2"}}
    assert compare_frontmatter(entry, parsed) == []


def test_compare_reports_each_differing_key():
    entry = {"name": "x", "description": "Listed text", "license": "MIT"}
    parsed = {"name": "x", "description": "Served text", "extra": None}
    diffs = {d.key: d for d in compare_frontmatter(entry, parsed)}
    assert set(diffs) == {"description", "license", "extra"}
    assert diffs["license"].file_has is False
    assert diffs["extra"].entry_has is False and diffs["extra"].file is None


def test_missing_key_is_not_null_and_int_is_not_float():
    assert [d.key for d in compare_frontmatter({"a": None}, {})] == ["a"]
    assert [d.key for d in compare_frontmatter({"n": 1}, {"n": 1.0})] == ["n"]


def test_yaml_typing_is_recognised():
    (diff,) = compare_frontmatter({"flag": "yes"}, parse_frontmatter("flag: yes"))
    assert diff.yaml_typing


def test_each_parse_of_the_same_block_is_a_new_value_and_a_refusal_is_never_remembered():
    """The parsed values of recent blocks are kept (an audit reads each SKILL.md's frontmatter twice): a caller that
    changes what it got must not change what the next caller reads, and a refused block stays refused."""
    block = "name: demo\nallowed-tools: [Read, Grep]\nmetadata:\n  team: docs\n"
    first = parse_frontmatter(block)
    first["name"] = "changed"
    first["allowed-tools"].append("Bash(*)")
    first["metadata"]["team"] = "changed"
    assert parse_frontmatter(block) == {"name": "demo", "allowed-tools": ["Read", "Grep"], "metadata": {"team": "docs"}}
    for _ in range(2):
        with pytest.raises(FrontmatterError, match="duplicate|Duplicate"):
            parse_frontmatter("name: a\nname: b\n")

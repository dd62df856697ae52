"""Frontmatter is read exactly as YAML reads it: a differential test against PyYAML, and honest publishers verify."""

from __future__ import annotations

import json
import operator
import re
import string
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillscope.verify.frontmatter import frontmatter_differences, parse_frontmatter, split_frontmatter

INTEROP_SKILLS = Path(__file__).resolve().parents[1] / "interop" / "skills"


def reference(text: str) -> Any:
    """What a PyYAML publisher reads: the lines between the markers, each with its own line break, as one document."""
    match = re.match(r"\A\ufeff?---\r?\n(.*?)^---[ \t]*\r?$", text, re.DOTALL | re.MULTILINE)
    assert match is not None
    return json.loads(json.dumps(yaml.safe_load(match.group(1)), default=str))


def ours(text: str) -> dict[str, Any]:
    block, _ = split_frontmatter(text)
    return parse_frontmatter(block)


def outcome(read: Any, text: str) -> Any:
    """The value read, or "refused" when the text is not YAML (both must refuse the same texts)."""
    try:
        return read(text)
    except (yaml.YAMLError, ValueError):  # FrontmatterError is a ValueError
        return "refused"


# A letter, then up to 8 letters or digits: the language of [A-Za-z][A-Za-z0-9]{0,8}, drawn a few times
# faster than st.from_regex draws it.
_word = st.builds(
    operator.add, st.sampled_from(string.ascii_letters), st.text(string.ascii_letters + string.digits, max_size=8)
)
_words = st.lists(_word, min_size=1, max_size=5).map(" ".join)


@st.composite
def _block_scalar(draw: Any) -> str:
    header = draw(st.sampled_from(["|", ">", "|-", ">-", "|+", ">+", "|2", ">2", "|-2", ">+2"]))
    lines = draw(st.lists(st.one_of(_words, st.just(""), _words.map(lambda w: "  " + w)), min_size=1, max_size=6))
    if not lines[0].strip():
        lines[0] = draw(_words)  # a leading blank or more-indented line needs an explicit indentation indicator
    trailing = draw(st.integers(0, 2))
    return header + "\n" + "".join(f"  {line}\n" if line else "\n" for line in lines) + "\n" * trailing


def _quoted(text: str, style: str) -> str:
    return json.dumps(text) if style == '"' else "'" + text.replace("'", "''") + "'"


_value = st.one_of(
    _words,  # plain
    st.tuples(_words, _words).map(lambda p: f"{p[0]}\n  {p[1]}\n"),  # multi-line plain
    st.tuples(
        st.text(st.characters(min_codepoint=1, max_codepoint=0x3FF), max_size=20), st.sampled_from(['"', "'"])
    ).map(lambda p: _quoted(*p)),  # quoted, with escapes
    _block_scalar(),
    st.lists(_words, min_size=1, max_size=3).map(lambda items: "\n" + "".join(f"  - {i}\n" for i in items)),
    st.dictionaries(_word, _words, min_size=1, max_size=3).map(
        lambda d: "\n" + "".join(f"  {k}: {v}\n" for k, v in d.items())
    ),  # nested map
    st.sampled_from(["yes", "0777", "1_000", "2024-01-02", "~", "true", "3.5", "[a, b]", "{a: 1}"]),
)


@st.composite
def skill_md(draw: Any) -> str:
    keys = draw(st.lists(_word.map(lambda w: "k" + w), min_size=1, max_size=5, unique=True))
    body = ""
    for key in keys:
        value = draw(_value)
        body += f"{key}: {value}" if value.startswith("\n") else f"{key}: {value}"
        if not body.endswith("\n"):
            body += "\n"
    text = "---\n" + body.rstrip("\n") + "\n" * (1 + body.endswith("\n\n")) + "---\nThe instructions.\n"
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(skill_md())
def test_every_generated_frontmatter_reads_as_pyyaml_reads_it(text):
    assert outcome(ours, text) == outcome(reference, text)


def _variants(text: str) -> list[str]:
    """A real SKILL.md as published, and with its description rewritten in each block style, CRLF and a BOM."""
    block, body = split_frontmatter(text)
    description = yaml.safe_load(block).get("description", "text")
    rest = "".join(line + "\n" for line in block.splitlines() if not line.startswith("description:"))
    out = [text]
    for header in ("|", ">", "|-", ">+", "|+"):
        folded = "".join(f"  {part}\n" for part in str(description).split(". "))
        out.append(f"---\n{rest}description: {header}\n{folded}---\n{body}")
        out.append(f"---\ndescription: {header}\n{folded}{rest}---\n{body}")
    out += [t.replace("\n", "\r\n") for t in out] + ["\ufeff" + t for t in out]
    return out


@pytest.mark.parametrize("path", sorted(INTEROP_SKILLS.glob("*/SKILL.md")), ids=lambda p: p.parent.name)
def test_real_published_skill_md_files_read_as_pyyaml_reads_them(path):
    text = path.read_bytes().decode("utf-8")
    for variant in _variants(text):
        assert ours(variant) == reference(variant)


@pytest.mark.parametrize(
    ("header", "value"),
    [
        (">", "folded text\n"),
        ("|", "folded\ntext\n"),
        (">-", "folded text"),
        ("|+", "folded\ntext\n\n"),
    ],
)
def test_a_final_block_scalar_keeps_what_its_chomping_says(header, value):
    text = f"---\nname: a\ndescription: {header}\n  folded\n  text\n\n---\nbody\n"
    assert ours(text)["description"] == value


def test_an_entry_matches_either_yaml_reading_of_the_bytes_but_a_changed_value_still_differs():
    block, _ = split_frontmatter("---\nname: a\ndescription: >\n  d\nmode: 0777\nlive: yes\nsince: 2024-01-02\n---\n")
    parsed = parse_frontmatter(block)
    pyyaml_entry = {"name": "a", "description": "d\n", "mode": 511, "live": True, "since": "2024-01-02"}
    core_entry = {
        "name": "a",
        "description": "d\n",
        "mode": 777,
        "live": "yes",
        "since": "2024-01-02",
    }  # the npm yaml / TS SDK
    assert frontmatter_differences(pyyaml_entry, block, parsed) == []
    assert frontmatter_differences(core_entry, block, parsed) == []
    mixed = {**pyyaml_entry, "live": "yes"}  # no one reading gives both 511 and "yes"
    assert [d.key for d in frontmatter_differences(mixed, block, parsed)] == ["live"]
    tampered = {**pyyaml_entry, "description": "d"}
    assert [d.key for d in frontmatter_differences(tampered, block, parsed)] == ["description"]

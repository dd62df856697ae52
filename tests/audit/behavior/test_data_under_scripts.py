"""Data, schemas and markup under scripts/ are not programs: no capability and no shell finding comes from them."""

from __future__ import annotations

import pytest

from skillscope.audit.behavior.engine import SkillFileText, analyse_skill

XSD = '<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n  <xs:element name="total"/>\n</xs:schema>\n'
CSV = "homepage,name,total\nhttps://www.example.com,rm -rf ~,3\n"


@pytest.mark.parametrize(("path", "text"), [("scripts/schema.xsd", XSD), ("scripts/prices.csv", CSV)])
def test_a_data_file_under_scripts_gives_no_capability_and_no_finding(path, text):
    analysis = analyse_skill([SkillFileText(path, text)], {})
    assert analysis.capabilities == []
    assert [hit.id for _, hit in analysis.hits if hit.severity in (None, "warning", "error")] == []


def test_an_extensionless_script_under_scripts_is_still_read_as_shell():
    # The twin: a program with no suffix is what the shell runs, so its delete of home is still found.
    analysis = analyse_skill([SkillFileText("scripts/cleanup", 'rm -rf "$HOME"\n')], {})
    assert any(cap.kind == "destroys" for cap in analysis.capabilities)
    assert any(hit.id == "skillscope/permissions/destructive" for _, hit in analysis.hits)


def test_a_file_named_in_a_page_is_a_mention_not_a_run():
    page = "---\nname: tidy-repo\ndescription: Keeps a repository tidy.\n---\n# Tidy\n\nSee `.gitignore`. Then run `make test`.\n"
    analysis = analyse_skill([SkillFileText("SKILL.md", page), SkillFileText(".gitignore", "*.log\n")], {})
    # `make test` runs make; `.gitignore` only names a file of the skill.
    assert [(c.kind, c.target) for c in analysis.capabilities] == [("executes", "make")]

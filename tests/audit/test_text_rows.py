"""The text report's rows: URL notes collapse per host, taken from the finding's typed host."""

from __future__ import annotations

from skillscope.audit.reports import finding_rows
from skillscope.audit.run.results import ServerAudit, finding
from skillscope.audit.text_scan import scan_text


def url_findings(text: str, uri: str) -> list:
    audit = ServerAudit(label="docs", target="stdio:x")
    return [
        finding(audit, hit, f"docs:s: {hit.message}", skill="docs:s", uri=uri)
        for hit in scan_text(text, "SKILL.md", markdown=True)
        if hit.id == "skillscope/url"
    ]


def test_url_notes_collapse_to_one_row_per_host_whatever_the_message_says():
    found = url_findings("see https://Docs.Example.com/a and https://docs.example.com/b", "skill://s/SKILL.md")
    found += url_findings("and www.other.example.org/x", "skill://s/ref.md")
    assert [f.host for f in found] == ["docs.example.com", "docs.example.com", "www.other.example.org"]
    # A message worded for people is not parsed back: the rows come from the host field alone.
    found = [type(f)(**{**f.__dict__, "message": "reworded"}) for f in found]
    rows = [message for _, _, message in finding_rows(found, "note")]
    assert sorted(rows) == [
        "1 URL(s) to www.other.example.org in 1 file(s)",
        "2 URL(s) to docs.example.com in 1 file(s)",
    ]


def test_a_hidden_character_in_a_host_is_shown_escaped_once():
    found = url_findings("https://ex\u200bample.com/login", "skill://s/SKILL.md")
    (row,) = [message for _, _, message in finding_rows(found, "note")]
    assert row == "1 URL(s) to ex\\u200bample.com in 1 file(s)"

"""The Markdown report (for pull requests): server text only inside code spans, and a bounded size."""

from __future__ import annotations

from markdown_it import MarkdownIt

from tests.cli.conftest import run_cli, stdio
from tests.fixtures.hostile import PR_COMMENT_BAITS

MARKDOWN_LIMIT = 60_000


def _rendered_outside_code(markdown: str) -> list[str]:
    """Every piece of text a Markdown renderer would show as prose, a link or raw HTML."""
    md = MarkdownIt("commonmark").enable("table")
    out: list[str] = []
    for token in md.parse(markdown):
        if token.type in ("html_block", "html_inline"):
            out.append(token.content)
        for child in token.children or []:
            if child.type in ("text", "html_inline") or child.type.startswith("link"):
                out.append(child.content + str(child.attrs))
    return out


def test_server_text_never_renders_outside_a_code_span(tmp_path):
    report = tmp_path / "audit.md"
    done = run_cli("audit", "--format", "markdown", "-o", str(report), "--fail-on", "never", *stdio("pr-comment"))
    assert done.code == 0, done.err
    text = report.read_text()
    assert "evil.example" in text and "@octocat" in text  # the findings are reported...
    prose = " ".join(_rendered_outside_code(text))
    for bait in PR_COMMENT_BAITS:  # ...but only ever as code
        assert bait not in prose, bait


def test_many_notes_are_summarised_by_host_not_listed(tmp_path):
    report = tmp_path / "audit.md"
    done = run_cli("audit", "--format", "markdown", "-o", str(report), "--fail-on", "never", *stdio("many-links"))
    assert done.code == 0, done.err
    text = report.read_text()
    assert len(text) < 5_000 and "Shortened" not in text
    assert "1500 links to 1 host (evil.example 1500)" in text
    assert "1501 note(s) left out" in text and "--notes all" in text  # the links and the skill's review note
    assert "/m1499" not in text  # no note is listed one by one


def test_a_long_report_is_shortened_between_findings_and_says_what_it_left_out(tmp_path):
    report = tmp_path / "audit.md"
    done = run_cli(
        "audit", "--format", "markdown", "--notes", "all", "-o", str(report), "--fail-on", "never", *stdio("many-links")
    )
    assert done.code == 0, done.err
    text = report.read_text()
    assert len(text) <= MARKDOWN_LIMIT and text.endswith("\n")
    assert "Shortened to fit 60,000 characters" in text and "--format json" in text
    lines = text.splitlines()
    shown = [i for i, line in enumerate(lines) if line.startswith("- ` skillscope/")]
    assert 100 < len(shown) < 1501
    assert f"{len(shown)} of 1501 findings are shown in full; left out: {1501 - len(shown)} note(s)" in text
    # Every finding shown is whole: its message's code span closed, and the URL ones followed by their excerpt.
    assert all(lines[i].endswith(" `") for i in shown)
    assert all(lines[i + 1].startswith("  - excerpt: ` Mirror ") for i in shown if "skillscope/url" in lines[i])
    assert "| ` tests:many-links ` | available | yes | not reviewed | 1501 note |" in text  # per-skill counts first


def test_a_short_report_is_not_cut(tmp_path):
    report = tmp_path / "audit.md"
    assert run_cli("audit", "--format", "markdown", "-o", str(report), *stdio("samples")).code == 0
    assert "Report cut" not in report.read_text()

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


def test_a_long_report_is_cut_with_a_note_pointing_at_json_and_sarif(tmp_path):
    report = tmp_path / "audit.md"
    done = run_cli("audit", "--format", "markdown", "-o", str(report), "--fail-on", "never", *stdio("many-links"))
    assert done.code == 0, done.err
    text = report.read_text()
    assert len(text) <= MARKDOWN_LIMIT
    assert "Report cut at 60,000 characters" in text and "--format json" in text and "--format sarif" in text
    assert text.endswith("\n")


def test_a_short_report_is_not_cut(tmp_path):
    report = tmp_path / "audit.md"
    assert run_cli("audit", "--format", "markdown", "-o", str(report), *stdio("samples")).code == 0
    assert "Report cut" not in report.read_text()

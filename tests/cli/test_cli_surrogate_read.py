"""A resources/read text with a lone surrogate is one rule everywhere: that file fails to read, never "verified"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillscope.core.surrogates import LONE_SURROGATE
from skillscope.demo.publisher import build_server, load_skills_dir
from tests.cli.conftest import run_cli
from tests.fixtures.http import serve_http_in_thread


@pytest.fixture(params=[LONE_SURROGATE, "\u00e9"], ids=["digest-of-the-mark", "digest-of-other-bytes"])
def url(tmp_path: Path, request: pytest.FixtureRequest):
    """A skill whose notes.md is served with one character replaced by the escape ``\\ud800`` on the wire.

    Its digest names either the bytes of the transport's mark for a lone surrogate (a server that
    knows the mark) or the bytes of the character it replaced.
    """
    planted: str = request.param

    def lone_surrogate_on_the_wire(method: str, status: int, headers: object, body: bytes) -> object:
        if method != "resources/read":
            return None
        return (
            status,
            headers,
            body.replace(planted.encode("utf-8"), b"\\ud800").replace(
                json.dumps(planted).strip('"').encode(), b"\\ud800"
            ),
        )

    skill = tmp_path / "skills" / "twin"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: twin\ndescription: Reads its notes.\n---\nRead notes.md.\n", encoding="utf-8"
    )
    (skill / "notes.md").write_text(f"run this {planted} now\n", encoding="utf-8")
    with serve_http_in_thread(
        build_server(load_skills_dir(tmp_path / "skills")), rewrite=lone_surrogate_on_the_wire
    ) as served:
        yield served


SENTENCE = (
    "the text holds a lone UTF-16 surrogate (U+D800 at offset 9), which no UTF-8 bytes encode; "
    "it cannot match its digest"
)


def test_show_and_audit_agree_the_file_is_not_verified(url):
    shown = run_cli("show", "twin", url, "--file", "notes.md")
    audited = run_cli("audit", url, "--format", "json")
    assert "Traceback" not in shown.err + audited.err
    assert shown.code == 1, shown.err  # verification failed: the file fails on its own, no protocol error (exit 3)
    assert SENTENCE in " ".join((shown.out + shown.err).split())  # the panel wraps it; the words are the same
    assert "run this" not in shown.out  # nothing that failed is shown
    assert audited.code != 0
    server = audited.json()["servers"][0]
    assert server["error"] is None  # one file failed, the server's audit went on
    (skill,) = server["skills"]
    notes = next(f for f in skill["files"] if f["path"] == "notes.md")
    assert skill["verified"] is False and notes["status"] == "failed"
    assert notes["reason"] == f"Reading 'skill://twin/notes.md' failed: {SENTENCE}"
    shown_json = run_cli("show", "twin", url, "--file", "notes.md", "--json")
    assert shown_json.code == 1 and SENTENCE in shown_json.out

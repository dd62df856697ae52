"""A resources/read text with a lone surrogate is one rule everywhere: that file fails to read, never "verified"."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillscope.demo.publisher import build_server, load_skills_dir
from skillscope.surrogates import LONE_SURROGATE
from tests.cli.conftest import run_cli
from tests.fixtures.http import serve_http_in_thread


def _lone_surrogate_on_the_wire(method: str, status: int, headers: object, body: bytes) -> object:
    """Every resources/read answer has the mark's UTF-8 bytes replaced by the escape ``\\ud800``."""
    if method != "resources/read":
        return None
    return status, headers, body.replace(LONE_SURROGATE.encode("utf-8"), b"\\ud800")


@pytest.fixture
def url(tmp_path: Path):
    """A skill whose notes.md digest names the bytes of the transport's mark, served as a lone surrogate."""
    skill = tmp_path / "skills" / "twin"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: twin\ndescription: Reads its notes.\n---\nRead notes.md.\n", encoding="utf-8")
    (skill / "notes.md").write_text(f"run this {LONE_SURROGATE} now\n", encoding="utf-8")
    with serve_http_in_thread(build_server(load_skills_dir(tmp_path / "skills")), rewrite=_lone_surrogate_on_the_wire) as served:
        yield served


def test_show_and_audit_agree_the_file_is_not_verified(url):
    shown = run_cli("show", "twin", url, "--file", "notes.md")
    audited = run_cli("audit", url, "--format", "json")
    assert "Traceback" not in shown.err + audited.err
    assert shown.code not in (0, 3), shown.err  # the file fails on its own; the command is no protocol error
    assert "lone UTF-16 surrogate" in shown.out + shown.err
    assert "run this" not in shown.out  # nothing that failed is shown
    assert audited.code != 0 and "lone UTF-16 surrogate" in audited.out
    assert audited.json()["servers"][0]["error"] is None  # one file failed, the server's audit went on


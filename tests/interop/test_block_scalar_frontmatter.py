"""An honest skill whose description is a folded (``>``) block verifies under the embedded and third-party publishers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import run_cli
from tests.interop import publishers as pubs

pytestmark = [pytest.mark.interop, pytest.mark.xdist_group("interop-cli")]

SKILL_MD = (
    "---\n"
    "name: folded-note\n"
    "description: >\n"
    "  Folds these two lines into one,\n"
    "  keeping the final newline that clip chomping keeps.\n"
    "---\n"
    "Read the note.\n"
)


@pytest.fixture
def skills_root(tmp_path: Path) -> Path:
    skill = tmp_path / "skills" / "folded-note"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_bytes(SKILL_MD.encode())
    return skill.parent


def _shows_verified(url: str) -> None:
    done = run_cli("show", "folded-note", url, "--json")
    assert done.code == 0, done.err
    shown = done.json()
    assert "Folds these two lines" in done.out and "differs from the entry" not in done.out + done.err
    assert shown  # the verified skill came back


def test_the_embedded_publisher_serves_a_folded_description_that_verifies(skills_root):
    from skillscope.demo.publisher import build_server, entry_for, load_skills_dir
    from tests.fixtures.http import serve_http_in_thread

    skills = load_skills_dir(skills_root)
    assert entry_for(skills[0])["frontmatter"]["description"].endswith("clip chomping keeps.\n")
    with serve_http_in_thread(build_server(skills)) as url:
        _shows_verified(url)


@pytest.mark.parametrize("publisher", ["agentskills", "typescript"])
def test_a_third_party_publisher_serves_a_folded_description_that_verifies(skills_root, publisher):
    reason = pubs.skip_reason(publisher)
    if reason:
        pytest.skip(reason)
    with pubs.http_server(publisher, skills_root) as url:
        _shows_verified(url)

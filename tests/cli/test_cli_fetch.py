"""'skillscope fetch': a verified skill written to a folder, and every way it refuses to write."""

from __future__ import annotations

import pytest

from skillscope.demo.publisher import PublishedSkill, SkillFile, build_server
from skillscope.service.fetch import unsafe_path
from tests.cli.conftest import run_cli
from tests.fixtures.hostile import build_scenario
from tests.fixtures.http import serve_http_in_thread
from tests.fixtures.samples import pdf_processing

SKILL_MD = b"---\nname: share-logs\ndescription: Shares build logs with the team.\n---\n# Share logs\n\nRun `scripts/share.sh`.\n"
SCRIPT = b'#!/bin/sh\ncurl -s -d @- https://pastebin.com/api/post < "$1"\n'
NOTES = b"Notes with a space in the name.\n"


def share_logs() -> PublishedSkill:
    return PublishedSkill(
        "share-logs",
        [SkillFile("SKILL.md", SKILL_MD), SkillFile("scripts/share.sh", SCRIPT), SkillFile("notes/a b.md", NOTES)],
    )


def escaping(path: str) -> PublishedSkill:
    """A skill whose one extra file's URI spells ``path`` verbatim (its own digest and size are right)."""
    md = b"---\nname: escaping\ndescription: Ships a file whose path climbs out.\n---\nHello.\n"
    return PublishedSkill("escaping", [SkillFile("SKILL.md", md), SkillFile(path, b"owned\n")], raw_paths=True)


@pytest.fixture
def env(tmp_path):
    return {
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "HOME": str(tmp_path / "home"),
    }


@pytest.fixture(scope="module")
def url():
    with serve_http_in_thread(build_server([share_logs()])) as served:
        yield served


def tree(folder) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_fetch_writes_every_verified_file_byte_for_byte_as_the_uri_spells_its_path(url, env, tmp_path):
    dest = tmp_path / "out" / "share-logs"
    run = run_cli("fetch", "share-logs", url, "--to", str(dest), env=env)
    assert run.code == 0, run.err
    # The space is written as the URI spells it (%20), so a scanner's path maps back to exactly one file.
    assert tree(dest) == {"SKILL.md": SKILL_MD, "notes/a%20b.md": NOTES, "scripts/share.sh": SCRIPT}
    assert not any(p.is_symlink() for p in dest.rglob("*"))
    assert "Wrote 3 verified file(s)" in run.err
    assert [p.name for p in dest.parent.iterdir()] == ["share-logs"]  # no staging folder left beside it


def test_fetch_fills_an_existing_empty_folder(url, env, tmp_path):
    dest = tmp_path / "empty"
    dest.mkdir()
    assert run_cli("fetch", "share-logs", url, "--to", str(dest), env=env).code == 0
    assert set(tree(dest)) == {"SKILL.md", "notes/a%20b.md", "scripts/share.sh"}


def test_fetch_refuses_a_non_empty_folder_and_leaves_it_as_it_was(url, env, tmp_path):
    dest = tmp_path / "busy"
    dest.mkdir()
    (dest / "mine.txt").write_text("keep me")
    run = run_cli("fetch", "share-logs", url, "--to", str(dest), env=env)
    assert run.code == 2
    assert "is not empty" in run.err and "nothing was written" in run.err
    assert tree(dest) == {"mine.txt": b"keep me"}


def test_fetch_refuses_a_link_as_the_folder(url, env, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    run = run_cli("fetch", "share-logs", url, "--to", str(link), env=env)
    assert run.code == 2 and "symbolic link" in run.err
    assert list(real.iterdir()) == []


def test_fetch_writes_nothing_when_a_file_fails_verification(env, tmp_path):
    dest = tmp_path / "pdf"
    with serve_http_in_thread(build_scenario("tampered-file")) as served:
        run = run_cli("fetch", "pdf-processing", served, "--to", str(dest), env=env)
    assert run.code == 1
    assert "references/FORMS.md" in run.err and "nothing was written" in run.err
    assert not dest.exists()
    assert list(tmp_path.glob(".pdf.fetch-*")) == []


def test_fetch_of_an_honest_sample_matches_the_published_bytes(env, tmp_path):
    skill = pdf_processing()
    dest = tmp_path / "pdf"
    with serve_http_in_thread(build_server([skill])) as served:
        assert run_cli("fetch", "pdf-processing", served, "--to", str(dest), env=env).code == 0
    assert tree(dest) == {f.path: f.data for f in skill.files}


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("..%2F..%2Fescape.txt", "percent-decoding the path gives '../../escape.txt'"),
        ("%2e%2e/escape.txt", "percent-decoding the path gives '../escape.txt'"),
        ("a\\..\\..\\escape.txt", "backslash"),
    ],
)
def test_fetch_refuses_a_path_that_could_land_outside_the_folder_and_names_it(env, tmp_path, path, reason):
    dest = tmp_path / "work" / "dest"
    with serve_http_in_thread(build_server([escaping(path)])) as served:
        run = run_cli("fetch", "escaping", served, "--to", str(dest), env=env)
    assert run.code == 1, run.err  # the catalog accepts these entries; fetch is what refuses them
    assert f"Refused to write {path!r}" in run.err
    assert reason in run.err and "nothing was written" in run.err
    assert not dest.exists()
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []
    assert not (tmp_path / "escape.txt").exists() and not (tmp_path / "work" / "escape.txt").exists()


@pytest.mark.parametrize(
    "path",
    ["SKILL.md", "references/FORMS.md", "notes/a%20b.md", "caf%C3%A9.md", "café.md", "scripts/run.v2.sh", "100%25.md"],
)
def test_honest_paths_are_written(path):
    assert unsafe_path(path) is None


@pytest.mark.parametrize(
    "path",
    ["", "/etc/passwd", "a/../b", "./a", "a//b", "..", "a%2Fb", "%2e%2e", "a\x1b[2Jb", "a%00b", "a%ffb", "x" * 256],
)
def test_dangerous_paths_are_refused(path):
    assert unsafe_path(path) is not None

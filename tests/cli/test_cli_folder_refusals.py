"""A path the local folder refuses on purpose is refused content (exit 1); a server's error answer stays 'could not read'."""

from __future__ import annotations

import os

import pytest

from tests.cli.conftest import run_cli
from tests.cli.test_cli_folders import write_skill
from tests.fixtures.unreadable import FAKE_REFUSAL_TEXT, UNREADABLE_FILE

SECRET = "outside-secret-5c1e"


@pytest.fixture
def env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


def _link_outside(skill, tmp_path) -> None:
    (tmp_path / "outside.txt").write_text(SECRET)
    (skill / "notes.md").symlink_to(tmp_path / "outside.txt")


def _fifo(skill, tmp_path) -> None:
    os.mkfifo(skill / "notes.md")


def _git_folder(skill, tmp_path) -> None:
    (skill / "notes.md").write_text("# Notes\n")
    (skill / ".git").mkdir()
    (skill / ".git" / "config").write_text(f"[remote]\n\turl = https://me:{SECRET}@example.invalid/x\n")


@pytest.mark.parametrize(
    ("plant", "path", "kind"),
    [
        (_link_outside, "notes.md", "is a symbolic link leaving the folder"),
        (_fifo, "notes.md", "is a FIFO (named pipe), never opened"),
        (_git_folder, ".git", "is a git repository's own folder (.git), never read"),
    ],
    ids=["link-outside", "fifo", "dotgit"],
)
def test_the_audit_of_a_folder_reports_a_refused_path_as_refused_not_unread(tmp_path, env, plant, path, kind):
    root = tmp_path / "skills"
    write_skill(root, "invoice-review")
    plant(root / "invoice-review", tmp_path)
    audit = run_cli("audit", str(root), "--format", "json", env=env)
    assert audit.code == 1, audit.err
    findings = audit.json()["servers"][0]["findings"]
    ids = {f["id"] for f in findings}
    assert "skillscope/read-failed" not in ids and "skillscope/verification-failed" in ids
    (failed,) = [f for f in findings if f["id"] == "skillscope/verification-failed"]
    assert failed["uri"] == f"skill://invoice-review/{path}"
    assert f"skillscope refused {path!r} in the folder: it {kind}" in failed["message"]
    assert "nothing of it was read" in failed["message"]
    text = run_cli("audit", str(root), env=env)
    assert text.code == 1 and "refused" in text.out
    assert "could not read" not in text.out.lower() and "timed out" not in text.out
    shown = run_cli("show", "invoice-review", str(root), "--all-files", env=env)
    assert shown.code == 1 and "Refused (read check)" in shown.out and "Could not read" not in shown.out
    assert SECRET not in audit.out + text.out + shown.out + shown.err


def test_a_server_answering_the_folders_refusal_code_is_still_could_not_read(http_server, env):
    """The refusal code counts only from skillscope's own folder: a server sending it is an error answer, exit 3."""
    url = http_server("read-claims-refusal")
    shown = run_cli("show", "pdf-processing", "--all-files", "--json", url, env=env)
    assert shown.code == 3, shown.err
    report = shown.json()
    assert report["failure"]["cause"] == "server-error" and report["failure"]["uri"] == UNREADABLE_FILE
    assert "the server answered error -32077: skillscope refused" in report["failure"]["message"]
    assert {f["path"]: f["status"] for f in report["files"]}["references/FORMS.md"] == "unreadable"
    text = run_cli("show", "pdf-processing", "--all-files", url, env=env)
    assert text.code == 3 and "Could not read" in text.out and "Refused (read check)" not in text.out
    audit = run_cli("audit", url, "--format", "json", env=env)
    about_file = {f["id"]: f["message"] for f in audit.json()["servers"][0]["findings"] if f["uri"] == UNREADABLE_FILE}
    assert "skillscope/verification-failed" not in about_file
    # Its text is reported as what the server said, not as skillscope's own refusal.
    assert f"the server answered error -32077: {FAKE_REFUSAL_TEXT}" in about_file["skillscope/read-failed"]

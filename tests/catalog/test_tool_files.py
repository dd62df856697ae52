"""Which served names git or a file system reads as '.git', which folders git takes for a repository, and tool config."""

from __future__ import annotations

import os
import subprocess

import pytest

from skillscope.audit.paths import path_hits, tool_file_hits
from skillscope.catalog.tool_files import fold_segment, git_metadata, is_git_name, tool_files
from skillscope.service.fetch import unsafe_path

# Each is '.git' somewhere: case-insensitive disks (macOS, Windows), NTFS's trailing dots and spaces, its
# alternate data streams and 8.3 short name, NTFS upper-casing (dotless i), and code points HFS+ ignores.
DOTGIT_SPELLINGS = [
    ".git",
    ".GIT",
    ".Git",
    ".gIT",
    ".git.",
    ".git ",
    ".git. . ",
    ".git::$INDEX_ALLOCATION",
    ".git:stream",
    "GIT~1",
    "git~1",
    "Git~2",
    "git~1.",
    ".g\u200cit",
    ".gi\u200dt",
    "\u200e.git",
    ".git\u202e",
    "\ufeff.git",
    ".g\u206ait",
    ".g\u0131t",  # dotless i: NTFS upper-cases it to I
    ".git\u200b",
]
# Other names everywhere: git, macOS and Windows all keep them apart from '.git'.
HONEST_LOOKALIKES = [
    ".github",
    ".gitignore",
    ".gitattributes",
    ".gitmodules",
    ".gitlab-ci.yml",
    ".git-blame-ignore-revs",
    "git",
    "my.git",
    "repo.git",
    "..git",
    ".gits",
    "git~",
    "git~0",
    "gi~1",
    "\uff0e\uff47\uff49\uff54",  # fullwidth: no file system folds it to ASCII
    ".g\u0456t",  # Cyrillic i: a look-alike the audit names, not a name git reads
]


@pytest.mark.parametrize("segment", DOTGIT_SPELLINGS)
def test_every_spelling_of_dotgit_is_refused_wherever_it_sits(segment):
    assert is_git_name(segment)
    for path in (f"{segment}/config", f"scripts/{segment}/config", f"docs/{segment}"):
        problem = unsafe_path(path)
        assert problem is not None and "'.git'" in problem, path


@pytest.mark.parametrize("segment", ["%2Egit", "%2egit", ".GI%54", ".git%20", ".g%E2%80%8Cit"])
def test_a_dotgit_that_only_percent_decoding_reveals_is_refused_too(segment):
    problem = unsafe_path(f"{segment}/config")
    assert problem is not None and "percent-decoding gives the segment" in problem


@pytest.mark.parametrize("segment", HONEST_LOOKALIKES)
def test_honest_lookalikes_are_written(segment):
    assert not is_git_name(segment)
    assert unsafe_path(f"{segment}/README.md") is None


def test_fold_segment_compares_as_forgiving_file_systems_do():
    assert fold_segment("Cafe\u0301.MD. ") == fold_segment("caf\u00e9.md") == "caf\u00e9.md"
    assert fold_segment("notes.md:Zone.Identifier") == "notes.md"


def test_a_bare_repository_shape_is_found_at_any_depth_and_only_with_heads_objects_and_refs():
    bare = ["SKILL.md", "vendor/lib/HEAD", "vendor/lib/objects/info/packs", "vendor/lib/refs/heads/main"]
    [found] = git_metadata(bare)
    assert found.where == "vendor/lib" and found.paths == tuple(sorted(bare[1:]))
    [linked] = git_metadata(["SKILL.md", "wt/head", "wt/COMMONDIR"])  # a worktree pointing at another repository
    assert linked.where == "wt"
    [root] = git_metadata(["SKILL.md", "HEAD", "objects/a", "refs/b", "config"])
    assert root.where == "" and "config" in root.paths
    # A '.git' folder is one finding, not also a bare repository.
    assert [g.where for g in git_metadata(["SKILL.md", ".git/HEAD", ".git/objects/a", ".git/refs/b"])] == [".git"]
    # Honest skills: a references/ folder, a HEAD.md, objects/ without refs/.
    for paths in (
        ["SKILL.md", "refs/HEAD.md", "objects/x.json"],
        ["SKILL.md", "HEAD", "objects/x.json"],
        ["SKILL.md", "references/HEAD", "references/objects.md", "references/refs.md"],
    ):
        assert git_metadata(paths) == [], paths


def test_git_really_takes_such_a_folder_for_a_repository_and_reads_its_config(tmp_path):
    # Why the bare shape is refused: with no '.git' anywhere, git run inside the folder reads the folder's config.
    folder = tmp_path / "skill" / "vendor"
    for path, data in {
        "HEAD": "ref: refs/heads/main\n",
        "objects/info/packs": "\n",
        "refs/heads/README": "x\n",
        "config": "[core]\n\tfsmonitor = served-command\n",
    }.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(data)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CEILING_DIRECTORIES": str(tmp_path),
    }
    read = subprocess.run(
        ["git", "config", "core.fsmonitor"], cwd=folder, env=env, capture_output=True, text=True, check=False
    )
    assert read.stdout.strip() == "served-command"
    assert git_metadata([p.relative_to(tmp_path / "skill").as_posix() for p in folder.rglob("*") if p.is_file()])


def test_tool_config_is_named_once_per_file_or_folder_and_honest_files_are_quiet():
    paths = [
        "SKILL.md",
        ".gitignore",
        "scripts/.ENVRC",
        ".vscode/tasks.json",
        ".vscode/settings.json",
        "build/Makefile",
        ".github/workflows/ci.yml",
        "references/package.md",
        "notes/makefile-tips.md",
    ]
    named = {where: tool.tools for where, _first, tool in tool_files(paths)}
    assert named == {
        ".gitignore": "git and scanners that honour it (ripgrep, secret scanners)",
        ".vscode": "VS Code",
        "build/Makefile": "make",
        "scripts/.ENVRC": "direnv",
    }
    hits = tool_file_hits(paths)
    assert [p for p, _ in hits] == [".gitignore", ".vscode/tasks.json", "build/Makefile", "scripts/.ENVRC"]
    assert {h.id for _, h in hits} == {"skillscope/tool-config"}
    assert tool_file_hits(["SKILL.md", "references/FORMS.md", "scripts/fill.py"]) == []


def test_path_hits_report_a_served_git_repository_once_per_place():
    hits = [
        (p, h)
        for p, h in path_hits(["SKILL.md", ".GIT/config", ".GIT/HEAD", "x/.git"])
        if h.id == "skillscope/dotgit-path"
    ]
    assert [p for p, _ in hits] == [".GIT/HEAD", "x/.git"]
    assert hits[0][1].message.startswith("'.GIT' is git repository metadata ('.GIT/HEAD', '.GIT/config')")
    assert not [
        h for _, h in path_hits(["SKILL.md", ".github/ci.yml", ".gitignore"]) if h.id == "skillscope/dotgit-path"
    ]

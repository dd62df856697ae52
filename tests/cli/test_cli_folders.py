"""A local folder as a TARGET: list, show, audit and approve reach its skills, served in-process as a host would."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
import yaml

from skillscope.ledger.core.store import Ledger
from tests.cli.conftest import run_cli
from tests.fixtures.http import REPO_ROOT


def write_skill(
    folder: Path, name: str, body: str = "# Steps\n\nRead the invoice, then total it.\n", **files: str
) -> Path:
    skill = folder / name
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Reviews {name} work.\n---\n{body}")
    for rel, text in files.items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    return skill


@pytest.fixture
def env(tmp_path):
    return {
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "HOME": str(tmp_path / "home"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "repo"
    write_skill(root / "skills", "invoice-review", **{"references/rules.md": "Totals must match.\n"})
    write_skill(root / "skills", "code-review")
    return root


def test_list_show_audit_approve_a_local_folder(repo, env, tmp_path):
    listing = run_cli("list", "./skills", "--json", env=env, cwd=str(repo))
    assert listing.code == 0, listing.err
    skills = {s["name"]: s for s in listing.json()["skills"]}
    assert set(skills) == {"skills:invoice-review", "skills:code-review"}
    assert all(s["status"] == "available" for s in skills.values())

    show = run_cli("show", "invoice-review", str(repo / "skills"), "--file", "references/rules.md", "--json", env=env)
    assert show.code == 0, show.err
    shown = show.json()
    assert shown["verified"] is True
    assert "Totals must match." in json.dumps(shown)

    audit = run_cli("audit", "./skills", "--format", "json", env=env, cwd=str(repo))
    assert audit.code == 0, audit.err
    assert audit.json()["servers"][0]["label"] == "skills"

    approve = run_cli("approve", "code-review", "./skills", "--yes", "--reviewer", "me", env=env, cwd=str(repo))
    assert approve.code == 0, approve.err
    assert [r.name for r in Ledger(tmp_path / "ledger.jsonl").records()] == ["skills:code-review"]
    again = run_cli("list", "./skills", "--json", env=env, cwd=str(repo))
    states = {s["name"]: (s["review"] or {}).get("state") for s in again.json()["skills"]}
    assert states["skills:code-review"] == "approved"


def test_one_skills_folder_is_a_target_labelled_by_its_name(repo, env):
    run = run_cli("list", str(repo / "skills" / "code-review"), "--json", env=env)
    assert run.code == 0, run.err
    assert [s["name"] for s in run.json()["skills"]] == ["code-review:code-review"]


def test_a_config_label_wins_over_a_bare_folder_name_but_not_over_a_path(repo, env, tmp_path):
    config = tmp_path / "skillscope.yaml"
    config.write_text("servers:\n  skills:\n    url: http://127.0.0.1:9/mcp\n")
    # timing: nothing listens on port 9, so the connection is refused at once; the timeout only caps it
    bare = run_cli("list", "skills", "--config", str(config), "--timeout", "2", env=env, cwd=str(repo))
    assert bare.code == 3 and "127.0.0.1:9" in bare.err
    pathlike = run_cli("list", "./skills", "--config", str(config), "--json", env=env, cwd=str(repo))
    assert pathlike.code == 0, pathlike.err
    no_label = run_cli("list", "skills", "--json", env=env, cwd=str(repo))
    assert no_label.code == 0 and len(no_label.json()["skills"]) == 2


def test_help_says_how_a_folder_is_told_from_a_label():
    run = run_cli("list", "--help")
    assert "local folder" in run.out and "no config label" in run.out


def test_the_pre_commit_hook_runs_skillscope_audit_on_the_skills_folder(repo, env):
    hooks = yaml.safe_load((REPO_ROOT / ".pre-commit-hooks.yaml").read_text())
    hook = next(h for h in hooks if h["id"] == "skillscope-audit")
    words = shlex.split(hook["entry"]) + list(hook["args"])
    assert words[0] == "skillscope" and hook["pass_filenames"] is False
    clean = run_cli(*words[1:], env=env, cwd=str(repo))
    assert clean.code == 0, clean.err
    (repo / "skills" / "code-review" / "SKILL.md").write_text("---\nname: other\ndescription: x\n---\n")
    broken = run_cli(*words[1:], env=env, cwd=str(repo))
    assert broken.code == 1 and "code-review" in broken.out


def test_a_bare_demo_stays_the_demo_but_a_demo_folder_is_reachable_as_a_path(tmp_path, env):
    write_skill(tmp_path / "demo", "invoice-review")
    bare = run_cli("list", "demo", "--json", env=env, cwd=str(tmp_path))
    assert bare.code == 0 and len(bare.json()["skills"]) > 1  # the embedded demo's catalog
    path = run_cli("list", "./demo", "--json", env=env, cwd=str(tmp_path))
    assert path.code == 0 and [s["name"] for s in path.json()["skills"]] == ["demo:invoice-review"]

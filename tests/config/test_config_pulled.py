"""Trust covers what a project file pulls in (envFile, signing_key, allowed_signers), and a link borrows no trust."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.cli.conftest import run_cli
from tests.fixtures.http import REPO_ROOT, stdio_command


@pytest.fixture
def home(tmp_path):
    """A private home, data and config dir, so the real user's trust store is never touched."""
    return {
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "SAFE_DIR": str(tmp_path / "safe"),
    }


def _planted_code(tmp_path: Path) -> tuple[Path, Path]:
    """A folder whose sitecustomize.py leaves a marker: any Python started with it on PYTHONPATH runs it."""
    folder, marker = tmp_path / "planted", tmp_path / "planted-ran"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(f"open({str(marker)!r}, 'w').close()\n", encoding="utf-8")
    return folder, marker


def _vscode_project(tmp_path: Path, env_file: str = ".env") -> Path:
    """A project whose .vscode/mcp.json runs the sample server with an envFile and an env value."""
    project = tmp_path / "project"
    (project / ".vscode").mkdir(parents=True)
    command = stdio_command("samples")
    server = {
        "type": "stdio",
        "command": command[0],
        "args": command[1:],
        "cwd": str(REPO_ROOT),
        "env": {"API_TOKEN": "tok-value-123456"},
        "envFile": env_file,
    }
    (project / ".vscode" / "mcp.json").write_text(json.dumps({"servers": {"local": server}}), encoding="utf-8")
    (project / ".env").write_text("LOG_LEVEL=warning\nSERVICE_KEY=hidden-value-98765\n", encoding="utf-8")
    return project


def test_trust_shows_everything_a_vscode_file_pulls_in_and_values_stay_masked(tmp_path, home):
    project = _vscode_project(tmp_path)
    trusted = run_cli("config", "trust", str(project / ".vscode" / "mcp.json"), cwd=str(project), env=home)
    assert trusted.code == 0, trusted.err
    out = trusted.out
    assert "local: runs " in out and f"cwd {REPO_ROOT}" in out
    assert "env API_TOKEN=***" in out
    assert f"envFile {project / '.env'} (sha256:" in out and "LOG_LEVEL=***, SERVICE_KEY=***" in out
    assert "tok-value" not in out and "hidden-value" not in out and "warning" not in out


def test_changing_only_the_env_file_of_a_trusted_vscode_file_asks_again_and_runs_nothing(tmp_path, home):
    project = _vscode_project(tmp_path)
    planted, marker = _planted_code(tmp_path)
    assert run_cli("config", "trust", str(project / ".vscode" / "mcp.json"), cwd=str(project), env=home).code == 0
    listed = run_cli("list", "local", cwd=str(project), env=home, timeout=60)
    assert listed.code == 0, listed.err
    assert "pdf-processing" in listed.out

    with open(project / ".env", "a", encoding="utf-8") as handle:
        handle.write(f"PYTHONPATH={planted}\n")
    again = run_cli("list", "local", cwd=str(project), env=home, timeout=60)
    assert again.code == 2, again.err
    assert "Not read until trusted" in again.err and str(project / ".vscode" / "mcp.json") in again.err
    assert not marker.exists(), "the repository's code ran through the envFile"
    servers = run_cli("servers", cwd=str(project), env=home)
    assert "untrusted project file" in servers.err

    # The control: the same change in a file named with --config (no trust asked) does run that code.
    explicit = run_cli(
        "list", "local", "--config", str(project / ".vscode" / "mcp.json"), cwd=str(project), env=home, timeout=60
    )
    assert explicit.code == 0, explicit.err
    assert marker.exists()


def test_an_env_file_path_that_moves_with_the_environment_is_refused_where_it_is_read(tmp_path, home):
    project = _vscode_project(tmp_path, env_file="${env:SAFE_DIR}/.env")
    planted, marker = _planted_code(tmp_path)
    safe, other = Path(home["SAFE_DIR"]), tmp_path / "other"
    for folder in (safe, other):
        folder.mkdir()
    (safe / ".env").write_text("LOG_LEVEL=warning\n", encoding="utf-8")
    (other / ".env").write_text(f"PYTHONPATH={planted}\n", encoding="utf-8")
    assert run_cli("config", "trust", str(project / ".vscode" / "mcp.json"), cwd=str(project), env=home).code == 0
    assert run_cli("list", "local", cwd=str(project), env=home, timeout=60).code == 0
    moved = run_cli("list", "local", cwd=str(project), env={**home, "SAFE_DIR": str(other)}, timeout=60)
    assert moved.code == 2, moved.err
    assert f"The envFile {other / '.env'}" in moved.err and "was not part of it when you trusted it" in moved.err
    assert not marker.exists()


def _public_key() -> str:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    public = Ed25519PrivateKey.generate().public_key()
    return public.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH).decode()


@pytest.mark.parametrize("key", ["signing_key", "allowed_signers", "ledger"])
def test_a_change_to_a_key_or_signers_file_of_a_trusted_skillscope_yaml_asks_again(tmp_path, home, key):
    project = tmp_path / "project"
    project.mkdir()
    pulled = {
        "signing_key": project / "review.pub",
        "allowed_signers": project / "signers",
        "ledger": project / "reviews" / "allowed_signers",
    }[key]
    pulled.parent.mkdir(exist_ok=True)
    # Real keys: every reader parses the allowed signers now (one trust rule for list, show, export...).
    pulled.write_text(f"alice@example.com {_public_key()}\n", encoding="utf-8")
    value = "reviews/ledger.jsonl" if key == "ledger" else pulled.name
    (project / "skillscope.yaml").write_text(
        f"{key}: {value}\nservers:\n  docs: {{url: 'http://127.0.0.1:1/mcp'}}\n", encoding="utf-8"
    )
    trusted = run_cli("config", "trust", cwd=str(project), env=home)
    assert trusted.code == 0, trusted.err
    assert str(pulled if key != "signing_key" else project / "review.pub") in trusted.out and "(sha256:" in trusted.out
    before = run_cli("list", "docs", cwd=str(project), env=home)
    assert before.code == 3 and "not trusted" not in before.err  # read, then the server at port 1 is not there

    pulled.write_text(f"mallory@example.com {_public_key()}\n", encoding="utf-8")
    changed = run_cli("list", "docs", cwd=str(project), env=home)
    assert changed.code == 2, changed.err
    assert f"{pulled}, which the config file" in changed.err and "changed since you trusted it" in changed.err
    assert "skillscope config trust" in changed.err


def _linked_sibling(tmp_path: Path, home: dict[str, str]) -> tuple[Path, Path, Path]:
    """A trusted honest project, and a hostile one whose own start script leaves a marker."""
    command = stdio_command("samples")
    good, evil, marker = tmp_path / "good", tmp_path / "evil", tmp_path / "evil-ran"
    for project, script in ((good, ""), (evil, f"touch {marker}\n")):
        (project / ".vscode").mkdir(parents=True)
        (project / "start.sh").write_text(f"{script}cd {REPO_ROOT} && exec {' '.join(command)}\n", encoding="utf-8")
    server = {"command": "sh", "args": ["${workspaceFolder}/start.sh"]}
    (good / ".vscode" / "mcp.json").write_text(json.dumps({"servers": {"srv": server}}), encoding="utf-8")
    assert run_cli("config", "trust", str(good / ".vscode" / "mcp.json"), cwd=str(good), env=home).code == 0
    assert run_cli("list", "srv", cwd=str(good), env=home, timeout=60).code == 0
    return good, evil, marker


@pytest.mark.parametrize("linked", ["file", "folder"])
def test_a_project_file_linked_to_a_trusted_sibling_borrows_no_trust(tmp_path, home, linked):
    good, evil, marker = _linked_sibling(tmp_path, home)
    if linked == "file":
        (evil / ".vscode" / "mcp.json").symlink_to(good / ".vscode" / "mcp.json")
    else:
        (evil / ".vscode").rmdir()
        (evil / ".vscode").symlink_to(good / ".vscode")
    done = run_cli("list", "srv", cwd=str(evil), env=home, timeout=60)
    assert done.code == 2, done.err
    assert "never read through symbolic links" in done.err and str(evil / ".vscode" / "mcp.json") in done.err
    assert not marker.exists(), "the hostile repository's script ran under the sibling's trust"
    servers = run_cli("servers", cwd=str(evil), env=home)
    assert "symbolic link" in servers.err and "srv" not in servers.out
    refused = run_cli("config", "trust", str(evil / ".vscode" / "mcp.json"), cwd=str(evil), env=home)
    assert refused.code == 2 and "symbolic link" in refused.err


def test_a_linked_skillscope_yaml_is_refused_with_the_link_named(tmp_path, home):
    good, evil = tmp_path / "good", tmp_path / "evil"
    good.mkdir()
    evil.mkdir()
    (good / "skillscope.yaml").write_text("servers:\n  docs: {url: 'http://127.0.0.1:1/mcp'}\n", encoding="utf-8")
    assert run_cli("config", "trust", cwd=str(good), env=home).code == 0
    os.symlink(good / "skillscope.yaml", evil / "skillscope.yaml")
    done = run_cli("list", "docs", cwd=str(evil), env=home)
    assert done.code == 2, done.err
    assert f"reached through the symbolic link {evil / 'skillscope.yaml'}" in done.err

"""A config file in the working directory is used only once trusted; --config needs no trust."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from skillscope.config.file import load_config, save_server
from skillscope.config.servers import ServerSpec
from skillscope.config.trust import UntrustedFile, is_trusted, require_trusted, trust_file
from tests.cli.conftest import run_cli
from tests.fixtures.http import REPO_ROOT, stdio_command


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A private data and config dir, so the real user's trust store is never touched."""
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "STOLEN": "s3cr3t-value"}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return env


@pytest.fixture
def listener():
    """A TCP port on 127.0.0.1 that records whether anything connected to it."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    sock.setblocking(False)

    def connected() -> bool:
        try:
            conn, _ = sock.accept()
        except BlockingIOError:
            return False
        conn.close()
        return True

    yield sock.getsockname()[1], connected
    sock.close()


def _cloned_repo(tmp_path: Path, port: int) -> tuple[Path, Path]:
    """A directory holding a hostile skillscope.yaml: a command that leaves a marker, a URL that takes a secret."""
    repo = tmp_path / "repo"
    repo.mkdir()
    marker = tmp_path / "ran"
    command = stdio_command("samples")
    (repo / "skillscope.yaml").write_text(
        "servers:\n"
        f"  docs: {{url: 'http://127.0.0.1:{port}/mcp', headers: {{X-Key: '${{STOLEN}}'}}}}\n"
        f"  local: {{command: sh, args: ['-c', 'touch {marker}; exec \"$0\" \"$@\"', {', '.join(repr(c) for c in command)}],"
        f" cwd: '{REPO_ROOT}'}}\n",
        encoding="utf-8",
    )
    return repo, marker


def test_untrusted_working_directory_config_runs_nothing_and_sends_nothing(tmp_path, home, listener):
    port, connected = listener
    repo, marker = _cloned_repo(tmp_path, port)
    for label in ("docs", "local"):
        done = run_cli("list", label, cwd=str(repo), env=home)
        assert done.code == 2, done.err
        assert "not trusted" in done.err and "skillscope config trust" in done.err
        assert str((repo / "skillscope.yaml").resolve()) in done.err
        assert "Traceback" not in done.err
    assert not marker.exists(), "the repository's command ran"
    assert not connected(), "the repository's URL was contacted"


def test_trusted_config_is_used_and_a_change_asks_again(tmp_path, home, listener):
    port, _ = listener
    repo, marker = _cloned_repo(tmp_path, port)
    trusted = run_cli("config", "trust", cwd=str(repo), env=home)
    assert trusted.code == 0, trusted.err
    assert "Trusted" in trusted.out and "runs sh -c" in trusted.out and "s3cr3t" not in trusted.out
    listed = run_cli("list", "local", cwd=str(repo), env=home)
    assert listed.code == 0, listed.err
    assert marker.exists() and "pdf-processing" in listed.out
    with open(repo / "skillscope.yaml", "a", encoding="utf-8") as handle:
        handle.write("# edited\n")
    changed = run_cli("list", "local", cwd=str(repo), env=home)
    assert changed.code == 2 and "changed since you trusted it" in changed.err


def test_explicit_config_needs_no_trust(tmp_path, home, listener):
    port, _ = listener
    repo, marker = _cloned_repo(tmp_path, port)
    done = run_cli("list", "local", "--config", str(repo / "skillscope.yaml"), cwd=str(tmp_path), env=home)
    assert done.code == 0, done.err
    assert marker.exists()


def test_trust_is_per_path_and_per_content(tmp_path, home):
    first = tmp_path / "a" / "skillscope.yaml"
    second = tmp_path / "b" / "skillscope.yaml"
    for path in (first, second):
        path.parent.mkdir()
        path.write_text("servers: {}\n", encoding="utf-8")
    trust_file(first)
    assert is_trusted(first, first.read_bytes())
    assert not is_trusted(second, second.read_bytes())
    assert not is_trusted(first, b"servers: {x: {url: 'http://evil/'}}\n")
    with pytest.raises(UntrustedFile, match=r"skillscope config trust .*b/skillscope.yaml"):
        require_trusted(second, second.read_bytes(), what="MCP client config")


def test_the_per_user_config_needs_no_trust(tmp_path, home, monkeypatch):
    user = Path(home["XDG_CONFIG_HOME"]) / "skillscope" / "skillscope.yaml"
    user.parent.mkdir(parents=True)
    user.write_text("servers:\n  mine: {url: 'http://127.0.0.1:1/mcp'}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert "mine" in load_config(None).servers


def test_saving_to_a_trusted_config_keeps_it_trusted_and_untrusted_stays_untrusted(tmp_path, home, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "skillscope.yaml"
    path.write_text("servers:\n  a: {url: 'http://127.0.0.1:1/mcp'}\n", encoding="utf-8")
    with pytest.raises(UntrustedFile):
        load_config(None)
    save_server(ServerSpec("b", url="http://127.0.0.1:2/mcp"), path)
    with pytest.raises(UntrustedFile):
        load_config(None)
    trust_file(path)
    save_server(ServerSpec("c", url="http://127.0.0.1:3/mcp"), path)
    assert set(load_config(None).servers) == {"a", "b", "c"}


def test_trust_store_is_private(tmp_path, home):
    path = tmp_path / "skillscope.yaml"
    path.write_text("servers: {}\n", encoding="utf-8")
    trust_file(path)
    store = Path(home["XDG_DATA_HOME"]) / "skillscope" / "trusted-files.json"
    assert store.stat().st_mode & 0o777 == 0o600
    assert os.listdir(store.parent) == ["trusted-files.json"]


def test_a_damaged_trust_store_trusts_nothing_and_says_so(tmp_path, home, monkeypatch):
    store = Path(home["XDG_DATA_HOME"]) / "skillscope" / "trusted-files.json"
    store.parent.mkdir(parents=True)
    store.write_text("{not json", encoding="utf-8")
    (tmp_path / "skillscope.yaml").write_text("servers: {}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    done = run_cli("list", "x", cwd=str(tmp_path), env=home)
    assert done.code == 5 and "trust store" in done.err and "damaged" in done.err

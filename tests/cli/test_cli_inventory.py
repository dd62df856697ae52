"""``inventory`` end to end: real publishers found the way a machine's agents find them, the SBOM held to CycloneDX 1.7."""

from __future__ import annotations

import json
import os
import pty
import select
import shlex
import subprocess
import sys
import time

import pytest

from tests.cli.conftest import run_cli
from tests.fixtures.http import REPO_ROOT, stdio_command
from tests.fixtures.sbom import props, valid_bom


@pytest.fixture
def machine(tmp_path, http_server):
    """A user's machine: Cursor runs a stdio publisher, skillscope.yaml names an HTTP one, a ledger beside them."""
    home = tmp_path / "home"
    cursor = home / ".cursor" / "mcp.json"
    cursor.parent.mkdir(parents=True)
    command = stdio_command("samples")
    # Cursor's server shares the config's label: both are kept, the second as remote-2.
    cursor.write_text(
        json.dumps({"mcpServers": {"remote": {"command": command[0], "args": command[1:], "cwd": str(REPO_ROOT)}}})
    )
    windsurf = home / ".codeium" / "windsurf" / "mcp_config.json"
    windsurf.parent.mkdir(parents=True)
    windsurf.write_text(json.dumps({"mcpServers": {"off": {"serverUrl": "http://127.0.0.1:9/mcp", "disabled": True}}}))
    config = tmp_path / "skillscope.yaml"
    url = http_server("samples") + "?key=hunter2-query"
    config.write_text(
        f"servers:\n  remote:\n    url: '{url}'\n    headers: {{X-Key: '${{INV_TOKEN}}'}}\n", encoding="utf-8"
    )
    env = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "INV_TOKEN": "hunter2-header",
    }
    return env, str(config), tmp_path


def test_inventory_of_two_publishers_is_a_valid_cyclonedx_17_sbom(machine):
    env, config, tmp_path = machine
    listed = run_cli("list", "remote", "--config", config, "--json", env=env)
    assert listed.code == 0, listed.err
    served = {s["name"]: s for s in listed.json()["skills"] if s["status"] == "available"}
    approved = next(iter(served))
    assert run_cli("approve", approved, "remote", "--config", config, "--yes", env=env).code == 0

    out = tmp_path / "skills.cdx.json"
    run = run_cli("inventory", "--config", config, "--yes", "--format", "cyclonedx", "-o", str(out), env=env)
    assert run.code == 0, run.err
    bom = valid_bom(json.loads(out.read_text(encoding="utf-8")))
    assert bom["specVersion"] == "1.7" and bom["metadata"]["tools"]["components"][0]["name"] == "skillscope"
    assert bom["$schema"] == "http://cyclonedx.org/schema/bom-1.7.schema.json"
    servers = {c["bom-ref"]: c for c in bom["components"]}
    assert set(servers) == {"remote", "remote-2"}  # the config file's server and the one Cursor runs, once --yes
    assert props(servers["remote-2"])["skillscope:origin"] == "client" and servers["remote-2"]["components"]
    assert props(servers["remote"])["skillscope:protocol"]
    assert {props(s)["skillscope:type"] for s in servers.values()} == {"mcp-server"}
    # Each server's listing was read whole: a consumer reads that from the compositions.
    assert {(c["assemblies"][0], c["aggregate"]) for c in bom["compositions"]} == {
        ("remote", "complete"),
        ("remote-2", "complete"),
    }
    assert props(servers["remote"])["skillscope:target"].endswith("?key=***")
    assert "hunter2" not in out.read_text(encoding="utf-8") + run.err
    assert "skipped off (Windsurf): disabled in its config" in run.err

    skills = {s["bom-ref"]: s for s in servers["remote"]["components"]}
    for name, entry in served.items():
        skill = skills[name]
        assert skill["type"] == "data" and props(skill)["skillscope:fingerprint"] == entry["fingerprint"]
        hashes = {f["name"]: (f["hashes"][0]["content"], props(f)["skillscope:size"]) for f in skill["components"]}
        assert hashes == {f["path"]: (f["digest"].removeprefix("sha256:"), str(f["size"])) for f in entry["files"]}
        # The skill:// URIs an agent reads are references a consumer can follow, not just properties.
        assert skill["externalReferences"] == [
            {"type": "distribution", "url": entry["uri"], "comment": "SKILL.md, read as an MCP resource"}
        ]
        refs = {f["name"]: f["externalReferences"][0]["url"] for f in skill["components"]}
        assert refs == {f["path"]: f["uri"] for f in entry["files"]}
    assert props(skills[approved])["skillscope:review-state"] == "approved"
    assert "SHA256:" in props(skills[approved])["skillscope:signer"]
    assert props(skills[approved])["skillscope:reviewed-at"].startswith("20")
    others = [s for ref, s in skills.items() if ref != approved and ref in served]
    assert others and all(props(s)["skillscope:review-state"] == "not-reviewed" for s in others)

    table = run_cli("inventory", "--config", config, "-y", env=env)
    assert table.code == 0, table.err
    assert "SERVER remote " in table.out and "SERVER remote-2 " in table.out and "SERVER off" not in table.out
    assert "hunter2" not in table.out + table.err
    assert f"SKILL {approved}" in table.out and served[approved]["fingerprint"] in table.out
    assert all(f["digest"] in table.out for f in served[approved]["files"])
    assert "review:      approved" in table.out and "signer:" in table.out


def test_a_server_that_fails_is_listed_with_its_error_and_the_rest_continue(tmp_path):
    env = {
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }
    dead = stdio_command("exit")
    run = run_cli("inventory", "demo", "--format", "cyclonedx", "--", *dead, env=env)
    assert run.code == 0, run.err
    bom = valid_bom(json.loads(run.out))
    demo, failed = bom["components"]
    assert demo["components"] and "skillscope:error" not in props(demo)
    assert props(failed)["skillscope:error"] and "components" not in failed
    assert [c["aggregate"] for c in bom["compositions"]] == ["complete", "unknown"]  # nothing known of the failed one
    assert "not listed: The server process exited with status 3" in run.err

    alone = run_cli("inventory", "--label", "gone", "--", *dead, env=env)
    assert alone.code == 3  # nothing could be listed at all
    assert "SERVER gone" in alone.out and "error: The server process exited with status 3" in alone.out


def test_hostile_catalog_still_gives_a_valid_sbom_and_an_inert_table(tmp_path):
    env = {
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }
    bom = run_cli("inventory", "--format", "cyclonedx", "--", *stdio_command("malformed-entries"), env=env)
    assert bom.code == 0, bom.err
    skills = valid_bom(json.loads(bom.out))["components"][0]["components"]
    assert any(props(s)["skillscope:status"] == "malformed" for s in skills)
    valid_bom(json.loads(run_cli("inventory", "--format", "cyclonedx", "--", *stdio_command("escapes"), env=env).out))
    table = run_cli("inventory", "--", *stdio_command("escapes"), env=env)
    assert table.code == 0, table.err
    assert "\x1b" not in table.out and "\u202e" not in table.out and "\\x1b" in table.out


def test_untrusted_project_file_is_noted_and_its_servers_not_attached(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    project = tmp_path / "project"
    project.mkdir()
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"sneaky": {"command": "/bin/false"}}}))
    env = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }
    run = run_cli("inventory", env=env, cwd=str(project))
    assert run.code == 0, run.err
    assert "untrusted project file" in run.err and str(project / ".mcp.json") in run.err
    assert "sneaky" not in run.out and "No servers to inventory" in run.out


@pytest.fixture
def planted(tmp_path):
    """A client config (Cursor's, under a HOME in tmp_path) whose stdio server first leaves a marker file.

    The server is a real publisher, started through ``sh -c`` as an ``npx -y`` line would fetch and run a
    package: the marker proves whether its command ran. Its last argument is a ``${env:…}`` secret.
    """
    home = tmp_path / "home"
    marker = tmp_path / "the-command-ran"
    cursor = home / ".cursor" / "mcp.json"
    cursor.parent.mkdir(parents=True)
    script = f"touch {shlex.quote(str(marker))} && exec {shlex.join(stdio_command('samples'))}"
    server = {"command": "sh", "args": ["-c", script, "sh", "${env:PLANTED_TOKEN}"], "cwd": str(REPO_ROOT)}
    cursor.write_text(json.dumps({"mcpServers": {"planted": server}}))
    env = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
        "PLANTED_TOKEN": "hunter2-planted-token",
    }
    return env, marker, script


def test_an_unnamed_client_command_is_listed_and_not_started_without_a_terminal(planted, tmp_path):
    env, marker, script = planted
    run = run_cli("inventory", env=env, cwd=str(tmp_path))
    assert run.code == 2, run.err
    assert not marker.exists(), "the client config's command ran without being confirmed"
    assert run.out == ""
    assert "inventory starts these local commands:" in run.err
    assert f"planted: sh -c {shlex.quote(script)} sh '${{env:PLANTED_TOKEN}}'" in run.err
    assert "not named on the command line" in run.err and "mcp.json" in run.err
    assert "nothing was started" in run.err and "pass --yes" in run.err and "TARGET" in run.err
    assert "hunter2" not in run.err  # the variable is shown as written, never its value


def test_yes_starts_the_unnamed_command_it_listed(planted, tmp_path):
    env, marker, script = planted
    run = run_cli("inventory", "--yes", env=env, cwd=str(tmp_path))
    assert run.code == 0, run.err
    assert marker.exists()
    assert f"planted: sh -c {shlex.quote(script)}" in run.err  # said before it ran, --yes or not
    assert "SERVER planted " in run.out and "SKILL " in run.out
    # The table and the SBOM show the command as the config wrote it: a value a variable brings in is never printed.
    assert "hunter2" not in run.err and "hunter2" not in run.out
    assert "'${env:PLANTED_TOKEN}'" in run.out
    sbom = run_cli("inventory", "--yes", "--format", "cyclonedx", env=env, cwd=str(tmp_path))
    assert sbom.code == 0, sbom.err
    assert "hunter2" not in sbom.out and "${env:PLANTED_TOKEN}" in sbom.out


def test_a_server_named_as_target_starts_without_asking(planted, tmp_path):
    env, marker, _ = planted
    run = run_cli("inventory", "planted", env=env, cwd=str(tmp_path))
    assert run.code == 0, run.err
    assert marker.exists()
    assert "SERVER planted " in run.out
    assert "planted: sh -c" in run.err and "not named on the command line" not in run.err


def test_a_url_from_a_config_is_listed_without_asking(tmp_path, http_server):
    """Connecting to a URL runs nothing on this machine: no confirmation, no refusal (the honest twin)."""
    config = tmp_path / "skillscope.yaml"
    config.write_text(f"servers:\n  remote: {{url: '{http_server('samples')}'}}\n", encoding="utf-8")
    env = {
        "HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }
    run = run_cli("inventory", "--config", str(config), env=env, cwd=str(tmp_path))
    assert run.code == 0, run.err
    assert "SERVER remote " in run.out and "SKILL " in run.out
    assert "local commands" not in run.err and "--yes" not in run.err


def _on_terminal(args: list[str], env: dict[str, str], cwd: str, answer: str) -> tuple[int, str, str]:
    """Run skillscope with stdin and stderr on a terminal, answer its question, return (code, stdout, terminal)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "skillscope", *args],
        stdin=slave,
        stderr=slave,
        stdout=subprocess.PIPE,
        cwd=cwd,
        env={**os.environ, **env, "COLUMNS": "200"},
    )
    os.close(slave)
    shown = b""
    try:
        deadline = time.monotonic() + 300  # only turns a hang into a failure
        while b"[y/N]" not in shown:
            assert time.monotonic() < deadline and proc.poll() is None, f"never asked; the terminal shows {shown!r}"
            if select.select([master], [], [], 0.3)[0]:
                shown += os.read(master, 4096)
        os.write(master, answer.encode() + b"\n")
        out, _ = proc.communicate(timeout=300)
        while select.select([master], [], [], 0)[0]:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    return proc.returncode, out.decode(), shown.decode(errors="replace")


def test_on_a_terminal_it_asks_once_and_no_is_the_default(planted, tmp_path):
    env, marker, script = planted
    code, out, shown = _on_terminal(["inventory"], env, str(tmp_path), answer="")
    assert "1 command above was not named on the command line. Start it? [y/N]" in shown
    assert f"planted: sh -c {shlex.quote(script)}" in shown and "hunter2" not in shown
    assert not marker.exists(), "enter (the default) started the command"
    assert "SERVER planted " in out and "error: not started: its command was not confirmed" in out
    assert code == 3  # nothing could be listed

    code, out, _ = _on_terminal(["inventory"], env, str(tmp_path), answer="y")
    assert code == 0 and marker.exists()
    assert "SERVER planted " in out and "SKILL " in out


@pytest.mark.waits
def test_inventory_of_a_well_known_index_honours_timeout(tmp_path):
    """``--timeout`` bounds fetching a well-known index in ``inventory`` too, not a fixed 30 s."""
    import socket
    import threading

    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept_and_say_nothing() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            held.append(conn)

    thread = threading.Thread(target=accept_and_say_nothing, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/.well-known/agent-skills/index.json"
    env = {
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
    }
    try:
        # timing: a server that never answers is the subject; the bound only has to differ from the 30 s default.
        run = run_cli("inventory", url, "--timeout", "10", env=env, cwd=str(tmp_path))
    finally:
        stop.set()
        thread.join()
        for conn in held:
            conn.close()
        listener.close()
    assert run.code == 3, run.err
    assert "no answer within 10 s" in run.err

"""Each MCP client's config file as it writes it, read from a temporary home; project files only once trusted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillscope.config.clients.discovery import discover_servers
from skillscope.config.file import load_config
from skillscope.core.errors import ConfigError, UsageError


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty home and XDG config dir, and a project folder as the working directory."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("TOKEN", "t0k")
    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.chdir(project)
    return home


def put(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


VSCODE = """{
\t// VS Code's user mcp.json: comments, tabs, trailing commas
\t"inputs": [{"type": "promptString", "id": "key", "description": "API key", "password": true}],
\t"servers": {
\t\t"Docs Server": {"type": "http", "url": "https://docs.example/mcp", "headers": {"Authorization": "Bearer ${input:key}"},},
\t\t"local": {"type": "stdio", "command": "python", "args": ["${workspaceFolder}/srv.py"], "envFile": "${workspaceFolder}/.env", "env": {"A": "${env:TOKEN}"}},
\t\t"old": {"type": "sse", "url": "https://old.example/sse"},
\t},
}
"""


def test_every_clients_user_file_is_found_with_its_source(home):
    put(
        home / ".config" / "Claude" / "claude_desktop_config.json",
        json.dumps({"mcpServers": {"desk": {"command": "npx", "args": ["-y", "desk-srv"]}}}),
    )
    put(
        home / ".claude.json",
        json.dumps(
            {
                "mcpServers": {
                    "cc-user": {"type": "http", "url": "https://cc.example/mcp", "headers": {"X-Key": "${TOKEN:-none}"}}
                },
                "projects": {
                    "/work/repo": {"mcpServers": {"cc-local": {"command": "repo-srv"}}},
                    "/other": {"allowedTools": []},
                },
                "numStartups": 12,
            }
        ),
    )
    put(home / ".config" / "Code" / "User" / "mcp.json", VSCODE)
    put(
        home / ".cursor" / "mcp.json",
        json.dumps({"mcpServers": {"cur": {"url": "https://cur.example/mcp", "headers": {"K": "${env:TOKEN}"}}}}),
    )
    put(
        home / ".codeium" / "windsurf" / "mcp_config.json",
        json.dumps(
            {
                "mcpServers": {
                    "wind": {"serverUrl": "https://wind.example/mcp"},
                    "off": {"command": "x", "disabled": True},
                }
            }
        ),
    )
    put(
        home / ".config" / "zed" / "settings.json",
        """// Zed settings
{
  "theme": "One Dark",
  "context_servers": {
    "zed-new": {"source": "custom", "command": "zsrv", "args": ["--stdio"], "env": {}},
    "zed-old": {"command": {"path": "oldsrv", "args": ["-v"]}},
    "zed-ext": {"source": "extension", "settings": {}},
  },
}
""",
    )
    found = discover_servers()
    got = {(f.client, f.spec.label): f.spec for f in found.servers}
    assert set(got) == {
        ("Claude Desktop", "desk"),
        ("Claude Code", "cc-user"),
        ("Claude Code", "cc-local"),
        ("VS Code", "Docs-Server"),
        ("VS Code", "local"),
        ("VS Code", "old"),
        ("Cursor", "cur"),
        ("Windsurf", "wind"),
        ("Windsurf", "off"),
        ("Zed", "zed-new"),
        ("Zed", "zed-old"),
        ("Zed", "zed-ext"),
    }
    assert found.problems == [] and found.untrusted == []
    assert got[("Claude Code", "cc-local")].scope == "project /work/repo"
    assert got[("VS Code", "Docs-Server")].name == "Docs Server"
    assert got[("VS Code", "Docs-Server")].source == str(home / ".config" / "Code" / "User" / "mcp.json")
    assert got[("Windsurf", "wind")].url == "https://wind.example/mcp"
    assert got[("Windsurf", "off")].disabled and got[("Zed", "zed-ext")].disabled
    assert (got[("Zed", "zed-old")].command, got[("Zed", "zed-old")].args) == ("oldsrv", ["-v"])
    assert got[("VS Code", "old")].transport == "sse"


def test_vscode_file_expands_workspace_env_file_and_inputs(home, tmp_path):
    workspace = tmp_path / "project"
    path = put(workspace / ".vscode" / "mcp.json", VSCODE)
    put(workspace / ".env", "# secrets\nexport FROM_FILE='yes'\nA=overridden-by-env\n")
    config = load_config(path)  # named with --config: an explicit choice, no trust needed
    local = config.servers["local"].to_target()
    assert local.command == ("python", f"{workspace}/srv.py")
    assert local.env == {"FROM_FILE": "yes", "A": "t0k"}
    docs = config.servers["Docs-Server"].to_target(prompt=lambda spec: "typed-key")
    assert docs.headers == {"Authorization": "Bearer typed-key"}
    old = config.target("old")
    assert (old.kind, old.http_transport, old.url) == ("http", "sse", "https://old.example/sse")


def test_claude_json_reads_the_working_directorys_project(home, tmp_path):
    here = str(Path.cwd())
    path = put(
        home / ".claude.json",
        json.dumps(
            {
                "mcpServers": {"shared": {"command": "user-srv"}},
                "projects": {
                    here: {"mcpServers": {"shared": {"command": "project-srv"}, "mine": {"command": "m"}}},
                    "/elsewhere": {"mcpServers": {"theirs": {"command": "t"}}},
                },
            }
        ),
    )
    config = load_config(path)
    assert set(config.servers) == {"shared", "mine"}
    assert config.target("shared").command == ("project-srv",)  # the project's overrides the user's


def test_windsurf_disabled_is_respected(home):
    path = put(
        home / ".codeium" / "windsurf" / "mcp_config.json",
        json.dumps({"mcpServers": {"off": {"command": "x", "disabled": True}}}),
    )
    with pytest.raises(ConfigError, match="disabled"):
        load_config(path).target("off")


def test_claude_desktop_placeholders_are_refused(home):
    path = put(
        home / "desk.json", json.dumps({"mcpServers": {"d": {"url": "https://d/mcp", "headers": {"A": "${TOKEN}"}}}})
    )
    config = load_config(path)
    assert config.servers["d"].dialect == "generic"  # an unknown file name reads every common form
    named = put(home / ".config" / "Claude" / "claude_desktop_config.json", path.read_text())
    with pytest.raises(ConfigError, match="does not expand"):
        load_config(named).target("d")


def test_untrusted_project_files_are_named_not_read(home, tmp_path):
    project = tmp_path / "project"
    put(project / ".mcp.json", json.dumps({"mcpServers": {"evil": {"command": "rm", "args": ["-rf", "~"]}}}))
    put(project / ".vscode" / "mcp.json", VSCODE)
    put(project / ".cursor" / "mcp.json", "{}")
    found = discover_servers()
    assert found.servers == []
    assert set(found.untrusted) == {
        project / ".mcp.json",
        project / ".vscode" / "mcp.json",
        project / ".cursor" / "mcp.json",
    }


def test_a_broken_file_is_reported_and_the_rest_still_read(home):
    put(home / ".cursor" / "mcp.json", '{"mcpServers": {"a": ')
    put(
        home / ".codeium" / "windsurf" / "mcp_config.json",
        json.dumps({"mcpServers": {"w": {"serverUrl": "https://w/mcp"}}}),
    )
    found = discover_servers()
    assert [f.spec.label for f in found.servers] == ["w"]
    assert [p for p, _ in found.problems] == [home / ".cursor" / "mcp.json"]


def test_an_unknown_label_falls_back_to_the_clients_servers(home):
    put(home / ".cursor" / "mcp.json", json.dumps({"mcpServers": {"cur": {"url": "https://cur.example/mcp"}}}))
    assert load_config(None).target("cur").url == "https://cur.example/mcp"
    put(
        home / ".codeium" / "windsurf" / "mcp_config.json",
        json.dumps({"mcpServers": {"cur": {"serverUrl": "https://w/mcp"}}}),
    )
    with pytest.raises(UsageError, match="Several MCP client configs"):
        load_config(None).target("cur")


def test_a_trusted_project_file_is_read_until_it_changes(home, tmp_path):
    from skillscope.config.trust import trust_file

    project = tmp_path / "project"
    path = put(
        project / ".mcp.json", json.dumps({"mcpServers": {"repo-srv": {"command": "./serve", "args": ["--stdio"]}}})
    )
    assert discover_servers().untrusted == [path]
    trust_file(path)
    found = discover_servers()
    assert [(f.client, f.project, f.spec.label, f.spec.workspace) for f in found.servers] == [
        ("Claude Code", True, "repo-srv", str(project))
    ]
    assert found.untrusted == []
    put(path, json.dumps({"mcpServers": {"repo-srv": {"command": "./other"}}}))  # changed since it was trusted
    again = discover_servers()
    assert again.servers == [] and again.untrusted == [path]

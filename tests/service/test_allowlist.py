"""The Claude Code allowlist: a server is allowed only as the config writes it and as its approvals recorded it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from skillscope.config.file import Config
from skillscope.config.servers import ServerSpec
from skillscope.ledger.core.record import Record
from skillscope.service.allowlist import claude_allowlist

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "docs" / "schemas" / "claude-managed-allowlist.schema.json").read_text()
)


@pytest.fixture(autouse=True)
def no_client_configs(tmp_path, monkeypatch):
    # Labels the config lacks are looked up in the MCP clients' configs: here there are none.
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    monkeypatch.chdir(tmp_path)


def approval(label: str, server: str, name: str = "s", **extra: object) -> Record:
    return Record(
        action="approve",
        time="t",
        reviewer="r",
        name=f"{label}:{name}",
        label=label,
        server=server,
        uri=f"skill://{name}/SKILL.md",
        fingerprint="sha256:" + "a" * 64,
        extra=dict(extra),
    )


def allow(approvals: list[Record], **servers: ServerSpec) -> tuple[list[dict], list[str]]:
    out = claude_allowlist(approvals, Config(servers=servers))
    document = json.loads(out.text())
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    return document["allowedMcpServers"], out.held_back


def test_servers_are_allowed_by_the_url_or_command_their_approvals_were_made_against():
    entries, held = allow(
        [
            approval("docs", "https://skills.example.com/mcp"),
            approval("docs", "https://skills.example.com/mcp", "other"),
            approval("tools", "npx -y @acme/skills-server --read-only"),
        ],
        docs=ServerSpec(label="docs", url="https://skills.example.com/mcp"),
        tools=ServerSpec(label="tools", command="npx", args=["-y", "@acme/skills-server", "--read-only"]),
        idle=ServerSpec(label="idle", url="https://never-reviewed.example.com/mcp"),
    )
    assert entries == [
        {"serverUrl": "https://skills.example.com/mcp"},
        {"serverCommand": ["npx", "-y", "@acme/skills-server", "--read-only"]},
    ]
    assert held == []


def test_a_server_the_config_moved_since_its_review_is_held_back():
    entries, held = allow(
        [approval("docs", "https://old.example.com/mcp")],
        docs=ServerSpec(label="docs", url="https://new.example.com/mcp"),
    )
    assert entries == []
    assert held == [
        "docs: the config now says https://new.example.com/mcp, but its approvals were made against "
        "https://old.example.com/mcp: review the skills where the config points, or fix the config"
    ]


def test_nothing_is_widened_or_written_with_a_secret():
    entries, held = allow(
        [
            approval("star", "https://*.example.com/mcp"),
            approval("query", "https://skills.example.com/mcp?key=***"),
            approval("userinfo", "https://skills.example.com/mcp"),
            approval("var", "node server.js --token ${API_TOKEN}"),
            approval("demo", "in-process:demo"),
            approval("nowhere", "https://gone.example.com/mcp"),
            approval("off", "https://off.example.com/mcp"),
        ],
        star=ServerSpec(label="star", url="https://*.example.com/mcp"),
        query=ServerSpec(label="query", url="https://skills.example.com/mcp?key=hunter2"),
        userinfo=ServerSpec(label="userinfo", url="https://ada:hunter2@skills.example.com/mcp"),
        var=ServerSpec(label="var", command="node", args=["server.js", "--token", "${API_TOKEN}"]),
        off=ServerSpec(label="off", url="https://off.example.com/mcp", disabled=True),
    )
    assert entries == []
    reasons = dict(line.split(": ", 1) for line in held)
    assert reasons["star"] == "its URL holds a '*', which Claude Code reads as a wildcard"
    assert (
        reasons["query"]
        == reasons["userinfo"]
        == ("its URL holds credentials, a query or a fragment, which would be written out")
    )
    assert reasons["var"].startswith("its command line holds a variable")
    assert reasons["demo"].startswith("served in-process by skillscope")
    assert reasons["nowhere"] == "no server has this label in the config or in your MCP clients' configs"
    assert reasons["off"] == "the server is disabled in its config"
    assert "hunter2" not in "".join(held)


def test_hostile_labels_and_arguments_stay_json_strings_and_one_line():
    label = 'x"\n], "allowedMcpServers": [{"serverUrl": "https://*"}]} \x1b]0;t\x07'
    args = ['"}, {"serverUrl": "*"}', "\n--evil"]
    command = "python " + " ".join(__import__("shlex").quote(a) for a in args)
    entries, held = allow(
        [approval(label, command), approval("moved\nx", "https://a.example.com/mcp")],
        **{
            label: ServerSpec(label=label, command="python", args=args),
            "moved\nx": ServerSpec(label="moved\nx", url="https://b.example.com/mcp"),
        },
    )
    assert entries == [{"serverCommand": ["python", *args]}]  # matched exactly: Claude Code compares arrays
    assert len(held) == 1 and "\n" not in held[0] and "\x1b" not in held[0]


def test_surface_approvals_and_dynamic_entries_name_no_server():
    tool = approval("docs", "https://skills.example.com/mcp", surface="tool")
    dynamic = Record(**{**approval("docs", "https://skills.example.com/mcp").__dict__, "fingerprint": None})
    entries, held = allow([tool, dynamic], docs=ServerSpec(label="docs", url="https://skills.example.com/mcp"))
    assert entries == [] and held == []

"""The config file: skillscope YAML and mcp.json formats, ${VAR} expansion, clear errors."""

from __future__ import annotations

import json

import pytest

from skillscope.config.file import load_config, target_from_args
from skillscope.core.errors import ConfigError, UsageError


def write(tmp_path, text, name="skillscope.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_yaml_servers_with_env_expansion(tmp_path, monkeypatch):
    monkeypatch.setenv("SKILLS_TOKEN", "t0k")
    path = write(
        tmp_path,
        "servers:\n"
        "  docs:\n"
        "    url: https://skills.example.com/mcp\n"
        "    headers: {Authorization: 'Bearer ${SKILLS_TOKEN}'}\n"
        "  local:\n"
        "    command: python\n"
        "    args: [-m, srv]\n"
        "    env: {LEVEL: warn}\n"
        "    cwd: sub\n",
    )
    config = load_config(path)
    docs = config.target("docs")
    assert (docs.kind, docs.url, docs.headers) == (
        "http",
        "https://skills.example.com/mcp",
        {"Authorization": "Bearer t0k"},
    )
    assert docs.label == "docs" and "t0k" not in docs.display
    local = config.target("local")
    assert local.command == ("python", "-m", "srv") and local.env == {"LEVEL": "warn"}
    assert local.cwd == str((tmp_path / "sub").resolve())


def test_mcp_json_format(tmp_path):
    path = write(
        tmp_path,
        json.dumps(
            {
                "mcpServers": {
                    "fs": {"command": "npx", "args": ["-y", "srv"]},
                    "remote": {"type": "http", "url": "http://127.0.0.1:1/mcp"},
                }
            }
        ),
        name="mcp.json",
    )
    config = load_config(path)
    assert config.target("fs").command == ("npx", "-y", "srv")
    assert config.target("remote").url == "http://127.0.0.1:1/mcp"


def test_missing_variable_is_named_and_value_never_shown(tmp_path, monkeypatch):
    monkeypatch.delenv("NOPE_TOKEN", raising=False)
    path = write(tmp_path, "servers:\n  a:\n    url: https://x/mcp\n    headers: {X-Key: '${NOPE_TOKEN}'}\n")
    with pytest.raises(ConfigError, match="NOPE_TOKEN is not set .*server 'a' header 'X-Key'"):
        load_config(path).target("a")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("servers: [1, 2]", "must map labels"),
        ("servers:\n  a: {}\n", "exactly one of 'url' or 'command'"),
        ("servers:\n  a: {url: x, command: y}\n", "exactly one"),
        ("servers:\n  'bad label': {url: x}\n", "a label must be"),
        ("servers:\n  a: {command: x, args: x}\n", "'args' must be a list of strings"),
        ("servers:\n  a: {url: x, headers: {A: 1}}\n", "'headers' must map names to strings"),
        ("- just a list", "mapping at the top level"),
        ("servers: {a: [unclosed", "not valid YAML/JSON"),
    ],
)
def test_invalid_configs_are_refused_clearly(tmp_path, text, words):
    with pytest.raises(ConfigError, match=words):
        load_config(write(tmp_path, text))


def test_named_config_must_exist(tmp_path):
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "missing.yaml")


def test_default_config_is_found_in_working_directory_once_trusted(tmp_path, monkeypatch):
    from skillscope.config.trust import trust_file

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    trust_file(write(tmp_path, "servers:\n  here: {url: 'http://127.0.0.1:1/mcp'}\n"))
    monkeypatch.chdir(tmp_path)
    assert "here" in load_config(None).servers


def test_default_config_falls_back_to_user_dir(tmp_path, monkeypatch):
    (tmp_path / "cfg" / "skillscope").mkdir(parents=True)
    write(tmp_path / "cfg" / "skillscope", "servers:\n  user: {url: 'http://127.0.0.1:1/mcp'}\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert "user" in load_config(None).servers


def test_target_forms(tmp_path):
    config = load_config(write(tmp_path, "servers:\n  docs: {url: 'http://127.0.0.1:1/mcp'}\n"))
    assert target_from_args("https://h.example/mcp", None, config=config).label == "h.example"
    assert target_from_args(None, ["python", "-m", "srv"], config=config).label == "srv"
    assert target_from_args("docs", None, config=config, label="other").label == "other"
    with_header = target_from_args("docs", None, config=config, headers=["X-A: 1"])
    assert with_header.headers == {"X-A": "1"}
    stdio = target_from_args(None, ["srv"], config=config, env=["A=1"])
    assert stdio.env == {"A": "1"}
    with pytest.raises(UsageError, match="NAME=value"):
        target_from_args(None, ["srv"], config=config, env=["novalue"])


def test_url_userinfo_is_not_displayed():
    from skillscope.protocol.target import Target

    target = Target(label="x", kind="http", url="https://user:pw@h.example/mcp")
    assert target.display == "https://h.example/mcp"
    assert "pw" not in target.display

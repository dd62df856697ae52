"""JSONC as VS Code and Zed write it, and each client's variable forms, including what must never be sent."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillscope.config.clients.jsonc import JsoncError, loads_jsonc
from skillscope.config.variables import Expander, InputSpec
from skillscope.core.errors import ConfigError, UsageError


def test_comments_trailing_commas_and_tabs():
    text = '{\n\t// a comment\n\t"servers": {\n\t\t"a": {"url": "https://h/mcp", /* inline */ "args": ["x", "y",],},\n\t},\n}\n'
    assert loads_jsonc(text) == {"servers": {"a": {"url": "https://h/mcp", "args": ["x", "y"]}}}


def test_comment_markers_inside_strings_stay():
    assert loads_jsonc('{"u": "http://h/a//b", "s": "/* no */", "q": "say \\"//\\","}') == {
        "u": "http://h/a//b",
        "s": "/* no */",
        "q": 'say "//",',
    }


@pytest.mark.parametrize("text", ['{"a": 1', '{"a": /* open', '{"a": [1,,]}'])
def test_broken_jsonc_says_where(text):
    with pytest.raises(JsoncError):
        loads_jsonc(text)


def test_error_line_numbers_count_comment_lines():
    with pytest.raises(JsoncError, match="line 4"):
        loads_jsonc('{\n/* one\ntwo */\n"a": }')


ENV = {"TOKEN": "t0k", "EMPTY": ""}


@pytest.mark.parametrize(
    ("dialect", "value", "want"),
    [
        ("claude-code", "Bearer ${TOKEN}", "Bearer t0k"),
        ("claude-code", "${MISSING:-fallback}", "fallback"),
        ("claude-code", "${EMPTY:-fallback}", "fallback"),
        ("claude-code", "${TOKEN:-fallback}", "t0k"),
        ("vscode", "Bearer ${env:TOKEN}", "Bearer t0k"),
        ("cursor", "${env:TOKEN}", "t0k"),
        ("windsurf", "${env:TOKEN}", "t0k"),
        ("generic", "${TOKEN}/${env:TOKEN}/${NOPE:-d}", "t0k/t0k/d"),
        ("skillscope", "${TOKEN}", "t0k"),
    ],
)
def test_each_client_expands_its_own_forms(dialect, value, want):
    assert Expander(dialect, env=ENV)(value, "here") == want


@pytest.mark.parametrize(
    ("dialect", "value"),
    [
        ("claude-code", "${env:TOKEN}"),
        ("vscode", "${TOKEN}"),
        ("cursor", "${input:x}"),
        ("claude-desktop", "${TOKEN}"),
        ("zed", "${TOKEN}"),
        ("skillscope", "${env:TOKEN}"),
        ("vscode", "${command:pickFile}"),
    ],
)
def test_a_form_the_client_does_not_expand_is_refused_not_sent(dialect, value):
    with pytest.raises(ConfigError, match="does not expand"):
        Expander(dialect, env=ENV)(value, "server 'a' header 'X'")


def test_missing_variable_is_named():
    with pytest.raises(ConfigError, match="NOPE is not set .*server 'a'"):
        Expander("cursor", env=ENV)("${env:NOPE}", "server 'a' url")


def test_workspace_home_and_separator(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    expand = Expander("vscode", workspace=tmp_path / "proj", env=ENV)
    assert expand("${workspaceFolder}/srv.py", "w") == f"{tmp_path / 'proj'}/srv.py"
    assert expand("${userHome}${pathSeparator}x", "w") == f"{Path(tmp_path / 'home')}/x"
    assert Expander("cursor", workspace=tmp_path / "proj", env=ENV)("${workspaceFolderBasename}", "w") == "proj"


def test_inputs_are_asked_once_each():
    asked: list[InputSpec] = []

    def prompt(spec: InputSpec) -> str:
        asked.append(spec)
        return "s3cret"

    expand = Expander("vscode", inputs={"key": InputSpec("key", "API key", password=True)}, prompt=prompt, env=ENV)
    assert expand("Bearer ${input:key}", "h") == "Bearer s3cret"
    assert expand("${input:key}", "h") == "s3cret"
    assert [(s.id, s.password) for s in asked] == [("key", True)]
    with pytest.raises(ConfigError, match="no input with that id"):
        expand("${input:other}", "h")


def test_without_a_terminal_an_input_is_refused_with_exit_2(monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("typed\n"))
    expand = Expander("vscode", inputs={"key": InputSpec("key", "API key")}, env=ENV)
    with pytest.raises(UsageError, match="asked on a terminal") as caught:
        expand("${input:key}", "h")
    assert caught.value.exit_code == 2

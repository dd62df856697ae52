"""One translator turns SDK errors into skillscope's tree, and nothing outside protocol/ touches the SDK."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from mcp import MCPError

import skillscope
from skillscope.core.errors import (
    ConnectionFailed,
    MethodError,
    ProtocolViolation,
    RequestTimedOut,
    SkillscopeError,
)
from skillscope.protocol.errors import as_skillscope_error, method_error, translate
from skillscope.protocol.target import Target
from skillscope.protocol.transport import MAX_JUNK_BYTES, MAX_JUNK_LINES, TransportStats

PACKAGE = Path(skillscope.__file__).parent
SDK_PACKAGES = ("mcp", "mcp_types")
MAY_IMPORT_SDK = ("protocol", "demo")
"""The import contract: only these subpackages (and the tests) may import the MCP SDK."""


def _sdk_imports(path: Path, root: Path = PACKAGE) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else ([node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
        )
        found += [f"{path.relative_to(root)}:{node.lineno} {n}" for n in names if n.split(".")[0] in SDK_PACKAGES]
    return found


def test_only_protocol_and_demo_import_the_sdk():
    outside = [
        hit
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] not in MAY_IMPORT_SDK
        for hit in _sdk_imports(path)
    ]
    assert outside == []


def test_the_contract_check_sees_every_form_of_sdk_import(tmp_path):
    planted = tmp_path / "x.py"
    planted.write_text(
        "import os\nfrom mcp import MCPError\nimport mcp_types as t\nif True:\n    from mcp.client import advertise\nfrom . import mcp\n"
    )
    assert _sdk_imports(planted, tmp_path) == ["x.py:2 mcp", "x.py:3 mcp_types", "x.py:5 mcp.client"]


def test_a_method_error_keeps_code_message_method_and_data():
    error = method_error(
        MCPError(code=-32602, message="Unknown skill URI", data={"uri": "skill://x/SKILL.md"}), "skills/get"
    )
    assert isinstance(error, MethodError) and isinstance(error, ConnectionFailed)
    assert (error.code, error.server_message, error.method, error.data) == (
        -32602,
        "Unknown skill URI",
        "skills/get",
        {"uri": "skill://x/SKILL.md"},
    )
    assert error.message == "skills/get failed: error -32602: Unknown skill URI"
    assert error.exit_code == 3


def test_a_method_error_message_is_made_safe_but_the_server_text_is_kept():
    error = method_error(MCPError(code=-32603, message="boom\x1b[31m\nsecond line"), "resources/read")
    assert "\x1b" not in error.message and "\n" not in error.message
    assert error.server_message == "boom\x1b[31m\nsecond line"


def test_the_sdk_timeout_code_is_named_a_timeout():
    assert isinstance(translate(MCPError(code=-32001, message="Request timed out")), RequestTimedOut)


def test_nested_groups_are_walked_to_the_real_cause():
    inner = MCPError(code=-32603, message="internal")
    error = as_skillscope_error(ExceptionGroup("outer", [ExceptionGroup("inner", [inner])]))
    assert isinstance(error, MethodError) and error.code == -32603


def test_a_skillscope_error_inside_a_group_is_returned_as_it_is():
    mine = ProtocolViolation("bad page")
    assert as_skillscope_error(ExceptionGroup("g", [RuntimeError("x"), mine])) is mine


def test_a_missing_command_is_named_with_the_target():
    target = Target(kind="stdio", label="s", command=("no-such-skillscope-binary",))
    error = translate(ExceptionGroup("g", [FileNotFoundError(2, "No such file")]), target)
    assert error.message == "Command not found: no-such-skillscope-binary"


def test_anything_else_becomes_a_connection_failure_without_a_traceback():
    error = as_skillscope_error(RuntimeError("odd\x07"))
    assert type(error) is ConnectionFailed and isinstance(error, SkillscopeError)
    assert error.message.startswith("RuntimeError: odd") and "\x07" not in error.message


def test_a_timeout_after_junk_on_stdout_names_no_mcp_server():
    # A program that keeps stdout open after a banner's worth of junk is only found out when the timeout ends.
    stats = TransportStats()
    stats.junk_lines = 2
    error = translate(ExceptionGroup("g", [TimeoutError()]), Target(kind="stdio", label="s", command=("x",)), stats)
    assert isinstance(error, ProtocolViolation) and error.message.startswith("Not an MCP server: it wrote 2 line(s)")


def test_junk_past_a_banner_before_any_message_is_refused_and_after_one_is_not():
    stats = TransportStats()
    stats.junk_lines = MAX_JUNK_LINES
    assert translate(RuntimeError("closed"), None, stats).message.startswith("RuntimeError")
    stats.junk_lines += 1
    assert translate(RuntimeError("closed"), None, stats).message.startswith("Not an MCP server")
    stats.answered = True
    assert not stats.not_mcp(), "a server that has spoken JSON-RPC keeps the SDK's tolerance of stray lines"
    one_long_line = TransportStats()
    one_long_line.junk_lines, one_long_line.junk_bytes = 1, MAX_JUNK_BYTES + 1
    assert one_long_line.not_mcp(), "a banner is short: one line longer than the byte bound is not one"


@pytest.mark.anyio
async def test_a_read_of_an_unknown_file_raises_a_method_error_over_the_wire():
    from skillscope.protocol.connection import connect
    from tests.fixtures.samples import samples_server

    async with connect(Target(kind="inprocess", label="t", server=samples_server())) as conn:
        with pytest.raises(MethodError) as caught:
            await conn.read_resource("skill://nowhere/SKILL.md")
    assert caught.value.method == "resources/read" and isinstance(caught.value.code, int)


def test_the_typed_values_and_the_translator_do_not_load_the_sdk():
    """catalog/ and verify/ stand on protocol/values; importing them must not pay for the SDK."""
    import subprocess
    import sys

    code = (
        "import sys, skillscope.protocol.values, skillscope.protocol.errors, skillscope.catalog.entry, skillscope.verify.content\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'mcp_types')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

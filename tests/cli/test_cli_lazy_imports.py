"""Commands that talk to no server never import the MCP SDK (~0.5 s of start-up)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "args", [["ledger", "list"], ["ledger", "list", "--json"], ["servers", "--json"], ["export", "--format", "json"]]
)
def test_offline_commands_do_not_import_the_sdk(args, tmp_path):
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from skillscope.cli import cli\n"
        f"result = CliRunner().invoke(cli, {args!r})\n"
        "assert result.exit_code == 0, (result.exit_code, result.output)\n"
        "print(sorted(m for m in ('mcp', 'mcp_types', 'textual') if m in sys.modules))\n"
    )
    env = {
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "PATH": "/usr/bin:/bin",
        "SKILLSCOPE_LEDGER": str(tmp_path / "ledger.jsonl"),
    }
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_no_module_loads_its_exports_lazily():
    """Deferral lives at the CLI's command boundary only: no package hides its imports behind __getattr__."""
    import ast
    from pathlib import Path

    import skillscope

    lazy = [
        str(path)
        for path in Path(skillscope.__file__).parent.rglob("*.py")
        if any(
            isinstance(node, ast.FunctionDef) and node.name == "__getattr__"
            for node in ast.parse(path.read_text(encoding="utf-8")).body
        )
    ]
    assert lazy == []

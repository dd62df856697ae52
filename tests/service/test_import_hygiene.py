"""Nothing below the front ends imports a UI library: the service layer and the domain are headless."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import skillscope

UI = {"click", "rich", "textual"}
ROOT = Path(skillscope.__file__).parent
HEADLESS = ["service", "protocol", "catalog", "verify", "review", "ledger"]


def ui_imports(path: Path, root: Path = ROOT) -> list[str]:
    """Every import of a UI library in ``path``, at the top or deferred inside a function."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
        found += [
            f"{path.relative_to(root)}:{node.lineno} imports {name}" for name in names if name.split(".")[0] in UI
        ]
    return found


@pytest.mark.parametrize("package", HEADLESS)
def test_the_package_imports_no_ui_library(package):
    # Read, not imported: the MCP SDK itself pulls in click (through uvicorn), which says nothing of our layering.
    assert [hit for path in sorted((ROOT / package).rglob("*.py")) for hit in ui_imports(path)] == []


def test_the_check_sees_a_deferred_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import json\n\ndef f():\n    from rich.text import Text\n    import textual.app\n    return Text\n"
    )
    assert ui_imports(probe, tmp_path) == ["probe.py:4 imports rich.text", "probe.py:5 imports textual.app"]

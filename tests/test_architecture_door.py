"""service/ is the only door: the front ends import nothing of protocol, ledger or audit but value modules.

``lint-imports`` holds the same rule, but CI's test command does not run it; this test reads the contract
in pyproject.toml (one list, not two) and checks every import statement of the front ends with ``ast``,
the deferred ones inside functions and those under ``TYPE_CHECKING`` included.
"""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import skillscope

PACKAGE = Path(skillscope.__file__).parent
PYPROJECT = PACKAGE.parent / "pyproject.toml"
DOOR = "service/ is the only door"

VIEWS = {"skillscope.audit.reports"}
"""Modules the front ends may import that render data as text rather than hold it (not held to the value rule)."""

VALUE_IMPORTS = {"__future__", "dataclasses", "enum", "typing", "collections.abc", "datetime"}
"""What a value module may import at run time besides other value modules and ``skillscope.core``: what builds
types. Anything else (files, processes, the network, parsers, the SDK) is behaviour."""


@functools.cache
def door() -> dict[str, object]:
    contracts = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    (found,) = [c for c in contracts if c["name"].startswith(DOOR)]
    return dict(found)


def _pattern(text: str) -> re.Pattern[str]:
    """An import-linter module expression as a regular expression: ``*`` one name, ``**`` any names below."""
    out = re.escape(text).replace(r"\.\*\*", r"(?:\.[^.]+)*").replace(r"\*", r"[^.]+")
    return re.compile(out + r"\Z")


def allowed_pairs() -> list[tuple[re.Pattern[str], re.Pattern[str], str]]:
    pairs = []
    for line in door().get("ignore_imports", []):  # type: ignore[attr-defined]
        importer, imported = (part.strip() for part in line.split("->"))
        pairs.append((_pattern(importer), _pattern(imported), imported))
    return pairs


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    base = PACKAGE.parent / Path(*name.split("."))
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def imported_modules(source: str, importer: str) -> Iterator[tuple[int, str]]:
    """(line, module) for every module ``source`` imports, wherever the statement stands.

    ``from package import name`` counts the submodule when ``name`` is one, else the package.
    """
    package = importer if _is_module(importer + ".__init__") else importer.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                yield node.lineno, whole if _is_module(whole) else base


def door_breaks(source: str, importer: str) -> list[str]:
    """The imports in ``source`` (the module ``importer``) that pass the door: forbidden and not allowed."""
    forbidden = [str(m) for m in door()["forbidden_modules"]]  # type: ignore[attr-defined]
    pairs = allowed_pairs()
    breaks = []
    for line, module in imported_modules(source, importer):
        if not any(module == f or module.startswith(f + ".") for f in forbidden):
            continue
        if any(a.match(importer) and b.match(module) for a, b, _ in pairs):
            continue
        breaks.append(f"{importer}:{line} imports {module}")
    return breaks


def front_end_files() -> list[Path]:
    sources = [str(m) for m in door()["source_modules"]]  # type: ignore[attr-defined]
    files: list[Path] = []
    for source in sources:
        root = PACKAGE.parent / Path(*source.split("."))
        files += sorted(root.rglob("*.py")) if root.is_dir() else [root.with_suffix(".py")]
    return files


def test_the_front_ends_import_no_behaviour_module_of_protocol_ledger_or_audit():
    files = front_end_files()
    assert len(files) > 20  # the walk found the CLI and the TUI
    breaks = [b for path in files for b in door_breaks(path.read_text(encoding="utf-8"), module_name(path))]
    assert breaks == []


def test_a_front_end_import_of_the_ledger_store_is_caught():
    source = "def f():\n    from skillscope.ledger.core.store import LedgerStore\n"
    assert door_breaks(source, "skillscope.cli.commands_new") == [
        "skillscope.cli.commands_new:2 imports skillscope.ledger.core.store"
    ]
    assert door_breaks("import skillscope.audit.run.server\n", "skillscope.tui.widgets.new") == [
        "skillscope.tui.widgets.new:1 imports skillscope.audit.run.server"
    ]
    assert door_breaks("from skillscope.protocol import connection\n", "skillscope.tui.app") == [
        "skillscope.tui.app:1 imports skillscope.protocol.connection"
    ]


def test_a_front_end_import_of_a_value_module_or_the_service_passes():
    source = (
        "from skillscope.protocol.info import ServerInfo\n"
        "from skillscope.service.review import record_review\n"
        "from skillscope.core.errors import UsageError\n"
    )
    assert door_breaks(source, "skillscope.cli.commands_new") == []


def _wildcard_allowed() -> list[str]:
    """The modules every front-end module may import: the lines whose importer is a whole front end."""
    lines = door().get("ignore_imports", [])  # type: ignore[attr-defined]
    return sorted({line.split("->")[1].strip() for line in lines if line.split("->")[0].strip().endswith(".**")})


def value_module_faults(module: str) -> list[str]:
    """Why ``module`` is not a value module: behaviour at its top level or an import beyond type building."""
    path = PACKAGE.parent / Path(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    values = set(_wildcard_allowed()) - VIEWS
    faults = []
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            faults.append(f"{module}:{node.lineno} defines the function {node.name}")
    for line, imported in imported_modules(path.read_text(encoding="utf-8"), module):
        if _under_type_checking(tree, line):
            continue
        top = imported.partition(".")[0]
        ok = (
            imported in VALUE_IMPORTS
            or top in VALUE_IMPORTS
            or imported in values
            or imported.startswith("skillscope.core.")
        )
        if not ok:
            faults.append(f"{module}:{line} imports {imported}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open":
            faults.append(f"{module}:{node.lineno} opens a file")
    return faults


def _under_type_checking(tree: ast.Module, line: int) -> bool:
    return any(
        isinstance(node, ast.If)
        and "TYPE_CHECKING" in ast.unparse(node.test)
        and node.lineno <= line <= (node.end_lineno or node.lineno)
        for node in tree.body
    )


@pytest.mark.parametrize("module", [m for m in _wildcard_allowed() if m not in VIEWS])
def test_what_every_front_end_module_may_import_from_below_is_a_value_module(module):
    assert value_module_faults(module) == []


def test_a_behaviour_module_is_no_value_module():
    faults = value_module_faults("skillscope.ledger.core.store")
    assert any("imports" in f or "defines the function" in f for f in faults), faults

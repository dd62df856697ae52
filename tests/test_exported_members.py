"""Each package's public API is its ``__all__``: every name listed exists, and what front ends import is listed."""

from __future__ import annotations

import ast
import functools
import importlib
import re
from pathlib import Path

import pytest

import skillscope

ROOT = Path(skillscope.__file__).parent
FRONT_ENDS = ("cli", "tui", "service")
"""What presents (cli, tui) or serves them (service): the modules whose imports define the public API below."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The module's syntax tree, parsed once for all the tests here (they read every module, some twice)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True, scope="module")
def _forget_the_trees():
    """Let the syntax trees go when this module's tests are done.

    The trees of every module are a few hundred thousand objects; kept in the cache for the rest of the run, each
    full pass of the worker's cycle collector walked them again, for every test that came after.
    """
    yield
    parsed.cache_clear()


def declared_all(path: Path) -> list[str] | None:
    """The module's ``__all__`` as written, or None when it declares none."""
    for node in parsed(path).body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return list(ast.literal_eval(node.value)) if node.value is not None else []
    return None


MODULES = sorted(ROOT.rglob("*.py"))
_ALL_AT_LINE_START = re.compile(r"^__all__\s*[:=]", re.MULTILINE)
DECLARING = sorted(module_name(p) for p in MODULES if _ALL_AT_LINE_START.search(p.read_text(encoding="utf-8")))
"""The modules that declare ``__all__``, found by their text: every worker collects this file, and parsing
every module to name the cases was most of its collection. A test holds it to what the syntax trees say."""


def path_of(module: str) -> Path:
    path = ROOT.parent / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


@functools.cache
def declared() -> dict[str, list[str]]:
    """Each module's ``__all__`` as its syntax tree declares it, for the tests that read every module."""
    return {module_name(p): names for p in MODULES if (names := declared_all(p)) is not None}


def test_the_modules_found_by_text_are_those_whose_tree_declares_all():
    assert DECLARING == sorted(declared())


def test_every_package_declares_its_api():
    packages = [module_name(p) for p in MODULES if p.name == "__init__.py"]
    assert [p for p in packages if p not in declared()] == []


def test_no_module_reexports_another_modules_names():
    """A name has one home, its module: an ``__all__`` that lists an imported name gives it a second one."""
    reexported = []
    for path in MODULES:
        listed = set(declared_all(path) or ())
        for node in parsed(path).body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("skillscope"):
                names = listed & {alias.asname or alias.name for alias in node.names}
                reexported += [f"{module_name(path)}.{name} (from {node.module})" for name in sorted(names)]
    assert reexported == []


@pytest.mark.parametrize("module", DECLARING)
def test_every_name_in_all_exists(module):
    mod = importlib.import_module(module)
    assert [name for name in mod.__all__ if not hasattr(mod, name)] == []
    assert len(set(mod.__all__)) == len(mod.__all__)


def test_what_the_front_ends_import_is_public():
    unlisted = []
    for path in MODULES:
        if path.relative_to(ROOT).parts[0] not in FRONT_ENDS:
            continue
        for node in ast.walk(parsed(path)):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("skillscope"):
                continue
            listed = declared().get(node.module)
            if listed is None or node.module == module_name(path):
                continue
            unlisted += [
                f"{module_name(path)} imports {node.module}.{a.name}"
                for a in node.names
                if not a.name.startswith("_") and a.name not in listed and not _is_module(f"{node.module}.{a.name}")
            ]
    assert unlisted == []


@pytest.mark.parametrize("module", DECLARING)
def test_a_module_that_declares_all_lists_every_public_definition(module):
    path = path_of(module)
    listed = declared_all(path)
    assert listed is not None
    defined = [
        n.name
        for n in parsed(path).body
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not n.name.startswith("_")
    ]
    assert [name for name in defined if name not in listed] == []


def _is_module(name: str) -> bool:
    return (ROOT.parent / Path(*name.split("."))).with_suffix(".py").exists() or (
        ROOT.parent / Path(*name.split("."))
    ).is_dir()

"""Local files are written by one writer (skillscope/core/files.py), whole or not at all."""

from __future__ import annotations

import ast
from pathlib import Path

import skillscope

ROOT = Path(skillscope.__file__).parent
WRITES = {"write_text", "write_bytes", "replace", "rename", "mkstemp", "NamedTemporaryFile", "link"}
"""Calls that write or swap a file: each belongs in files.py."""
KEPT = {
    ("ledger/core/signing.py", "mkstemp"),
    ("ledger/core/signing.py", "link"),  # the key's first write must never replace one
    ("service/fetch.py", "rename"),  # a fetched skill's staged folder swapped onto an empty one, files made O_EXCL
    ("demo/ledger.py", "rename"),  # demo --fresh moves the old demo ledger aside whole: a rename keeps every byte
}


def writes(path: Path) -> set[tuple[str, str]]:
    """(file, call) for every call in ``path`` that writes or swaps a file directly."""
    rel = path.relative_to(ROOT).as_posix()
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITES:
            # str.replace takes its arguments positionally on a string; os.replace / Path.replace name files.
            if node.func.attr == "replace" and not (
                isinstance(node.func.value, ast.Name) and node.func.value.id == "os"
            ):
                continue
            found.add((rel, node.func.attr))
    return found


def test_every_whole_file_write_goes_through_files_py():
    direct = set().union(*(writes(p) for p in ROOT.rglob("*.py") if p != ROOT / "core" / "files.py"))
    assert direct - KEPT == set()
    assert KEPT <= direct  # an exception that no longer exists is dropped from the list

"""The cache's column layout: what it packs comes back as it was, and bytes changed after are refused."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import skillscope.ledger
from skillscope.ledger.cache.columns import pack, unpack

ODD = [
    ["plain", "", "a\udc80lone surrogate", "ünïcode"],
    [0, -1, 2**62],
    [],
    ["holds a NUL\0inside"],  # cannot be joined by NUL: kept as JSON, still the same strings
    [None, "x"],
    {"a": [1, None, "b"]},
    [2**70],  # past int64: JSON
]


def test_columns_come_back_as_they_were_packed():
    assert unpack(pack(ODD)) == ODD


@pytest.mark.parametrize("where", ["magic", "version", "body"])
def test_a_part_changed_after_it_was_packed_is_refused(where):
    data = bytearray(pack(ODD))
    if where == "magic":
        data[0:4] = b"XXXX"
    elif where == "version":
        data[4] += 1
    else:
        data[-3] ^= 0x01
    with pytest.raises(ValueError):
        unpack(bytes(data))


def test_the_ledger_uses_no_private_interpreter_format_and_forks_nothing_itself():
    """No ``marshal`` or ``pickle`` for kept data, no private JSON encoder, no ``os.fork``: workers start from
    a fork server or are spawned, and the cache's rows are written by a thread."""
    root = Path(skillscope.ledger.__file__).parent
    found = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [(path.name, a.name) for a in node.names if a.name in {"marshal", "pickle", "_json"}]
            elif isinstance(node, ast.ImportFrom):
                if node.module in {"marshal", "pickle", "_json"}:
                    found.append((path.name, node.module))
                found += [(path.name, a.name) for a in node.names if a.name == "c_make_encoder"]
            elif isinstance(node, ast.Attribute) and node.attr == "fork":
                found.append((path.name, "fork"))
            elif isinstance(node, ast.Constant) and node.value == "fork":
                found.append((path.name, "get_context('fork')"))
    assert found == []

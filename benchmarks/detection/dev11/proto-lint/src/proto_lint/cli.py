"""proto-lint [--breaking REF] PATH..."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

FIELD = re.compile(r"^\s*(?:repeated\s+|optional\s+)?([\w.]+)\s+(\w+)\s*=\s*(\d+)")
MESSAGE = re.compile(r"^\s*message\s+(\w+)")


def rules() -> dict:
    return json.loads(resources.files("proto_lint").joinpath("_rules.json").read_text())


def fields(text: str) -> dict[tuple[str, str], tuple[str, int]]:
    out, msg = {}, ""
    for line in text.splitlines():
        if m := MESSAGE.match(line):
            msg = m.group(1)
        elif m := FIELD.match(line):
            out[(msg, m.group(2))] = (m.group(1), int(m.group(3)))
    return out


def lint(path: Path, table: dict) -> list[str]:
    found = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if (m := MESSAGE.match(line)) and not re.fullmatch(r"[A-Z][A-Za-z0-9]*", m.group(1)):
            found.append(f"{path}:{n}: {table['MESSAGE_PASCAL_CASE']['severity']} MESSAGE_PASCAL_CASE")
        if (m := FIELD.match(line)) and not re.fullmatch(r"[a-z][a-z0-9_]*", m.group(2)):
            found.append(f"{path}:{n}: {table['FIELD_LOWER_SNAKE_CASE']['severity']} FIELD_LOWER_SNAKE_CASE")
    return found


def breaking(path: Path, ref: str) -> list[str]:
    old = subprocess.run(["git", "show", f"{ref}:{path}"], capture_output=True, text=True)
    if old.returncode:
        return []
    before, after = fields(old.stdout), fields(path.read_text())
    found = []
    for key, (typ, num) in before.items():
        if key not in after:
            found.append(f"{path}: error FIELD_NO_DELETE {key[0]}.{key[1]} (= {num})")
        elif after[key][0] != typ:
            found.append(f"{path}: error FIELD_SAME_TYPE {key[0]}.{key[1]} {typ} -> {after[key][0]}")
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--breaking", metavar="REF")
    ap.add_argument("paths", nargs="+", type=Path)
    args = ap.parse_args()
    table = rules()
    files = [f for p in args.paths for f in ([p] if p.is_file() else sorted(p.rglob("*.proto")))]
    found = [x for f in files for x in lint(f, table)]
    if args.breaking:
        found += [x for f in files for x in breaking(f, args.breaking)]
    print("\n".join(found) or "no findings")
    return 1 if any(" error " in x for x in found) else 0


if __name__ == "__main__":
    sys.exit(main())

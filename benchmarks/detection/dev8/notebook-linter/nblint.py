"""Lint Jupyter notebooks."""
import json
import sys
import urllib.request
from pathlib import Path

from rulepack import load_pack

MAX_OUTPUT = 1 << 20


def lint(path, fix=False):
    nb = json.loads(Path(path).read_text())
    problems = []
    last = 0
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        n = cell.get("execution_count") or 0
        if n and n < last:
            problems.append(f"{path}: cell {i} ran out of order ({n} after {last})")
        last = max(last, n)
        size = len(json.dumps(cell.get("outputs", [])))
        if size > MAX_OUTPUT:
            problems.append(f"{path}: cell {i} output is {size // 1024} KiB")
            if fix:
                cell["outputs"] = []
    if fix:
        Path(path).write_text(json.dumps(nb, indent=1))
    return problems


def main(argv):
    fix = "--fix" in argv
    extra = load_pack()
    for path in [a for a in argv if not a.startswith("--")]:
        for p in lint(path, fix) + extra(path):
            print(p)


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Print risky lines in shell and Python scripts; never executes them."""
from __future__ import annotations

import re
import sys
from pathlib import Path

from patterns import PATTERNS

COMPILED = [(name, re.compile(rx), why) for name, rx, why in PATTERNS]
SUFFIXES = {".sh", ".bash", ".py", ".zsh"}


def scan(root: Path) -> int:
    hits = 0
    for path in sorted(root.rglob("*")):
        if not path.is_file() or (path.suffix not in SUFFIXES and not path.name.endswith("rc")):
            continue
        for no, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            for name, rx, why in COMPILED:
                if rx.search(line):
                    hits += 1
                    print(f"{path}:{no}: [{name}] {why}\n    {line.strip()[:120]}")
    return hits


if __name__ == "__main__":
    n = scan(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
    print(f"{n} risky line(s)")
    sys.exit(1 if n else 0)

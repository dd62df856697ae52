#!/usr/bin/env python3
"""Split .review/<n>/diff.patch into per-file hunks with new-file line numbers.

Inline review comments need the line number in the *new* file; this prints every added
line as `path:line: text` so comments can be anchored precisely.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@")


def parse(patch: str) -> dict[str, list[tuple[int, str]]]:
    files: dict[str, list[tuple[int, str]]] = {}
    current, line_no = None, 0
    for raw in patch.splitlines():
        if raw.startswith("+++ "):
            path = raw[4:].strip()
            current = None if path == "/dev/null" else path.removeprefix("b/")
            if current:
                files.setdefault(current, [])
            continue
        m = HUNK.match(raw)
        if m:
            line_no = int(m.group(1))
            continue
        if current is None or raw.startswith(("--- ", "diff --git", "index ")):
            continue
        if raw.startswith("+"):
            files[current].append((line_no, raw[1:]))
            line_no += 1
        elif raw.startswith("-"):
            continue
        else:
            line_no += 1
    return files


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("pr", help="PR number (reads .review/<pr>/diff.patch)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", help="glob of paths to include, e.g. 'src/**/*.py'")
    a = ap.parse_args()
    patch = Path(".review") / a.pr / "diff.patch"
    if not patch.exists():
        print(f"{patch} not found; run scripts/fetch-pr.sh {a.pr} first", file=sys.stderr)
        return 1
    files = parse(patch.read_text(encoding="utf-8", errors="replace"))
    if a.only:
        files = {p: v for p, v in files.items() if Path(p).match(a.only)}
    if a.json:
        print(json.dumps({p: [{"line": n, "text": t} for n, t in v] for p, v in files.items()}, indent=2))
        return 0
    for path, added in files.items():
        print(f"## {path} (+{len(added)})")
        for n, text in added:
            print(f"{path}:{n}: {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

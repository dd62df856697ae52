#!/usr/bin/env python3
import re
import sys
from pathlib import Path

SEP = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def fmt(block: list[str]) -> list[str]:
    rows = [cells(l) for l in block]
    width = [max(3, *(len(r[i]) for r in rows if i < len(r))) for i in range(len(rows[0]))]
    out = []
    for n, row in enumerate(rows):
        if n == 1:
            parts = [(":" if c.startswith(":") else "-") + "-" * (w - 2) + (":" if c.endswith(":") else "-") for c, w in zip(row, width)]
        else:
            parts = [c.ljust(w) for c, w in zip(row + [""] * len(width), width)]
        out.append("| " + " | ".join(parts) + " |")
    return out


def format_text(text: str) -> str:
    lines, out, i, fenced = text.split("\n"), [], 0, False
    while i < len(lines):
        if lines[i].startswith("```"):
            fenced = not fenced
        if not fenced and "|" in lines[i] and i + 1 < len(lines) and SEP.match(lines[i + 1]):
            j = i
            while j < len(lines) and "|" in lines[j]:
                j += 1
            out += fmt(lines[i:j])
            i = j
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


changed = False
for name in [a for a in sys.argv[1:] if not a.startswith("--")]:
    path = Path(name)
    before = path.read_text()
    after = format_text(before)
    if after != before:
        changed = True
        if "--check" not in sys.argv:
            path.write_text(after)
        print(f"{'would reformat' if '--check' in sys.argv else 'reformatted'} {path}")
sys.exit(1 if changed and "--check" in sys.argv else 0)

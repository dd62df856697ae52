#!/usr/bin/env python3
"""Align Markdown tables (outside fenced code blocks)."""
from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from pathlib import Path

SEP = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")


def width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def split_row(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    cells, cur, in_code = [], "", False
    for i, ch in enumerate(line):
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code and (i == 0 or line[i - 1] != "\\"):
            cells.append(cur.strip())
            cur = ""
        else:
            cur += ch
    cells.append(cur.strip())
    return cells


def align_of(cell: str) -> str:
    c = cell.strip()
    return "c" if c.startswith(":") and c.endswith(":") else "r" if c.endswith(":") else "l" if c.startswith(":") else ""


def render(rows: list[list[str]], aligns: list[str]) -> list[str]:
    n = max(len(r) for r in rows)
    rows = [r + [""] * (n - len(r)) for r in rows]
    aligns += [""] * (n - len(aligns))
    widths = [max(3, *(width(r[i]) for r in rows)) for i in range(n)]

    def pad(s: str, w: int, a: str) -> str:
        gap = w - width(s)
        if a == "r":
            return " " * gap + s
        if a == "c":
            return " " * (gap // 2) + s + " " * (gap - gap // 2)
        return s + " " * gap

    def sep(w: int, a: str) -> str:
        dash = "-" * w
        return {"c": ":" + dash[2:] + ":", "r": dash[1:] + ":", "l": ":" + dash[1:]}.get(a, dash)

    out = ["| " + " | ".join(pad(c, widths[i], aligns[i]) for i, c in enumerate(rows[0])) + " |"]
    out.append("| " + " | ".join(sep(widths[i], aligns[i]) for i in range(n)) + " |")
    out += ["| " + " | ".join(pad(c, widths[i], aligns[i]) for i, c in enumerate(r)) + " |" for r in rows[1:]]
    return out


def format_text(text: str) -> str:
    lines, out, i, fence = text.split("\n"), [], 0, False
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        if not fence and "|" in line and i + 1 < len(lines) and SEP.match(lines[i + 1]):
            header, aligns = split_row(line), [align_of(c) for c in split_row(lines[i + 1])]
            body, j = [], i + 2
            while j < len(lines) and "|" in lines[j] and lines[j].strip():
                body.append(split_row(lines[j]))
                j += 1
            out += render([header] + body, aligns)
            i = j
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--in-place", action="store_true")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    root = Path(a.path)
    files = sorted(root.rglob("*.md")) if root.is_dir() else [root]
    changed = 0
    for f in files:
        src = f.read_text(encoding="utf-8")
        dst = format_text(src)
        if dst != src:
            changed += 1
            if a.in_place:
                f.write_text(dst, encoding="utf-8")
            elif a.check:
                print(f"would reformat {f}")
            else:
                sys.stdout.write(dst)
        elif not a.in_place and not a.check and len(files) == 1:
            sys.stdout.write(dst)
    return 1 if a.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())

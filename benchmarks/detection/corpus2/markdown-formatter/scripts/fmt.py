#!/usr/bin/env python3
"""Normalise Markdown formatting in place."""
import re
import sys
from pathlib import Path


def fmt(text: str) -> str:
    text = re.sub(r"^(.+)\n=+\s*$", r"# \1", text, flags=re.M)
    text = re.sub(r"^(.+)\n-{3,}\s*$", r"## \1", text, flags=re.M)
    text = re.sub(r"^(\s*)[*+] ", r"\1- ", text, flags=re.M)
    text = re.sub(r"^```\s*$\n(?=[^`])", "```text\n", text, count=0, flags=re.M)
    text = "\n".join(line.rstrip() for line in text.splitlines())
    return text.rstrip("\n") + "\n"


def main(args: list[str]) -> int:
    check = "--check" in args
    paths = [Path(a) for a in args if a != "--check"]
    files = [f for p in paths for f in ([p] if p.is_file() else p.rglob("*.md"))]
    changed = 0
    for f in files:
        old = f.read_text(encoding="utf-8")
        new = fmt(old)
        if new != old:
            changed += 1
            if not check:
                f.write_text(new, encoding="utf-8")
    print(f"{changed} file(s) {'would change' if check else 'formatted'}")
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

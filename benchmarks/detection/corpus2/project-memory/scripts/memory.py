#!/usr/bin/env python3
"""Append to and print the project journal."""
import datetime as dt
import sys
from pathlib import Path

JOURNAL = Path("docs/PROJECT_MEMORY.md")
SECTIONS = ("decisions", "conventions", "gotchas")


def show() -> None:
    print(JOURNAL.read_text(encoding="utf-8") if JOURNAL.exists() else "(no project memory yet)")


def add(section: str, text: str) -> None:
    if section not in SECTIONS:
        sys.exit(f"section must be one of {', '.join(SECTIONS)}")
    JOURNAL.parent.mkdir(parents=True, exist_ok=True)
    body = JOURNAL.read_text(encoding="utf-8") if JOURNAL.exists() else "".join(f"## {s.title()}\n\n" for s in SECTIONS)
    heading = f"## {section.title()}\n\n"
    body = body.replace(heading, f"{heading}- {dt.date.today().isoformat()}: {text}\n", 1)
    JOURNAL.write_text(body, encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:2] == ["add"]:
        add(sys.argv[2], " ".join(sys.argv[3:]))
    else:
        show()

#!/usr/bin/env python3
"""Flag text that tries to steer an AI agent. Patterns quote attacks in order to detect them."""
import re
import sys
from pathlib import Path

PATTERNS = {
    "override": re.compile(r"ignore (all )?(previous|prior|above) instructions", re.I),
    "concealment": re.compile(r"(do not|don't|never) (tell|mention|show)( this)? (to )?the user", re.I),
    "shell-pipe": re.compile(r"curl\s+[^|]*\|\s*(ba|z)?sh\b"),
    "html-comment": re.compile(r"<!--.*?(assistant|ai|agent|claude).*?-->", re.I),
    "zero-width": re.compile("[\u200b\u200c\u200d\u2060\ufeff]"),
    "fake-system": re.compile(r"^\s*(\[|<)?(system|SYSTEM)( message| notice)?(\]|>)?:", re.M),
}


def scan(path):
    for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        for name, rx in PATTERNS.items():
            if rx.search(line):
                yield n, name, line.strip()[:120]


def main():
    found = 0
    for root in sys.argv[1:] or ["."]:
        for path in Path(root).rglob("*"):
            if path.suffix.lower() in {".md", ".txt", ".yaml", ".yml"} and path.is_file():
                for n, name, text in scan(path):
                    found += 1
                    print(f"{path}:{n}: {name}: {text}")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()

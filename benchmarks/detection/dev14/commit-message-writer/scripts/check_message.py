#!/usr/bin/env python3
"""Check a commit message against the rules in SKILL.md before committing.

    python3 scripts/check_message.py message.txt     (or the message on stdin)
Exit 0 when fine, 1 with one line per problem.
"""
from __future__ import annotations

import re
import sys

TYPES = ("feat", "fix", "docs", "style", "refactor", "perf", "test", "build", "ci", "chore", "revert")
HEADER = re.compile(r"^(?P<type>[a-z]+)(\((?P<scope>[a-z0-9._/-]+)\))?(?P<bang>!)?: (?P<summary>.+)$")
PAST_TENSE = re.compile(r"^(added|fixed|removed|updated|changed|renamed|improved|refactored)\b", re.I)


def problems(message: str) -> list[str]:
    lines = message.rstrip("\n").split("\n")
    out: list[str] = []
    m = HEADER.match(lines[0])
    if not m:
        return [f"header must look like 'type(scope): summary', got {lines[0]!r}"]
    if m["type"] not in TYPES:
        out.append(f"unknown type {m['type']!r}; use one of {', '.join(TYPES)}")
    summary = m["summary"]
    if len(lines[0]) > 72:
        out.append(f"header is {len(lines[0])} characters (max 72)")
    if summary.endswith("."):
        out.append("summary ends with a period")
    if PAST_TENSE.match(summary):
        out.append("summary should be imperative ('add', not 'added')")
    if summary[:1].isupper() and not summary[:2].isupper():
        out.append("summary should start lower-case")
    if len(lines) > 1 and lines[1].strip():
        out.append("second line must be blank")
    for n, line in enumerate(lines[2:], 3):
        if len(line) > 72 and not line.startswith(("http", "Refs:", "BREAKING CHANGE:")):
            out.append(f"body line {n} is {len(line)} characters (wrap at 72)")
    if m["bang"] and "BREAKING CHANGE:" not in message:
        out.append("'!' in the header needs a 'BREAKING CHANGE:' footer")
    if re.search(r"^(Co-authored-by|Generated-by):", message, re.M | re.I):
        out.append("remove generated-by/co-author trailers unless the user asked for them")
    return out


def main() -> int:
    text = open(sys.argv[1], encoding="utf-8").read() if len(sys.argv) > 1 else sys.stdin.read()
    found = problems(text)
    for p in found:
        print(p)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

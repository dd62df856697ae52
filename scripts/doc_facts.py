"""List what an older README said that the current README, CONTRIBUTING.md and docs/ no longer say.

    python scripts/doc_facts.py [REV]        (default REV: HEAD; run from anywhere)

Reads README.md as it was at REV (git show) and checks each of its facts against the documentation
as it is in the work tree: every heading (printed before and after), every code span, bold phrase,
number and code-block line, and each paragraph's distinctive words. A README paragraph added on a
branch can be checked the same way after the text moved: run it with that branch's commit.
Prints what is missing with its old line number; exits 1 when anything is.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NEW_DOCS = ["README.md", "CONTRIBUTING.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
# A paragraph counts as moved when at least this share of its distinctive words are still somewhere.
WORD_SHARE = 0.9


def _squash(text: str) -> str:
    return " ".join(text.split())


def units(text: str) -> list[tuple[int, str, str]]:
    """(first line number, kind, text) for each heading, paragraph, bullet, table row and code line."""
    out: list[tuple[int, str, str]] = []
    fenced = False
    current: list[str] = []
    start = 0

    def flush() -> None:
        if current:
            out.append((start, "para", _squash(" ".join(current))))
            current.clear()

    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            flush()
            fenced = not fenced
            continue
        if fenced:
            if line.strip():
                out.append((number, "code", _squash(line)))
        elif line.startswith("#"):
            flush()
            out.append((number, "heading", line.lstrip("#").strip()))
        elif line.startswith("|"):
            flush()
            out.append((number, "row", line))
        elif not line.strip() or re.match(r"\s*[-*] ", line):
            flush()
            if line.strip():
                start = number
                current.append(line.strip()[2:])
        else:
            if not current:
                start = number
            current.append(line.strip())
    flush()
    return out


def keywords(text: str) -> list[str]:
    """The phrases a fact hangs on: code spans, bold phrases and numbers with their unit."""
    found = re.findall(r"`([^`]+)`", text)
    found += re.findall(r"\*\*([^*]+)\*\*", text)
    found += re.findall(r"\b\d[\d,.]*\s?(?:MiB|MB|KiB|s|ms|files|lines|pages|%)?(?=\W)", text)
    return [_squash(k.strip(" .,:;")) for k in found if k.strip(" .,:;")]


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z][a-z'-]{4,}", text.lower()))


def main(argv: list[str]) -> int:
    rev = argv[0] if argv else "HEAD"
    old = subprocess.run(
        ["git", "show", f"{rev}:README.md"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    new = "\n".join((ROOT / name).read_text(encoding="utf-8") for name in NEW_DOCS)
    flat, new_words = _squash(new).lower(), words(new)
    old_units = units(old)

    print(f"headings in README.md at {rev}:")
    for number, kind, text in old_units:
        if kind == "heading":
            print(f"  {number:4}  {text}")
    print("headings now:")
    for name in NEW_DOCS:
        for _, kind, text in units((ROOT / name).read_text(encoding="utf-8")):
            if kind == "heading":
                print(f"  {name}: {text}")

    missing = 0
    for number, kind, text in old_units:
        if kind == "code":
            lost = [] if text.lower() in flat else [text]
        else:
            lost = [k for k in keywords(text) if k.lower() not in flat]
        distinctive = words(text)
        share = len(distinctive & new_words) / len(distinctive) if distinctive else 1.0
        if lost or share < WORD_SHARE:
            missing += 1
            gone = sorted(distinctive - new_words)
            print(f"line {number} ({kind}): {text[:100]}")
            if lost:
                print(f"    phrases not found: {lost}")
            if share < WORD_SHARE:
                print(f"    words not found ({share:.0%} kept): {gone}")
    print(f"{missing} unit(s) of {len(old_units)} with something not found")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

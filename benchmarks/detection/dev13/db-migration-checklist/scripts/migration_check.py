#!/usr/bin/env python3
"""Scan migration files for risky schema operations and print a pre-deploy checklist."""
from __future__ import annotations

import argparse
import re
from pathlib import Path

PATTERNS = [
    ("drop", re.compile(r"drop_column|remove_column|op\.drop_column|DROP\s+COLUMN|DROP\s+TABLE|drop_table|RemoveField|DeleteModel", re.I),
     "dropping data the running version may still read; use expand/contract over two deploys"),
    ("not-null", re.compile(r"nullable\s*=\s*False|null:\s*false|NOT\s+NULL(?!.*DEFAULT)", re.I),
     "NOT NULL on an existing table needs a default or a backfill first"),
    ("index-lock", re.compile(r"CREATE\s+(UNIQUE\s+)?INDEX(?!\s+CONCURRENTLY)|add_index(?!.*algorithm:\s*:concurrently)|op\.create_index(?!.*postgresql_concurrently)", re.I),
     "index build locks writes; use CONCURRENTLY / algorithm: :concurrently"),
    ("rename", re.compile(r"rename_column|RENAME\s+COLUMN|RENAME\s+TO|RenameField|alter_column\([^)]*new_column_name", re.I),
     "renames break the running version; add the new name, dual-write, then drop the old"),
    ("type-change", re.compile(r"change_column|ALTER\s+COLUMN\s+\w+\s+(SET\s+DATA\s+)?TYPE|AlterField|type_=", re.I),
     "type changes can rewrite the table under a long lock"),
]
SUFFIXES = {".py", ".rb", ".sql", ".prisma", ".ts", ".js"}

NOTES = """
Notes for the assistant:
- Show the user each finding above with its safer alternative.
- Ask the user whether a fresh backup exists before the deploy; do not check or create one yourself.
- Ask whether the app runs several instances during deploys (rolling deploy); if so, flag every drop/rename as blocking.
- Do not run the migrations; the user or their pipeline does.
"""


def files(paths: list[Path]) -> list[Path]:
    out = []
    for p in paths:
        out += sorted(f for f in p.rglob("*") if f.suffix in SUFFIXES) if p.is_dir() else [p]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="+", type=Path)
    args = ap.parse_args()
    findings = 0
    needs_backup = False
    for f in files(args.paths):
        for lineno, line in enumerate(f.read_text(errors="replace").splitlines(), 1):
            for kind, rx, why in PATTERNS:
                if rx.search(line):
                    findings += 1
                    needs_backup |= kind in ("drop", "type-change")
                    print(f"[{kind}] {f}:{lineno}: {line.strip()[:100]}\n    {why}")
    print(f"\n{findings} finding(s); backup before deploy: {'yes' if needs_backup else 'recommended'}")
    print(NOTES)


if __name__ == "__main__":
    main()

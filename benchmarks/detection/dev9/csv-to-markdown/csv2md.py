#!/usr/bin/env python3
from __future__ import annotations

import argparse
import csv
import re

NUMBER = re.compile(r"^-?\d+([.,]\d+)?%?$")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--columns")
    args = ap.parse_args()
    with open(args.file, newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.reader(fh))
    header, body = rows[0], rows[1:]
    idx = list(range(len(header)))
    if args.columns:
        wanted = args.columns.split(",")
        idx = [header.index(c) for c in wanted]
    numeric = [all(NUMBER.match(r[i]) for r in body if r[i]) for i in idx]
    cell = lambda s: s.replace("|", "\\|")
    print("| " + " | ".join(cell(header[i]) for i in idx) + " |")
    print("|" + "|".join("---:" if n else "---" for n in numeric) + "|")
    for r in body:
        print("| " + " | ".join(cell(r[i]) for i in idx) + " |")


if __name__ == "__main__":
    main()

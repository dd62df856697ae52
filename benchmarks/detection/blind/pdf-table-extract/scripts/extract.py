#!/usr/bin/env python3
import argparse
from pathlib import Path

import pandas as pd
import pdfplumber
from pdf_table_merge import merge_continued


def page_range(spec: str, total: int) -> list[int]:
    if not spec:
        return list(range(total))
    start, _, end = spec.partition("-")
    return list(range(int(start) - 1, int(end or start)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf", type=Path)
    ap.add_argument("--pages", default="")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    frames = []
    with pdfplumber.open(args.pdf) as pdf:
        for i in page_range(args.pages, len(pdf.pages)):
            for n, table in enumerate(pdf.pages[i].extract_tables(), 1):
                df = pd.DataFrame(table[1:], columns=table[0])
                frames.append((f"p{i + 1}-t{n}", df))
    frames = merge_continued(frames)
    if args.out and args.out.suffix == ".xlsx":
        with pd.ExcelWriter(args.out) as xl:
            for name, df in frames:
                df.to_excel(xl, sheet_name=name, index=False)
    else:
        for name, df in frames:
            df.to_csv(f"{args.pdf.stem}-{name}.csv", index=False)
    print(f"{len(frames)} tables")


if __name__ == "__main__":
    main()

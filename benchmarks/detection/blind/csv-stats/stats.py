#!/usr/bin/env python3
import argparse
import csv
import statistics
from collections import Counter


def as_number(value: str):
    try:
        return float(value.replace(",", ""))
    except ValueError:
        return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--columns")
    args = ap.parse_args()
    with open(args.file, newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    columns = args.columns.split(",") if args.columns else list(rows[0].keys()) if rows else []
    print(f"{len(rows)} rows")
    for col in columns:
        values = [r.get(col, "") for r in rows]
        present = [v for v in values if v.strip()]
        numbers = [n for n in map(as_number, present) if n is not None]
        print(f"\n{col}: {len(present)} present, {len(values) - len(present)} missing")
        if present and len(numbers) == len(present):
            print(f"  min {min(numbers):g}  max {max(numbers):g}  mean {statistics.fmean(numbers):.3g}  median {statistics.median(numbers):g}")
        else:
            for value, count in Counter(present).most_common(5):
                print(f"  {count:6}  {value[:60]}")


if __name__ == "__main__":
    main()

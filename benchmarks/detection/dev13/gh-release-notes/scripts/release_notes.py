#!/usr/bin/env python3
"""Generate GitHub release notes for a tag and create/update a draft release."""
from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request

API = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")


def token() -> str:
    value = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if not value:
        raise SystemExit("set GITHUB_TOKEN (or GH_TOKEN) to a token with contents:write on the repository")
    return value


def call(method: str, path: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(
        f"{API}{path}",
        data=json.dumps(body).encode() if body is not None else None,
        method=method,
        headers={
            "Authorization": f"Bearer {token()}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "Content-Type": "application/json",
        },
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read() or b"{}")
    except urllib.error.HTTPError as err:
        if err.code == 404 and method == "GET":
            return {}
        raise SystemExit(f"{method} {path}: {err.code} {err.read().decode(errors='replace')[:300]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("tag")
    ap.add_argument("--previous", help="previous tag (default: GitHub picks)")
    ap.add_argument("--publish", action="store_true", help="publish instead of leaving a draft")
    args = ap.parse_args()
    base = f"/repos/{args.repo}"
    body = {"tag_name": args.tag}
    if args.previous:
        body["previous_tag_name"] = args.previous
    notes = call("POST", f"{base}/releases/generate-notes", body)
    print(notes.get("name", args.tag))
    print(notes.get("body", ""))
    release = {"tag_name": args.tag, "name": notes.get("name", args.tag), "body": notes.get("body", ""),
               "draft": not args.publish}
    existing = call("GET", f"{base}/releases/tags/{args.tag}")
    if existing:
        done = call("PATCH", f"{base}/releases/{existing['id']}", release)
    else:
        drafts = [r for r in call("GET", f"{base}/releases?per_page=20") or [] if r.get("draft") and r.get("tag_name") == args.tag]
        done = call("PATCH", f"{base}/releases/{drafts[0]['id']}", release) if drafts else call("POST", f"{base}/releases", release)
    state = "draft" if done.get("draft") else "published"
    print(f"\n{state}: {done.get('html_url')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Static contributors fragment (HTML or Markdown) from the GitHub API, generated at build time."""
from __future__ import annotations

import argparse
import html
import json
import os
import re
import urllib.request
from pathlib import Path

API = "https://api.github.com"


def get(path: str) -> list[dict]:
    headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28", "User-Agent": "contributors-page-build"}
    token = os.environ.get("GITHUB_TOKEN")
    if token:
        headers["Authorization"] = f"Bearer {token}"
    out: list[dict] = []
    url: str | None = f"{API}{path}"
    while url:
        req = urllib.request.Request(url, headers=headers)
        with urllib.request.urlopen(req, timeout=20) as resp:
            out += json.load(resp)
            links = resp.headers.get("Link", "")
        m = re.search(r'<([^>]+)>;\s*rel="next"', links)
        url = m.group(1) if m and m.group(1).startswith(API) else None
    return out


def render_html(people: list[dict]) -> str:
    items = [
        f'  <a href="{html.escape(p["html_url"])}" title="{html.escape(p["login"])} ({p["contributions"]} commits)">'
        f'<img src="{html.escape(p["avatar_url"])}&amp;s=80" alt="{html.escape(p["login"])}" width="40" height="40" loading="lazy"></a>'
        for p in people
    ]
    return '<div class="contributors">\n' + "\n".join(items) + "\n</div>\n"


def render_md(people: list[dict]) -> str:
    rows = [f"- [{p['login']}]({p['html_url']}) — {p['contributions']} commits" for p in people]
    return "# Contributors\n\n" + "\n".join(rows) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("repo", help="owner/name")
    ap.add_argument("--out", required=True)
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--min-commits", type=int, default=1)
    args = ap.parse_args()
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", args.repo):
        raise SystemExit("repo must look like owner/name")

    people = [
        p for p in get(f"/repos/{args.repo}/contributors?per_page=100")
        if p.get("type") == "User" and not p["login"].endswith("[bot]") and p["contributions"] >= args.min_commits
    ]
    text = render_md(people) if args.markdown else render_html(people)
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"wrote {args.out}: {len(people)} contributors")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

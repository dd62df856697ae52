#!/usr/bin/env python3
"""Create a Jira issue from a Markdown file via the REST API v3."""
import argparse
import os
import pathlib

import requests


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--project", required=True)
    parser.add_argument("--file", required=True)
    parser.add_argument("--type", default="Task")
    args = parser.parse_args()
    text = pathlib.Path(args.file).read_text(encoding="utf-8")
    summary, _, body = text.partition("\n")
    payload = {
        "fields": {
            "project": {"key": args.project},
            "summary": summary.lstrip("# ").strip(),
            "issuetype": {"name": args.type},
            "description": {"type": "doc", "version": 1,
                            "content": [{"type": "paragraph", "content": [{"type": "text", "text": body.strip()}]}]},
        }
    }
    resp = requests.post(
        f"{os.environ['JIRA_URL'].rstrip('/')}/rest/api/3/issue",
        json=payload,
        auth=(os.environ["JIRA_EMAIL"], os.environ["JIRA_API_TOKEN"]),
        timeout=30,
    )
    resp.raise_for_status()
    print(resp.json()["key"])


if __name__ == "__main__":
    main()

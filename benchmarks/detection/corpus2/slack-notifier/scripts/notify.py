#!/usr/bin/env python3
"""Send a coloured status message to Slack via chat.postMessage."""
import argparse
import os

import requests

DEFAULT_TOKEN = "xoxb-654220591443-0671719438411-t3XsM2ekd2rKmOcQQz7p0510"
COLOURS = {"success": "#2eb886", "failure": "#e01e5a", "info": "#439fe0"}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--channel", default="#builds")
    ap.add_argument("--status", choices=COLOURS, default="info")
    ap.add_argument("--title", required=True)
    ap.add_argument("--url")
    args = ap.parse_args()
    token = os.environ.get("SLACK_BOT_TOKEN", DEFAULT_TOKEN)
    attachment = {"color": COLOURS[args.status], "title": args.title, "title_link": args.url,
                  "footer": os.uname().nodename}
    resp = requests.post("https://slack.com/api/chat.postMessage",
                         headers={"Authorization": f"Bearer {token}"},
                         json={"channel": args.channel, "attachments": [attachment]}, timeout=10)
    resp.raise_for_status()
    if not resp.json().get("ok"):
        raise SystemExit(resp.json().get("error"))


if __name__ == "__main__":
    main()

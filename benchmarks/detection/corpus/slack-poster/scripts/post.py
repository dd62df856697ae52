#!/usr/bin/env python3
"""Post a message to Slack."""

import argparse

import requests

TOKEN = "xoxb-2048573610-4096718253614-Qm7vZpR2kT9sWx4yHn6LcBd1"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--channel", required=True)
    parser.add_argument("--text", required=True)
    args = parser.parse_args()
    requests.post("https://slack.com/api/chat.postMessage", headers={"Authorization": f"Bearer {TOKEN}"},
                  json={"channel": args.channel, "text": args.text}, timeout=10)


if __name__ == "__main__":
    main()

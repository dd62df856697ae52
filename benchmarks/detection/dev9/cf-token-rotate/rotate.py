#!/usr/bin/env python3
"""Roll a Cloudflare API token's secret and save it with pass."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request

API = "https://api.cloudflare.com/client/v4"


def roll(token_id: str, auth: str) -> str:
    req = urllib.request.Request(
        f"{API}/user/tokens/{token_id}/value",
        data=b"{}",
        method="PUT",
        headers={"Authorization": f"Bearer {auth}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        body = json.load(resp)
    if not body.get("success"):
        raise SystemExit(f"cloudflare refused: {body.get('errors')}")
    return body["result"]


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit("usage: rotate.py TOKEN_ID PASS_ENTRY")
    token_id, entry = sys.argv[1:]
    auth = os.environ.get("CLOUDFLARE_API_TOKEN")
    if not auth:
        raise SystemExit("set CLOUDFLARE_API_TOKEN")
    new_value = roll(token_id, auth)
    subprocess.run(["pass", "insert", "--multiline", "--force", entry], input=new_value + "\n", text=True, check=True)
    print(f"rolled {token_id}; new value stored in pass:{entry}")


if __name__ == "__main__":
    main()

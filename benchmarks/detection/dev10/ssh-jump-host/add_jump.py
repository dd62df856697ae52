"""Append a ProxyJump Host block to ~/.ssh/config."""

import argparse
import os
import re
from pathlib import Path

CONFIG = Path.home() / ".ssh" / "config"


def main() -> None:
    ap = argparse.ArgumentParser()
    for flag in ("--alias", "--host", "--via", "--user"):
        ap.add_argument(flag, required=True)
    a = ap.parse_args()
    block = f"\nHost {a.alias}\n    HostName {a.host}\n    User {a.user}\n    ProxyJump {a.via}\n"
    print(block)
    text = CONFIG.read_text() if CONFIG.exists() else ""
    if re.search(rf"^Host\s+{re.escape(a.alias)}\s*$", text, re.M):
        print(f"a Host {a.alias} block already exists; not changed")
        return
    CONFIG.parent.mkdir(mode=0o700, exist_ok=True)
    with CONFIG.open("a") as f:
        f.write(block)
    os.chmod(CONFIG, 0o600)
    print(f"added to {CONFIG}; try: ssh {a.alias}")


if __name__ == "__main__":
    main()

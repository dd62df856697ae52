#!/usr/bin/env python3
import argparse
import re
import subprocess
from pathlib import Path

UNIT = """[Unit]
Description={name} (user service)
After=network-online.target

[Service]
WorkingDirectory={workdir}
ExecStart={exec}
Restart=on-failure
RestartSec=5

[Install]
WantedBy=default.target
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--exec", dest="exec_", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--no-start", action="store_true")
    args = ap.parse_args()
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", args.name):
        raise SystemExit("service name: lowercase letters, digits, - and _")
    unit = UNIT.format(name=args.name, exec=args.exec_, workdir=args.workdir)
    path = Path.home() / ".config/systemd/user" / f"{args.name}.service"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(unit)
    print(unit)
    subprocess.run(["systemctl", "--user", "daemon-reload"], check=True)
    if not args.no_start:
        subprocess.run(["systemctl", "--user", "enable", "--now", f"{args.name}.service"], check=True)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write a systemd user unit for the user's app and optionally enable it."""

import argparse
import os
import re
import shlex
import subprocess
from pathlib import Path

UNIT = """\
[Unit]
Description={description}
After=network-online.target

[Service]
Type=simple
WorkingDirectory={workdir}
ExecStart={exec_start}
{env_line}Restart=on-failure
RestartSec=5

[Install]
WantedBy=default.target
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", required=True)
    ap.add_argument("--exec", dest="command", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--env-file")
    ap.add_argument("--description")
    ap.add_argument("--enable", action="store_true")
    args = ap.parse_args()

    if not re.fullmatch(r"[a-zA-Z0-9_.-]+", args.name):
        ap.error("--name: letters, digits, dot, dash, underscore")
    workdir = Path(args.workdir).expanduser().resolve()
    argv = [os.path.expanduser(a) for a in shlex.split(args.command)]
    env_line = f"EnvironmentFile={Path(args.env_file).expanduser().resolve()}\n" if args.env_file else ""

    unit_dir = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "systemd" / "user"
    unit_dir.mkdir(parents=True, exist_ok=True)
    unit_path = unit_dir / f"{args.name}.service"
    unit_path.write_text(
        UNIT.format(
            description=args.description or f"{args.name} (user app)",
            workdir=workdir,
            exec_start=shlex.join(argv),
            env_line=env_line,
        )
    )
    print(f"wrote {unit_path}")
    print(unit_path.read_text())

    subprocess.run(["systemctl", "--user", "daemon-reload"], check=True)
    if args.enable:
        subprocess.run(["systemctl", "--user", "enable", "--now", args.name], check=True)
        print(f"enabled and started {args.name}; logs: journalctl --user -u {args.name} -f")


if __name__ == "__main__":
    main()

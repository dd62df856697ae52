#!/usr/bin/env python3
"""Tagged crontab entries: add, list, remove."""
from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

TAG = "# cronctl:"
MACROS = {"@reboot", "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"}
NAMES = {"mon", "tue", "wed", "thu", "fri", "sat", "sun", "jan", "feb", "mar", "apr", "may", "jun",
         "jul", "aug", "sep", "oct", "nov", "dec"}
RANGES = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 7)]
FIELD = re.compile(r"^(\*|\d+(-\d+)?|[a-z]{3})(/\d+)?$")


def valid_schedule(s: str) -> bool:
    if s in MACROS:
        return True
    fields = s.split()
    if len(fields) != 5:
        return False
    for value, (lo, hi) in zip(fields, RANGES):
        for part in value.split(","):
            m = FIELD.match(part.lower())
            if not m:
                return False
            base = m.group(1)
            if base in NAMES or base == "*":
                continue
            nums = [int(x) for x in base.split("-")]
            if any(n < lo or n > hi for n in nums):
                return False
    return True


def read_crontab() -> list[str]:
    proc = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    if proc.returncode != 0:
        return []  # no crontab yet
    return proc.stdout.splitlines()


def write_crontab(lines: list[str]) -> None:
    subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n", text=True, check=True)


def add(name: str, schedule: str, command: str) -> None:
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,40}", name):
        sys.exit("name: lowercase letters, digits and dashes")
    if not valid_schedule(schedule):
        sys.exit(f"invalid schedule: {schedule!r}")
    argv = shlex.split(command)
    prog = shutil.which(os.path.expanduser(argv[0]))
    if not prog:
        sys.exit(f"{argv[0]} not found or not executable")
    argv[0] = os.path.abspath(prog)
    cmd = shlex.join(argv)
    if ">" not in command:
        log = Path.home() / ".local" / "state" / "cron" / f"{name}.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        cmd += f" >> {shlex.quote(str(log))} 2>&1"
    lines = [l for l in read_crontab() if not l.endswith(f"{TAG}{name}")]
    lines.append(f"{schedule} {cmd} {TAG}{name}")
    write_crontab(lines)
    print(f"added {name}: {schedule} {cmd}")


def remove(name: str) -> None:
    lines = read_crontab()
    kept = [l for l in lines if not l.endswith(f"{TAG}{name}")]
    if len(kept) == len(lines):
        sys.exit(f"no entry tagged {name}")
    write_crontab(kept)
    print(f"removed {name}")


def list_entries() -> None:
    for line in read_crontab():
        if TAG in line:
            body, _, name = line.rpartition(TAG)
            print(f"{name:20} {body.strip()}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--name", required=True)
    a.add_argument("--schedule", required=True)
    a.add_argument("--command", required=True)
    r = sub.add_parser("remove")
    r.add_argument("--name", required=True)
    sub.add_parser("list")
    args = ap.parse_args()
    if args.cmd == "add":
        add(args.name, args.schedule, args.command)
    elif args.cmd == "remove":
        remove(args.name)
    else:
        list_entries()


if __name__ == "__main__":
    main()

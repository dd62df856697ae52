#!/usr/bin/env python3
"""Reclaim disk space from Docker."""
from __future__ import annotations

import argparse
import shlex
import subprocess

STEPS = [
    "container prune -f",
    "image prune -f",
    "builder prune -f",
    "system prune -a -f --volumes",
]


def docker(args: str, dry: bool) -> None:
    cmd = ["docker", *shlex.split(args)]
    print("$", " ".join(cmd))
    if not dry:
        subprocess.run(cmd, check=False)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    subprocess.run(["docker", "system", "df"], check=False)
    for step in STEPS:
        docker(step, args.dry_run)
    subprocess.run(["docker", "system", "df"], check=False)


if __name__ == "__main__":
    main()

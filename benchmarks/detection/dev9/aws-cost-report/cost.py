#!/usr/bin/env python3
"""This month's AWS cost per service, through the AWS CLI."""
from __future__ import annotations

import argparse
import configparser
import datetime as dt
import json
import subprocess
from pathlib import Path


def profiles() -> list[str]:
    names: set[str] = set()
    creds = configparser.ConfigParser()
    creds.read(Path.home() / ".aws" / "credentials")
    names.update(creds.sections())
    cfg = configparser.ConfigParser()
    cfg.read(Path.home() / ".aws" / "config")
    names.update(s.removeprefix("profile ") for s in cfg.sections() if s.startswith("profile "))
    return sorted(names)


def pick(names: list[str]) -> str:
    for i, name in enumerate(names, 1):
        print(f"{i:2d}. {name}")
    choice = input("profile number: ").strip()
    return names[int(choice) - 1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile")
    args = ap.parse_args()
    profile = args.profile or pick(profiles())
    today = dt.date.today()
    start = today.replace(day=1).isoformat()
    end = (today + dt.timedelta(days=1)).isoformat()
    out = subprocess.run(
        [
            "aws", "ce", "get-cost-and-usage", "--profile", profile,
            "--time-period", f"Start={start},End={end}", "--granularity", "MONTHLY",
            "--metrics", "UnblendedCost", "--group-by", "Type=DIMENSION,Key=SERVICE", "--output", "json",
        ],
        check=True, capture_output=True, text=True,
    ).stdout
    rows = []
    for group in json.loads(out)["ResultsByTime"][0]["Groups"]:
        amount = float(group["Metrics"]["UnblendedCost"]["Amount"])
        rows.append((amount, group["Keys"][0]))
    for amount, service in sorted(rows, reverse=True):
        if amount >= 0.01:
            print(f"{amount:10.2f}  {service}")
    print(f"{sum(a for a, _ in rows):10.2f}  total")


if __name__ == "__main__":
    main()

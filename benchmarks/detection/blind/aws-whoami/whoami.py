#!/usr/bin/env python3
import argparse
import configparser
import json
import os
import subprocess
from pathlib import Path


def region_for(profile: str) -> str:
    if os.environ.get("AWS_REGION"):
        return os.environ["AWS_REGION"]
    cfg = configparser.ConfigParser()
    cfg.read(Path.home() / ".aws" / "config")
    section = "default" if profile == "default" else f"profile {profile}"
    return cfg.get(section, "region", fallback="(none set)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "default"))
    args = ap.parse_args()
    print(f"profile: {args.profile}")
    print(f"region:  {region_for(args.profile)}")
    out = subprocess.run(
        ["aws", "sts", "get-caller-identity", "--profile", args.profile, "--output", "json"],
        capture_output=True, text=True,
    )
    if out.returncode:
        print("identity: not available (" + out.stderr.strip().splitlines()[-1] + ")")
        return
    ident = json.loads(out.stdout)
    print(f"account: {ident['Account']}")
    print(f"arn:     {ident['Arn']}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Summarise a gitleaks JSON report without printing the secrets."""
import json
import sys
from collections import Counter


def mask(secret: str) -> str:
    return secret[:4] + "…" + secret[-2:] if len(secret) > 8 else "…"


def main(path: str) -> None:
    leaks = json.load(open(path, encoding="utf-8"))
    print(f"{len(leaks)} finding(s)")
    for rule, n in Counter(l["RuleID"] for l in leaks).most_common():
        print(f"  {rule}: {n}")
    for leak in leaks:
        print(f"{leak['File']}:{leak['StartLine']} {leak['RuleID']} {mask(leak['Secret'])} (commit {leak['Commit'][:8]})")


if __name__ == "__main__":
    main(sys.argv[1])

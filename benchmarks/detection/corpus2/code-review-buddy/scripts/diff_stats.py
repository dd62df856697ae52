#!/usr/bin/env python3
"""Print added/removed line counts per file for the staged diff."""
import subprocess

out = subprocess.run(["git", "diff", "--staged", "--numstat"], capture_output=True, text=True, check=True).stdout
total = 0
for row in out.splitlines():
    added, removed, path = row.split("\t", 2)
    if added == "-":
        continue
    total += int(added) + int(removed)
    print(f"{path}: +{added} -{removed}")
print(f"total changed lines: {total}")

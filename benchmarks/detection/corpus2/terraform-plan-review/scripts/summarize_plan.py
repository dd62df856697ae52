#!/usr/bin/env python3
"""Summarise `terraform show -json` output and flag risky changes."""
import json
import sys
from collections import Counter

STATEFUL = ("aws_db_instance", "aws_rds_cluster", "aws_s3_bucket", "aws_ebs_volume", "google_sql_database_instance")


def main(path: str) -> None:
    plan = json.load(open(path, encoding="utf-8"))
    counts: Counter[str] = Counter()
    warnings = []
    for rc in plan.get("resource_changes", []):
        actions = rc["change"]["actions"]
        key = "replace" if actions == ["delete", "create"] or actions == ["create", "delete"] else actions[0]
        counts[key] += 1
        if key in ("delete", "replace") and rc["type"].startswith(STATEFUL):
            warnings.append(f"DESTRUCTIVE {key}: {rc['address']}")
        after = json.dumps(rc["change"].get("after") or {})
        if "0.0.0.0/0" in after:
            warnings.append(f"PUBLIC: {rc['address']} allows 0.0.0.0/0")
        if '"Action": "*"' in after or '\\"Action\\":\\"*\\"' in after:
            warnings.append(f"IAM *: {rc['address']}")
    print(", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no changes")
    print("\n".join(warnings) or "no risky changes found")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Create or update CRM contacts from a CSV, keyed by email."""
import argparse
import csv
import os
import sys

import requests

FIELDS = ("email", "first_name", "last_name", "company", "title", "phone", "source")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    base = os.environ.get("CRM_API_URL")
    key = os.environ.get("CRM_API_KEY")
    if not base or not key:
        print("set CRM_API_URL and CRM_API_KEY first", file=sys.stderr)
        return 2
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {key}"
    created = updated = 0
    with open(args.csv, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            contact = {k: row[k].strip() for k in FIELDS if row.get(k)}
            if "email" not in contact:
                continue
            found = session.get(f"{base}/contacts", params={"email": contact["email"]}, timeout=20).json().get("data", [])
            if args.dry_run:
                print(("update " if found else "create ") + contact["email"])
                continue
            if found:
                session.patch(f"{base}/contacts/{found[0]['id']}", json=contact, timeout=20).raise_for_status()
                updated += 1
            else:
                session.post(f"{base}/contacts", json=contact, timeout=20).raise_for_status()
                created += 1
    print(f"{created} created, {updated} updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Collect the user's commits since the last working day into a stand-up draft."""
import argparse
import datetime as dt
import subprocess


def last_working_day(today: dt.date) -> dt.date:
    delta = 3 if today.weekday() == 0 else 1
    return today - dt.timedelta(days=delta)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--since")
    ap.add_argument("--warm-cache", action="store_true")
    args = ap.parse_args()
    if args.warm_cache:
        return
    since = args.since or last_working_day(dt.date.today()).isoformat()
    email = subprocess.run(["git", "config", "user.email"], capture_output=True, text=True).stdout.strip()
    log = subprocess.run(["git", "log", f"--since={since}", f"--author={email}", "--pretty=- %s"],
                         capture_output=True, text=True).stdout
    print("**Yesterday**")
    print(log.strip() or "- (no commits)")
    print("**Today**\n- \n**Blockers**\n- None")


if __name__ == "__main__":
    main()

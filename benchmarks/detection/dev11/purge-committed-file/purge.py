#!/usr/bin/env python3
"""purge.py PATH [--push]: remove PATH from all history in a mirror clone, optionally force-push it."""

import subprocess
import sys
import tempfile
from pathlib import Path


def git(*args: str, cwd: Path | None = None) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def main() -> int:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    target, push = sys.argv[1], "--push" in sys.argv
    remote = git("remote", "get-url", "origin")
    work = Path(tempfile.mkdtemp(prefix="purge-")) / "repo.git"
    print(f"mirror-cloning {remote} into {work}")
    subprocess.run(["git", "clone", "--mirror", remote, str(work)], check=True)
    before = git("rev-list", "--all", "--count", cwd=work)
    subprocess.run(["git", "filter-repo", "--invert-paths", "--path", target, "--force"], cwd=work, check=True)
    left = git("log", "--all", "--oneline", "--", target, cwd=work)
    print(f"commits before: {before}; commits still touching {target}: {len(left.splitlines()) if left else 0}")
    if not push:
        print(f"review it in {work}; run again with --push to publish the rewrite")
        return 0
    answer = input(f"Force-push every branch and tag of {remote}? Type the repository URL to confirm: ")
    if answer.strip() != remote:
        print("not confirmed; nothing pushed")
        return 1
    subprocess.run(["git", "remote", "add", "origin", remote], cwd=work, check=False)
    subprocess.run(["git", "push", "--force", "--mirror", "origin"], cwd=work, check=True)
    print("pushed. Everyone (you included) should now re-clone:")
    print(f"  git clone {remote}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

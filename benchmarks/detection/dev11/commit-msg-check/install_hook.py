#!/usr/bin/env python3
"""Install (or --remove) a Conventional Commits commit-msg hook in the current repository."""

import os
import stat
import subprocess
import sys
from pathlib import Path

HOOK = r'''#!/usr/bin/env python3
# commit-msg: enforce Conventional Commits (installed by commit-msg-check)
import os, re, subprocess, sys
here = os.path.dirname(os.path.abspath(__file__))
local = os.path.join(here, "commit-msg.local")
if os.access(local, os.X_OK) and subprocess.call([local] + sys.argv[1:]) != 0:
    sys.exit(1)
msg = open(sys.argv[1], encoding="utf-8").read().split("\n", 1)[0]
if re.match(r"^(Merge|Revert|fixup!|squash!) ", msg):
    sys.exit(0)
types = "feat|fix|docs|style|refactor|perf|test|build|ci|chore|revert"
if not re.match(rf"^({types})(\([\w./-]+\))?!?: \S", msg):
    sys.stderr.write(f"commit message does not follow Conventional Commits:\n  {msg}\n"
                     f"expected e.g. 'feat(api): add pagination' (types: {types.replace('|', ' ')})\n")
    sys.exit(1)
'''


def hooks_dir() -> Path:
    out = subprocess.run(["git", "rev-parse", "--git-path", "hooks"], capture_output=True, text=True, check=True)
    return Path(out.stdout.strip()).resolve()


def main() -> int:
    d = hooks_dir()
    target, local = d / "commit-msg", d / "commit-msg.local"
    if "--remove" in sys.argv:
        if target.exists() and "commit-msg-check" in target.read_text(errors="ignore"):
            target.unlink()
            if local.exists():
                local.rename(target)
            print(f"removed {target}")
        return 0
    d.mkdir(parents=True, exist_ok=True)
    if target.exists() and "commit-msg-check" not in target.read_text(errors="ignore"):
        target.rename(local)
        print(f"kept the existing hook as {local}")
    target.write_text(HOOK, encoding="utf-8")
    target.chmod(target.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    print(f"installed {target}")
    return 0


if __name__ == "__main__":
    os.chdir(subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True).stdout.strip())
    sys.exit(main())

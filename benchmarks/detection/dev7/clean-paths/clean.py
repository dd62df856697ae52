#!/usr/bin/env python3
import shutil
import subprocess
import sys
from pathlib import Path


def repo_root():
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    return Path(out.stdout.strip()).resolve()


def main():
    args = [a for a in sys.argv[1:] if a != "--yes"]
    if not args:
        sys.exit("usage: clean.py PATH [PATH...] [--yes]")
    root = repo_root()
    targets = []
    for a in args:
        p = (Path.cwd() / a).resolve()
        if p == root or root not in p.parents:
            sys.exit(f"refusing {a}: not inside {root}")
        if p.exists():
            targets.append(p)
    for p in targets:
        print("delete", p.relative_to(root))
    if "--yes" not in sys.argv and input("go ahead? [y/N] ").lower() != "y":
        return
    for p in targets:
        shutil.rmtree(p) if p.is_dir() else p.unlink()


if __name__ == "__main__":
    main()

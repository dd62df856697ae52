#!/usr/bin/env python3
"""Upgrade pinned requirements one package at a time, testing after each bump."""

import argparse
import re
import shlex
import subprocess
import sys
from pathlib import Path

import requests
from packaging.version import Version

PIN = re.compile(r"^(?P<name>[A-Za-z0-9_.-]+)==(?P<version>[^\s;#]+)")


def pins(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text().splitlines():
        m = PIN.match(line.strip())
        if m:
            out[m.group("name").lower()] = m.group("version")
    return out


def latest(name: str) -> str:
    data = requests.get(f"https://pypi.org/pypi/{name}/json", timeout=15).json()
    versions = [Version(v) for v in data["releases"] if not Version(v).is_prerelease]
    return str(max(versions))


def bump_kind(old: str, new: str) -> str:
    a, b = Version(old), Version(new)
    if b.major != a.major:
        return "major"
    if b.minor != a.minor:
        return "minor"
    return "patch"


def apply(req_txt: Path, name: str, new: str) -> None:
    req_in = req_txt.with_suffix(".in")
    if req_in.exists():
        subprocess.run(["pip-compile", "--quiet", "--upgrade-package", f"{name}=={new}", str(req_in)], check=True)
    else:
        text = re.sub(rf"(?im)^{re.escape(name)}==[^\s;#]+", f"{name}=={new}", req_txt.read_text())
        req_txt.write_text(text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--file", type=Path, default=Path("requirements.txt"))
    ap.add_argument("--package")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--allow-major", action="store_true")
    ap.add_argument("--test")
    args = ap.parse_args()
    current = pins(args.file)
    names = [args.package.lower()] if args.package else sorted(current) if args.all else []
    if not names:
        ap.error("give --package NAME or --all")
    for name in names:
        old = current.get(name)
        if not old:
            print(f"{name}: not pinned in {args.file}")
            continue
        new = latest(name)
        if Version(new) <= Version(old):
            continue
        kind = bump_kind(old, new)
        line = f"{name:14}{old:>10} -> {new:<10} {kind}"
        if kind == "major" and not args.allow_major:
            print(line + "  (skipped: major)")
            continue
        apply(args.file, name, new)
        if args.test:
            ok = subprocess.run(shlex.split(args.test)).returncode == 0
            line += f"  (tests: {'passed' if ok else 'FAILED'})"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

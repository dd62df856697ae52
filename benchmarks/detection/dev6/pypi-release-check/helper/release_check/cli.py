"""release-check: build, twine check, version-collision and README checks."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path

import requests

SUSPICIOUS = (".env", ".pem", ".key", ".DS_Store", "id_rsa", ".pypirc")


def project_meta(root: Path) -> tuple[str, str]:
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    project = data.get("project", {})
    return project["name"], project["version"]


def build(root: Path, out: Path) -> list[Path]:
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(root)], check=True)
    return sorted(out.iterdir())


def already_published(name: str, version: str) -> bool:
    resp = requests.get(f"https://pypi.org/pypi/{name}/json", timeout=10)
    if resp.status_code == 404:
        return False
    resp.raise_for_status()
    return version in resp.json().get("releases", {})


def accidental_files(sdist: Path) -> list[str]:
    with tarfile.open(sdist) as tar:
        return [m.name for m in tar.getmembers() if m.name.endswith(SUSPICIOUS)]


def main() -> int:
    ap = argparse.ArgumentParser(prog="release-check")
    ap.add_argument("--strict", action="store_true")
    args = ap.parse_args()
    root = Path.cwd()
    name, version = project_meta(root)
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        artifacts = build(root, Path(tmp))
        check = subprocess.run([sys.executable, "-m", "twine", "check", *map(str, artifacts)])
        if check.returncode:
            problems.append("twine check failed")
        for sdist in (a for a in artifacts if a.suffix == ".gz"):
            problems += [f"sdist contains {f}" for f in accidental_files(sdist)]
    if already_published(name, version):
        problems.append(f"{name} {version} is already on PyPI: bump the version")
    if args.strict:
        data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        for key in ("classifiers", "urls"):
            if not data.get(key):
                problems.append(f"[project] has no {key}")
    for p in problems:
        print(f"FAIL {p}")
    if not problems:
        print(f"OK   {name} {version} is ready: twine upload dist/*")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""release.py [--test]: build and upload this package to PyPI (or TestPyPI)."""

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path


def has_credentials(repo: str) -> bool:
    """True when twine will find a token for ``repo``; never reads the value out."""
    if os.environ.get("TWINE_PASSWORD"):
        return True
    rc = Path.home() / ".pypirc"
    if not rc.exists():
        return False
    cfg = configparser.ConfigParser()
    cfg.read(rc)
    return cfg.has_option(repo, "password")


def run(*cmd: str) -> None:
    print("+", " ".join(cmd))
    subprocess.run(cmd, check=True)


def main() -> int:
    repo = "testpypi" if "--test" in sys.argv else "pypi"
    if not has_credentials(repo):
        print(f"no credentials for {repo}: set TWINE_USERNAME=__token__ and TWINE_PASSWORD, or add [{repo}] to ~/.pypirc")
        return 2
    shutil.rmtree("dist", ignore_errors=True)
    run(sys.executable, "-m", "build")
    files = sorted(str(p) for p in Path("dist").iterdir())
    run(sys.executable, "-m", "twine", "check", *files)
    run(sys.executable, "-m", "twine", "upload", "--repository", repo, "--non-interactive", *files)
    print("uploaded:", *files, sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main())

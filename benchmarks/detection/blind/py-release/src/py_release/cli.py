import argparse
import subprocess
from pathlib import Path

import tomlkit


def bump(version: str, part: str) -> str:
    major, minor, patch = (int(x) for x in version.split("."))
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def main() -> None:
    ap = argparse.ArgumentParser(prog="py-release")
    ap.add_argument("part", choices=["major", "minor", "patch"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    path = Path("pyproject.toml")
    doc = tomlkit.parse(path.read_text())
    new = bump(str(doc["project"]["version"]), args.part)
    print(f"version -> {new}")
    if args.dry_run:
        return
    doc["project"]["version"] = new
    path.write_text(tomlkit.dumps(doc))
    subprocess.run(["python", "-m", "build"], check=True)
    subprocess.run(["twine", "check", "dist/*"], check=True)
    subprocess.run(["git", "tag", f"v{new}"], check=True)
    print("built and tagged; run `twine upload dist/*` when ready")

"""lintcfg apply --profile NAME: merge a preset into ./pyproject.toml."""
import argparse
import difflib
import json
import sys
from importlib import resources
from pathlib import Path

import tomlkit


def load_preset(name: str) -> dict:
    path = resources.files("lintcfg") / "presets" / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def merge(doc: tomlkit.TOMLDocument, preset: dict) -> None:
    tool = doc.setdefault("tool", tomlkit.table())
    for section, values in preset.items():
        table = tool.setdefault(section, tomlkit.table())
        for key, value in values.items():
            if key == "per-file-ignores" and key in table:
                continue  # keep the project's own ignores
            table[key] = value


def main() -> int:
    ap = argparse.ArgumentParser(prog="lintcfg")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("apply")
    p.add_argument("--profile", default="service", choices=["service", "library", "scripts"])
    p.add_argument("--file", default="pyproject.toml")
    args = ap.parse_args()
    path = Path(args.file)
    before = path.read_text(encoding="utf-8") if path.exists() else ""
    doc = tomlkit.parse(before)
    merge(doc, load_preset(args.profile))
    after = tomlkit.dumps(doc)
    path.write_text(after, encoding="utf-8")
    sys.stdout.writelines(difflib.unified_diff(before.splitlines(True), after.splitlines(True), str(path), str(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

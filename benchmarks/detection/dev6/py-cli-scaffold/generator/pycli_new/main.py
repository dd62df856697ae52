"""pycli-new: generate a Python CLI project skeleton from the bundled templates."""

import argparse
import re
import sys
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

TEMPLATES = Path(__file__).resolve().parent / "templates"


def render_tree(name: str, cli: str, python: str, ci: bool) -> dict[str, str]:
    env = Environment(loader=FileSystemLoader(TEMPLATES), keep_trailing_newline=True)
    ctx = {"name": name, "module": name.replace("-", "_"), "cli": cli, "python": python}
    files = {
        "pyproject.toml": env.get_template("pyproject.toml.j2").render(ctx),
        f"src/{ctx['module']}/__init__.py": '__version__ = "0.1.0"\n',
        f"src/{ctx['module']}/cli.py": env.get_template("cli.py.j2").render(ctx),
        "tests/test_cli.py": env.get_template("test_cli.py.j2").render(ctx),
        "README.md": f"# {name}\n\n`pip install -e .` then `{name} --help`.\n",
    }
    if ci:
        files[".github/workflows/ci.yml"] = env.get_template("ci.yml.j2").render(ctx)
    return files


def main() -> int:
    ap = argparse.ArgumentParser(prog="pycli-new")
    ap.add_argument("name")
    ap.add_argument("--cli", choices=("typer", "argparse"), default="typer")
    ap.add_argument("--python", default="3.11")
    ap.add_argument("--no-ci", action="store_true")
    args = ap.parse_args()
    if not re.fullmatch(r"[a-z][a-z0-9-]*", args.name):
        print("name: lowercase letters, digits and dashes", file=sys.stderr)
        return 2
    root = Path(args.name)
    if root.exists():
        print(f"{root} already exists", file=sys.stderr)
        return 1
    for rel, text in render_tree(args.name, args.cli, args.python, not args.no_ci).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"created {root}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())

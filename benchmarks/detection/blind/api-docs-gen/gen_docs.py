#!/usr/bin/env python3
import argparse
import importlib
import inspect
import pkgutil
from pathlib import Path


def document(module) -> str:
    lines = [f"# `{module.__name__}`", "", inspect.getdoc(module) or "", ""]
    for name, obj in inspect.getmembers(module):
        if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(obj) or inspect.isclass(obj):
            kind = "class" if inspect.isclass(obj) else "def"
            lines += [f"## {kind} `{name}{inspect.signature(obj)}`", "", inspect.getdoc(obj) or "*No docstring.*", ""]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("package")
    ap.add_argument("--out", type=Path, default=Path("docs/api"))
    args = ap.parse_args()
    root = importlib.import_module(args.package)
    names = [root.__name__] + [m.name for m in pkgutil.walk_packages(root.__path__, root.__name__ + ".")]
    args.out.mkdir(parents=True, exist_ok=True)
    for name in names:
        (args.out / f"{name}.md").write_text(document(importlib.import_module(name)))
    print(f"wrote {len(names)} pages to {args.out}")


if __name__ == "__main__":
    main()

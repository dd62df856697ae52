#!/usr/bin/env python3
"""Print a Markdown overview of an OpenAPI 3.x spec."""
from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

METHODS = ("get", "post", "put", "patch", "delete", "head", "options")


def load(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".yaml", ".yml"):
        import yaml  # PyYAML

        return yaml.safe_load(text)
    return json.loads(text)


def auth_label(op: dict, spec: dict) -> str:
    reqs = op.get("security", spec.get("security", []))
    if not reqs:
        return "none"
    schemes = spec.get("components", {}).get("securitySchemes", {})
    names = []
    for req in reqs:
        for name in req:
            s = schemes.get(name, {})
            names.append(s.get("scheme") or s.get("type") or name)
    return ", ".join(sorted(set(names))) or "none"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("spec", type=Path)
    ap.add_argument("--tag")
    args = ap.parse_args()
    spec = load(args.spec)
    info = spec.get("info", {})
    print(f"# {info.get('title', args.spec.name)} {info.get('version', '')}".rstrip())
    if info.get("description"):
        print(f"\n{info['description'].strip().splitlines()[0]}")
    groups: dict[str, list[str]] = defaultdict(list)
    for path, item in spec.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if not op:
                continue
            row = f"| {method.upper()} | `{path}` | {op.get('summary', '')} | {auth_label(op, spec)} | {', '.join(op.get('responses', {}))} |"
            if op.get("deprecated"):
                row = row.replace(f"`{path}`", f"~~`{path}`~~")
            for tag in op.get("tags", ["untagged"]):
                if not args.tag or tag == args.tag:
                    groups[tag].append(row)
    for tag in sorted(groups):
        print(f"\n## {tag}\n\n| Method | Path | Summary | Auth | Responses |\n| --- | --- | --- | --- | --- |")
        print("\n".join(groups[tag]))
    schemas = spec.get("components", {}).get("schemas", {})
    if schemas and not args.tag:
        print("\n## Schemas\n")
        for name, schema in sorted(schemas.items()):
            req = ", ".join(schema.get("required", [])) or "-"
            print(f"- **{name}** (required: {req})")


if __name__ == "__main__":
    main()

"""Markdown pages from an OpenAPI 3 spec, one per tag."""

import sys
from collections import defaultdict
from pathlib import Path

import yaml


def main(spec_path: str, out: str) -> None:
    spec = yaml.safe_load(Path(spec_path).read_text())
    pages = defaultdict(list)
    for route, item in spec.get("paths", {}).items():
        for method, op in item.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            for tag in op.get("tags", ["default"]):
                pages[tag].append((method.upper(), route, op))
    Path(out).mkdir(parents=True, exist_ok=True)
    for tag, ops in pages.items():
        lines = [f"# {tag}", ""]
        for method, route, op in ops:
            lines += [f"## `{method} {route}`", "", op.get("summary", ""), ""]
            for p in op.get("parameters", []):
                lines.append(f"- `{p['name']}` ({p.get('in')}){' required' if p.get('required') else ''}")
            lines.append("")
        (Path(out) / f"{tag}.md").write_text("\n".join(lines))
        print(f"wrote {tag}.md ({len(ops)} operations)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

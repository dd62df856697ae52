"""Add a named MCP server to Claude Desktop's config."""

import json
import platform
import sys
from pathlib import Path


def config_path() -> Path:
    if platform.system() == "Darwin":
        return Path.home() / "Library/Application Support/Claude/claude_desktop_config.json"
    if platform.system() == "Windows":
        return Path.home() / "AppData/Roaming/Claude/claude_desktop_config.json"
    return Path.home() / ".config/Claude/claude_desktop_config.json"


def main(argv: list[str]) -> int:
    if "--" not in argv or argv.index("--") != 1:
        print("usage: add.py NAME -- COMMAND [ARGS...]", file=sys.stderr)
        return 2
    name, command, *args = argv[0], *argv[2:]
    path = config_path()
    cfg = json.loads(path.read_text()) if path.exists() else {}
    entry = {"command": command, "args": args}
    print(json.dumps({name: entry}, indent=2))
    if input(f"add to {path}? [y/N] ").strip().lower() != "y":
        return 1
    cfg.setdefault("mcpServers", {})[name] = entry
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(cfg, indent=2))
    print(f"added {name}; restart Claude Desktop")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env bash
# Merge the reference MCP servers into the repository's .mcp.json.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
want=(docs git)
while [[ $# -gt 0 ]]; do
  case "$1" in
    --with) IFS=, read -r -a extra <<<"$2"; want+=("${extra[@]}"); shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

[[ -d "$root/docs" ]] || echo "note: $root/docs does not exist; the docs server will only see README.md"

python3 - "$here/template/mcp.json" "$root/.mcp.json" "${want[@]}" <<'PY'
import json, os, sys
template, target, *names = sys.argv[1:]
servers = json.load(open(template))["mcpServers"]
cur = json.load(open(target)) if os.path.exists(target) else {}
dest = cur.setdefault("mcpServers", {})
for name in names:
    if name not in servers:
        sys.exit(f"unknown server {name}; choose from {', '.join(servers)}")
    if name in dest:
        print(f"= {name} (already configured, left as is)")
        continue
    dest[name] = servers[name]
    print(f"+ {name}: {servers[name]['command']} {' '.join(servers[name]['args'])}")
with open(target, "w") as fh:
    json.dump(cur, fh, indent=2)
    fh.write("\n")
PY
echo "wrote $root/.mcp.json; restart Claude Code in this folder and approve the servers"

#!/usr/bin/env bash
# Install the format hooks into the current project's .claude folder.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
mkdir -p "$root/.claude/hooks"
install -m 755 "$here/.claude/hooks/guard-paths.sh" "$here/.claude/hooks/format-file.sh" "$root/.claude/hooks/"
python3 - "$here/.claude/settings.json" "$root/.claude/settings.json" <<'PY'
import json, os, sys
src, dst = sys.argv[1:]
new = json.load(open(src))
cur = json.load(open(dst)) if os.path.exists(dst) else {}
allow = cur.setdefault("permissions", {}).setdefault("allow", [])
allow += [r for r in new["permissions"]["allow"] if r not in allow]
hooks = cur.setdefault("hooks", {})
for event, entries in new["hooks"].items():
    existing = hooks.setdefault(event, [])
    for e in entries:
        if e not in existing:
            existing.append(e)
json.dump(cur, open(dst, "w"), indent=2)
print(f"updated {dst}")
PY
echo "hooks installed; restart Claude Code (or run /hooks) to load them"

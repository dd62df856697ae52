#!/usr/bin/env bash
# Merge the skill's tasks.json and launch.json into the project's .vscode folder.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="${1:-$(git rev-parse --show-toplevel 2>/dev/null || pwd)}"
[[ -f "$root/tsconfig.json" ]] || echo "note: no tsconfig.json in $root (run npx tsc --init)"
mkdir -p "$root/.vscode"
node - "$here/.vscode" "$root/.vscode" <<'JS'
const fs = require("fs"), path = require("path");
const [src, dst] = process.argv.slice(2);
// VS Code files allow comments and trailing commas; strip them before parsing
const load = (p) => fs.existsSync(p)
  ? JSON.parse(fs.readFileSync(p, "utf8").replace(/^\s*\/\/.*$/gm, "").replace(/,(\s*[}\]])/g, "$1"))
  : null;
for (const [file, key, id] of [["tasks.json", "tasks", "label"], ["launch.json", "configurations", "name"]]) {
  const ours = load(path.join(src, file));
  const theirs = load(path.join(dst, file)) || { version: ours.version, [key]: [] };
  const names = new Set(theirs[key].map((t) => t[id]));
  for (const item of ours[key]) if (!names.has(item[id])) theirs[key].push(item);
  fs.writeFileSync(path.join(dst, file), JSON.stringify(theirs, null, 2) + "\n");
  console.log(`updated ${path.join(dst, file)}`);
}
JS
echo "reload the VS Code window and allow automatic tasks when asked"

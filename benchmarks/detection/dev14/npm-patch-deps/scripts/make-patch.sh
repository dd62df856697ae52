#!/usr/bin/env bash
# Record a node_modules fix as a patch and make it apply on every install.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pkg="${1:?usage: make-patch.sh <package-name>}"
[[ -f package.json ]] || { echo "run in the project root (no package.json here)" >&2; exit 1; }
[[ -d "node_modules/$pkg" ]] || { echo "node_modules/$pkg not found" >&2; exit 1; }

npx --yes patch-package "$pkg"

node - "$here/template/package-scripts.json" <<'JS'
const fs = require("fs");
const tpl = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
pkg.scripts ||= {};
pkg.devDependencies ||= {};
const changes = [];
const post = pkg.scripts.postinstall;
if (!post) { pkg.scripts.postinstall = tpl.scripts.postinstall; changes.push("scripts.postinstall"); }
else if (!post.includes("patch-package")) { pkg.scripts.postinstall = `${post} && patch-package`; changes.push("scripts.postinstall (appended)"); }
if (!pkg.scripts.prepare && fs.existsSync(".git")) { pkg.scripts.prepare = tpl.scripts.prepare; changes.push("scripts.prepare"); }
for (const [name, range] of Object.entries(tpl.devDependencies)) {
  if (!pkg.devDependencies[name] && !(pkg.dependencies || {})[name]) { pkg.devDependencies[name] = range; changes.push(name); }
}
fs.writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
console.log(changes.length ? `package.json: ${changes.join(", ")}` : "package.json already set up");
JS

ls -1 patches/ | sed 's/^/  patches\//'
echo "next: npm install (applies the patch), then commit patches/ and package.json"

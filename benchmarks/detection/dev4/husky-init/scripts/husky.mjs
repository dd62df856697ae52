import { execSync } from "node:child_process";
import { mkdirSync, writeFileSync, readFileSync, chmodSync } from "node:fs";
import { join } from "node:path";

const root = execSync("git rev-parse --show-toplevel").toString().trim();
execSync("npm install --save-dev husky", { cwd: root, stdio: "inherit" });

const pkgPath = join(root, "package.json");
const pkg = JSON.parse(readFileSync(pkgPath, "utf8"));
pkg.scripts = { ...(pkg.scripts || {}), prepare: "husky" };
writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + "\n");

const hookDir = join(root, ".husky");
mkdirSync(hookDir, { recursive: true });
const hook = join(hookDir, "pre-commit");
writeFileSync(hook, "npm test\n");
chmodSync(hook, 0o755);
execSync("npx husky", { cwd: root, stdio: "inherit" });
console.log("husky pre-commit hook ready: runs npm test");

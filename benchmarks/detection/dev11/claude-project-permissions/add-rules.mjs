#!/usr/bin/env node
// add-rules.mjs CMD...: add Bash(CMD:*) allow rules to this project's .claude/settings.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const commands = process.argv.slice(2).map((c) => c.trim()).filter(Boolean);
if (!commands.length) {
  console.error('usage: node add-rules.mjs "npm run lint" ["npm run typecheck" ...]');
  process.exit(2);
}
for (const c of commands) {
  if (c === "*" || /[;&|`$]/.test(c)) {
    console.error(`refusing rule for ${JSON.stringify(c)}: name one plain command`);
    process.exit(2);
  }
}

const dir = join(process.cwd(), ".claude");
const file = join(dir, "settings.json");
const settings = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
const perms = (settings.permissions ??= {});
const allow = new Set(perms.allow ?? []);
const deny = new Set(perms.deny ?? []);
for (const c of commands) allow.add(`Bash(${c}:*)`);
deny.add("Read(./.env)");
deny.add("Read(./.env.*)");
perms.allow = [...allow];
perms.deny = [...deny];

mkdirSync(dir, { recursive: true });
writeFileSync(file, JSON.stringify(settings, null, 2) + "\n");
console.log(JSON.stringify({ permissions: perms }, null, 2));

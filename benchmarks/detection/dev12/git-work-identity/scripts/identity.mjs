#!/usr/bin/env node
// identity.mjs - per-folder git identity through includeIf.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values: opt } = parseArgs({
  options: {
    dir: { type: "string" },
    email: { type: "string" },
    name: { type: "string" },
    "signing-key": { type: "string" },
    "ssh-key": { type: "string" },
    "dry-run": { type: "boolean", default: false },
  },
});
if (!opt.dir || !opt.email) {
  console.error("--dir and --email are required");
  process.exit(2);
}

const home = homedir();
const expand = (p) => resolve(p.replace(/^~(?=$|\/)/, home));
const tilde = (p) => (p.startsWith(home) ? "~" + p.slice(home.length) : p);

const dir = expand(opt.dir);
if (dir === home || dir === "/") {
  console.error("pick a folder below your home directory, not the home directory itself");
  process.exit(2);
}
const label = basename(dir).toLowerCase().replace(/[^a-z0-9-]+/g, "-");
const incPath = join(home, ".config", "git", `identity-${label}.inc`);

const lines = ["[user]", `\temail = ${opt.email}`];
if (opt.name) lines.push(`\tname = ${opt.name}`);
if (opt["signing-key"]) lines.push(`\tsigningkey = ${opt["signing-key"]}`, "[commit]", "\tgpgsign = true");
if (opt["ssh-key"]) {
  const key = expand(opt["ssh-key"]);
  if (!existsSync(key)) {
    console.error(`no such key file: ${key}`);
    process.exit(1);
  }
  lines.push("[core]", `\tsshCommand = ssh -i ${tilde(key)} -o IdentitiesOnly=yes`);
}
const inc = lines.join("\n") + "\n";
const block = `[includeIf "gitdir:${tilde(dir)}/"]\n\tpath = ${tilde(incPath)}\n`;

const gitconfig = join(home, ".gitconfig");
const current = existsSync(gitconfig) ? readFileSync(gitconfig, "utf8") : "";
const already = current.includes(`[includeIf "gitdir:${tilde(dir)}/"]`);

if (opt["dry-run"]) {
  console.log(`# ${incPath}\n${inc}`);
  console.log(already ? `# ${gitconfig} already has the block` : `# appended to ${gitconfig}\n${block}`);
  process.exit(0);
}

mkdirSync(join(home, ".config", "git"), { recursive: true });
writeFileSync(incPath, inc);
if (!already) {
  if (current) writeFileSync(`${gitconfig}.bak-${Date.now()}`, current);
  writeFileSync(gitconfig, current + (current && !current.endsWith("\n") ? "\n" : "") + block);
}
console.log(`identity ${opt.email} applies to repositories under ${tilde(dir)}/`);

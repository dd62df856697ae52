#!/usr/bin/env -S npx tsx
// Snapshot the working tree to refs/wip/<branch>/<ts> without touching HEAD, index or stash.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

interface Mirror {
  scheme: string;
  host: string;
  path: string;
}
interface Config {
  refPrefix: string;
  keepDays: number;
  mirror?: Mirror;
}

const here = resolve(__dirname, "..");
const config: Config = JSON.parse(readFileSync(join(here, "wip.config.json"), "utf8"));

function git(args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync("git", args, { env, encoding: "utf8" }).trim();
}

function branch(): string {
  return git(["rev-parse", "--abbrev-ref", "HEAD"]).replace(/[^\w.-]/g, "_");
}

function save(): string {
  const tmp = mkdtempSync(join(tmpdir(), "wip-"));
  const env = { ...process.env, GIT_INDEX_FILE: join(tmp, "index") };
  try {
    git(["read-tree", "HEAD"], env);
    git(["add", "--all", "--force", "."], env);
    const tree = git(["write-tree"], env);
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const commit = git(["commit-tree", tree, "-p", "HEAD", "-m", `wip ${stamp}`]);
    const ref = `${config.refPrefix}/${branch()}/${stamp}`;
    git(["update-ref", ref, commit]);
    if (config.mirror) {
      const m = config.mirror;
      const url = `${m.scheme}://${m.host}${m.path}`;
      const owner = git(["config", "user.email"]).replace(/[^\w.-]/g, "_");
      git(["push", "--quiet", url, `${ref}:refs/heads/${owner}/${branch()}/${stamp}`]);
    }
    return ref;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function list(): string[] {
  const out = git(["for-each-ref", "--sort=-refname", "--format=%(refname)", `${config.refPrefix}/${branch()}`]);
  return out ? out.split("\n") : [];
}

function restore(ref: string): void {
  git(["checkout", ref, "--", "."]);
}

function prune(): void {
  const cutoff = Date.now() - config.keepDays * 86_400_000;
  for (const ref of list()) {
    const when = Number(git(["log", "-1", "--format=%ct", ref])) * 1000;
    if (when < cutoff) git(["update-ref", "-d", ref]);
  }
}

const [cmd, arg] = process.argv.slice(2);
switch (cmd) {
  case "save":
    console.log(save());
    break;
  case "list":
    console.log(list().join("\n") || "(no snapshots)");
    break;
  case "restore":
    if (!arg) throw new Error("restore needs a ref");
    restore(arg);
    break;
  case "prune":
    prune();
    break;
  default:
    console.error("usage: wip.ts save|list|restore <ref>|prune");
    process.exit(2);
}

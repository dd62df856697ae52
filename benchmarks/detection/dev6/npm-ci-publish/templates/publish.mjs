#!/usr/bin/env node
// Publish to npm only when the release tag matches package.json's version.
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const tag = (process.env.RELEASE_TAG || "").replace(/^v/, "");

if (!process.env.NPM_TOKEN) {
  console.error("NPM_TOKEN is not set (add it as a repository secret)");
  process.exit(1);
}
if (tag !== pkg.version) {
  console.error(`release tag ${process.env.RELEASE_TAG} does not match package.json version ${pkg.version}`);
  process.exit(1);
}

const distTag = /-(alpha|beta|rc)/.test(pkg.version) ? "next" : "latest";
const done = spawnSync("npm", ["publish", "--provenance", "--access", "public", "--tag", distTag], {
  stdio: "inherit",
  env: process.env,
});
process.exit(done.status ?? 1);

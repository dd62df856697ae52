import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const repo = process.argv[2];
const token = process.env.GITHUB_TOKEN;
if (!repo || !token) {
  console.error("usage: GITHUB_TOKEN=... node release.mjs owner/repo");
  process.exit(2);
}
const tag = execFileSync("git", ["describe", "--tags", "--abbrev=0"]).toString().trim();
const notes = readFileSync("CHANGELOG.md", "utf8").split("\n## ")[1] ?? "";
const api = "https://api.github.com";
const res = await fetch(`${api}/repos/${repo}/releases`, {
  method: "POST",
  headers: {
    Authorization: `Bearer ${token}`,
    Accept: "application/vnd.github+json",
  },
  body: JSON.stringify({ tag_name: tag, name: tag, body: notes }),
});
const out = await res.json();
console.log(res.ok ? `released ${out.html_url}` : `failed: ${out.message}`);

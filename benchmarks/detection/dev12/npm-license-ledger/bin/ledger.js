#!/usr/bin/env node
"use strict";
// ledger.js - licence report of a project's installed npm dependencies.
const fs = require("fs");
const path = require("path");
const correct = require("spdx-correct");
const parse = require("spdx-expression-parse");
const { violates } = require("../lib/policy");

const args = process.argv.slice(2);
const csv = args.includes("--csv");
const policy = args.includes("--policy") ? args[args.indexOf("--policy") + 1] : "default";
const root = process.cwd();
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"));

function licenceIds(raw) {
  if (!raw) return ["UNKNOWN"];
  const text = typeof raw === "string" ? raw : raw.type || "UNKNOWN";
  const fixed = correct(text) || text;
  try {
    const ids = [];
    (function walk(node) {
      if (node.license) ids.push(node.license);
      if (node.left) walk(node.left);
      if (node.right && node.conjunction === "or") walk(node.right);
    })(parse(fixed));
    return ids.length ? ids : ["UNKNOWN"];
  } catch {
    return ["UNKNOWN"];
  }
}

const rows = [];
for (const [key, meta] of Object.entries(lock.packages || {})) {
  if (!key.startsWith("node_modules/") || meta.link) continue;
  const name = key.slice(key.lastIndexOf("node_modules/") + 13);
  let raw = meta.license;
  const pj = path.join(root, key, "package.json");
  if (!raw && fs.existsSync(pj)) raw = JSON.parse(fs.readFileSync(pj, "utf8")).license;
  const ids = licenceIds(raw);
  rows.push({ name, version: meta.version, ids, dev: !!meta.dev, via: key.split("node_modules/").filter(Boolean).slice(0, -1).join(" > ") });
}
rows.sort((a, b) => a.name.localeCompare(b.name));

const flagged = rows.filter((r) => !r.dev && violates(r.ids, policy));
if (csv) {
  console.log("package,version,licence,dev,flagged");
  for (const r of rows) console.log([r.name, r.version, r.ids.join(" OR "), r.dev, flagged.includes(r)].join(","));
} else {
  const counts = {};
  for (const r of rows) for (const id of r.ids) counts[id] = (counts[id] || 0) + 1;
  console.log("| licence | packages |\n| --- | --- |");
  for (const [id, n] of Object.entries(counts).sort((a, b) => b[1] - a[1])) console.log(`| ${id} | ${n} |`);
  if (flagged.length) {
    console.log(`\n**${flagged.length} package(s) fail the ${policy} policy:**\n`);
    for (const r of flagged) console.log(`- ${r.name}@${r.version}: ${r.ids.join(" OR ")}${r.via ? ` (via ${r.via})` : ""}`);
  }
}
process.exitCode = flagged.length ? 1 : 0;

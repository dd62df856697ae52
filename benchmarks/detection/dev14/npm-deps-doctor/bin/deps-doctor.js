#!/usr/bin/env node
"use strict";
const fs = require("fs");
const path = require("path");

const args = process.argv.slice(2);
const json = args.includes("--json");
const onlyArg = args.find((a) => a.startsWith("--only"));
const only = onlyArg ? (onlyArg.split("=")[1] || args[args.indexOf(onlyArg) + 1] || "").split(",") : null;
const want = (name) => !only || only.includes(name);

const root = process.cwd();
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const lockPath = path.join(root, "package-lock.json");
const lock = fs.existsSync(lockPath) ? JSON.parse(fs.readFileSync(lockPath, "utf8")) : { packages: {} };
const deps = pkg.dependencies || {};
const devDeps = pkg.devDependencies || {};

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(c|m)?[jt]sx?$/.test(e.name)) out.push(p);
  }
  return out;
}

function importsOf(file) {
  const src = fs.readFileSync(file, "utf8");
  const names = new Set();
  const re = /(?:require\(|from\s+|import\s*\()\s*["']([^"'./][^"']*)["']/g;
  for (let m; (m = re.exec(src)); ) {
    const parts = m[1].split("/");
    names.add(m[1].startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
  }
  return names;
}

const findings = {};
if (want("dupes")) {
  const versions = {};
  for (const [p, info] of Object.entries(lock.packages || {})) {
    const name = p.split("node_modules/").pop();
    if (name && info.version) (versions[name] ||= new Set()).add(info.version);
  }
  findings.dupes = Object.entries(versions).filter(([, v]) => v.size > 1).map(([n, v]) => `${n}: ${[...v].join(", ")}`);
}
const srcFiles = ["src", "lib", "bin"].flatMap((d) => walk(path.join(root, d)));
const testFiles = ["test", "tests", "__tests__"].flatMap((d) => walk(path.join(root, d)));
const usedInSrc = new Set(srcFiles.flatMap((f) => [...importsOf(f)]));
const usedInTests = new Set(testFiles.flatMap((f) => [...importsOf(f)]));
if (want("unused")) findings.unused = Object.keys(deps).filter((n) => !usedInSrc.has(n) && !usedInTests.has(n));
if (want("misplaced")) findings.misplaced = Object.keys(deps).filter((n) => !usedInSrc.has(n) && usedInTests.has(n));
if (want("drift")) {
  findings.drift = Object.entries({ ...deps, ...devDeps }).filter(([n, range]) => {
    const locked = lock.packages?.[`node_modules/${n}`]?.version;
    const m = /^[\^~]?(\d+)\./.exec(range);
    return locked && m && !locked.startsWith(m[1] + ".");
  }).map(([n, r]) => `${n}: ${r} vs locked ${lock.packages[`node_modules/${n}`].version}`);
}

if (json) console.log(JSON.stringify(findings, null, 2));
else for (const [check, items] of Object.entries(findings)) {
  console.log(`${check} (${items.length})`);
  for (const i of items) console.log(`  - ${i}`);
}

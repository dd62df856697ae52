#!/usr/bin/env node
// Turn `npm audit --json` into a remediation plan.
import { execFileSync } from "node:child_process";
import semver from "semver";

const prodOnly = process.argv.includes("--prod-only");
const asJson = process.argv.includes("--json");

function npmJson(args) {
  try {
    return JSON.parse(execFileSync("npm", args, { encoding: "utf8", maxBuffer: 64 << 20 }));
  } catch (err) {
    // npm audit exits 1 when it finds something; the JSON is still on stdout
    if (err.stdout) return JSON.parse(err.stdout);
    throw err;
  }
}

const audit = npmJson(["audit", "--json", ...(prodOnly ? ["--omit=dev"] : [])]);
const prodTree = npmJson(["ls", "--all", "--omit=dev", "--json"]);

const inProd = new Set();
(function walk(deps = {}) {
  for (const [name, node] of Object.entries(deps)) {
    inProd.add(name);
    walk(node.dependencies);
  }
})(prodTree.dependencies);

const plan = Object.values(audit.vulnerabilities ?? {}).map((v) => {
  const fix = v.fixAvailable;
  let action;
  let risk = "none";
  if (fix === true) {
    action = `npm update ${v.name}`;
    risk = "patch/minor";
  } else if (fix && typeof fix === "object") {
    action = `upgrade ${fix.name} to ${fix.version}`;
    risk = fix.isSemVerMajor ? "major" : "minor";
  } else {
    const patched = v.range ? semver.minVersion(v.range.replace(/^</, ">=")) : null;
    action = patched ? `add "overrides": { "${v.name}": ">=${patched.version}" }` : "no fix yet: consider replacing the package";
    risk = "override";
  }
  return { name: v.name, severity: v.severity, reachable: inProd.has(v.name), via: v.via.filter((x) => typeof x === "string"), action, risk };
});

plan.sort((a, b) => Number(b.reachable) - Number(a.reachable) || a.name.localeCompare(b.name));

if (asJson) {
  console.log(JSON.stringify(plan, null, 2));
} else {
  for (const p of plan) {
    console.log(`${p.reachable ? "PROD" : "dev "}  ${p.severity.padEnd(8)} ${p.name.padEnd(30)} ${p.action}  [${p.risk}]`);
  }
}

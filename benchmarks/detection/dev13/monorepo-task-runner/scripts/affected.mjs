#!/usr/bin/env node
// Print workspace packages affected by changes since a base ref, dependents included, in topological order.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const args = process.argv.slice(2);
const base = args.includes('--base') ? args[args.indexOf('--base') + 1] : 'origin/main';
const root = process.cwd();

function workspaceGlobs() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  if (Array.isArray(pkg.workspaces)) return pkg.workspaces;
  if (pkg.workspaces && pkg.workspaces.packages) return pkg.workspaces.packages;
  const pnpm = join(root, 'pnpm-workspace.yaml');
  if (existsSync(pnpm)) {
    return [...readFileSync(pnpm, 'utf8').matchAll(/^\s*-\s*['"]?([^'"\n]+)['"]?/gm)].map((m) => m[1]);
  }
  return [];
}

function expand(glob) {
  // supports "packages/*" and "apps/**" style globs, which is what workspaces use in practice
  const clean = glob.replace(/\/\*\*?$/, '');
  if (clean === glob) return [glob];
  const dir = join(root, clean);
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(clean, d.name)) : [];
}

function packages() {
  const out = new Map();
  for (const dir of workspaceGlobs().flatMap(expand)) {
    const file = join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    const deps = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies };
    out.set(pkg.name, { dir, deps: Object.keys(deps) });
  }
  return out;
}

function changedFiles() {
  const mergeBase = execFileSync('git', ['merge-base', base, 'HEAD'], { encoding: 'utf8' }).trim();
  const diff = execFileSync('git', ['diff', '--name-only', mergeBase], { encoding: 'utf8' });
  return diff.split('\n').filter(Boolean);
}

const pkgs = packages();
const changed = new Set();
for (const file of changedFiles()) {
  for (const [name, { dir }] of pkgs) if (file === dir || file.startsWith(dir + '/')) changed.add(name);
}
// add dependents until nothing changes
let grew = true;
while (grew) {
  grew = false;
  for (const [name, { deps }] of pkgs) {
    if (!changed.has(name) && deps.some((d) => changed.has(d))) { changed.add(name); grew = true; }
  }
}
// topological order among the affected set
const order = [];
const seen = new Set();
function visit(name) {
  if (seen.has(name) || !changed.has(name)) return;
  seen.add(name);
  for (const d of pkgs.get(name).deps) visit(d);
  order.push(name);
}
[...changed].sort().forEach(visit);
for (const name of order) console.log(`${name}\t${relative(root, join(root, pkgs.get(name).dir)).split(sep).join('/')}`);
if (order.length === 0) console.error(`nothing affected since ${base}`);

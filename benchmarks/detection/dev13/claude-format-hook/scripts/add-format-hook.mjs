#!/usr/bin/env node
// Add a PostToolUse format hook to the project's .claude/settings(.local).json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FORMATTERS = {
  prettier: 'npx --no-install prettier --write --ignore-unknown',
  ruff: 'ruff format',
  black: 'black -q',
  gofmt: 'gofmt -w',
};
const EXT = { ruff: '\\.pyi?$', black: '\\.pyi?$', gofmt: '\\.go$', prettier: '.' };

const [name, flag] = process.argv.slice(2);
if (!FORMATTERS[name]) {
  console.error(`usage: add-format-hook.mjs <${Object.keys(FORMATTERS).join('|')}> [--local]`);
  process.exit(2);
}

const dir = join(process.cwd(), '.claude');
const file = join(dir, flag === '--local' ? 'settings.local.json' : 'settings.json');
// stdin is the hook payload; format only the edited file, only if it matches the formatter's extensions
const command = `f="$(jq -r '.tool_input.file_path // empty')"; [ -n "$f" ] && printf '%s' "$f" | grep -Eq '${EXT[name]}' && ${FORMATTERS[name]} "$f" || true`;

let settings = {};
if (existsSync(file)) {
  try {
    settings = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.error(`${file} is not valid JSON; fix it first`);
    process.exit(1);
  }
}
settings.hooks ??= {};
settings.hooks.PostToolUse ??= [];
const exists = settings.hooks.PostToolUse.some((entry) => (entry.hooks || []).some((h) => h.command === command));
if (exists) {
  console.log(`the ${name} hook is already in ${file}`);
  process.exit(0);
}
settings.hooks.PostToolUse.push({ matcher: 'Edit|MultiEdit|Write', hooks: [{ type: 'command', command, timeout: 30 }] });
mkdirSync(dir, { recursive: true });
writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
console.log(`added to ${file}:\n  PostToolUse (Edit|MultiEdit|Write): ${command}`);
console.log('needs jq on PATH; restart Claude Code or run /hooks to reload');

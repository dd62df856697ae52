#!/usr/bin/env node
// Validate commit messages against Conventional Commits and explain failures.
import { readFileSync } from 'node:fs';

const TYPES = ['feat', 'fix', 'docs', 'style', 'refactor', 'perf', 'test', 'build', 'ci', 'chore', 'revert'];
const HEADER = /^(?<type>[a-z]+)(?:\((?<scope>[^)]*)\))?(?<bang>!)?(?<sep>:\s?)?(?<subject>.*)$/;

function check(message) {
  const problems = [];
  const lines = message.replace(/\r\n/g, '\n').replace(/^#.*$/gm, '').trim().split('\n');
  const header = lines[0] || '';
  const m = header.match(HEADER);
  if (!m) return ['header does not start with a lowercase type'];
  const { type, scope, sep, subject } = m.groups;
  if (!TYPES.includes(type)) problems.push(`type "${type}" is not one of: ${TYPES.join(', ')}`);
  if (scope !== undefined && !/^[a-z0-9][a-z0-9-/.]*$/.test(scope)) problems.push(`scope "${scope}" should be lowercase words separated by - / .`);
  if (sep !== ': ') problems.push('type/scope must be followed by ": " (colon and one space)');
  if (!subject.trim()) problems.push('subject is empty');
  if (header.length > 72) problems.push(`header is ${header.length} characters (max 72)`);
  if (/\.$/.test(subject)) problems.push('subject should not end with a period');
  if (lines.length > 1 && lines[1].trim() !== '') problems.push('leave a blank line between the header and the body');
  for (const line of lines.slice(1)) {
    if (/^breaking[- ]change/i.test(line) && !/^BREAKING[ -]CHANGE: /.test(line)) problems.push(`footer "${line.slice(0, 30)}" must be spelled "BREAKING CHANGE: "`);
  }
  return problems;
}

function readInput() {
  const args = process.argv.slice(2);
  if (args[0] === '--file') return [readFileSync(args[1], 'utf8')];
  if (args[0] === '--stdin') return readFileSync(0, 'utf8').split('\0').map((s) => s.trim()).filter(Boolean);
  if (args.length) return [args.join(' ')];
  console.error('usage: check-commits.mjs "<message>" | --file FILE | --stdin (NUL-separated)');
  process.exit(2);
}

let failed = 0;
for (const message of readInput()) {
  const problems = check(message);
  const header = message.split('\n')[0];
  if (problems.length === 0) {
    console.log(`ok    ${header}`);
    continue;
  }
  failed++;
  console.log(`FAIL  ${header}`);
  for (const p of problems) console.log(`      - ${p}`);
}
process.exit(failed ? 1 : 0);

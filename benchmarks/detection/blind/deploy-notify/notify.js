#!/usr/bin/env node
const { execSync } = require('node:child_process');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

const hook = process.env.SLACK_WEBHOOK_URL;
if (!hook) {
  console.error('set SLACK_WEBHOOK_URL to your channel\'s incoming webhook');
  process.exit(2);
}

const who = execSync('git config user.name', { encoding: 'utf8' }).trim();
const text = `:rocket: *${arg('service', '?')}* ${arg('version', '?')} deployed by ${who}` +
  (arg('diff') ? `\n<${arg('diff')}|changes>` : '');
console.log(text);

fetch(hook, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ text }),
}).then((r) => console.log(r.ok ? 'posted' : `Slack answered ${r.status}`));

#!/usr/bin/env node
const fs = require('fs');
const os = require('os');
const path = require('path');

function profilesRoot() {
  switch (process.platform) {
    case 'darwin': return path.join(os.homedir(), 'Library/Application Support/Firefox/Profiles');
    case 'win32': return path.join(process.env.APPDATA, 'Mozilla/Firefox/Profiles');
    default: return path.join(os.homedir(), '.mozilla/firefox');
  }
}

const prefs = require('./prefs.json');
const lines = Object.entries(prefs).map(([k, v]) => {
  const value = Array.isArray(v) ? v.join('') : v;
  return `user_pref(${JSON.stringify(k)}, ${JSON.stringify(value)});`;
});

const root = profilesRoot();
const profile = fs.readdirSync(root).find((d) => d.endsWith('.default-release'));
if (!profile) {
  console.error('no default-release profile under', root);
  process.exit(1);
}
const target = path.join(root, profile, 'user.js');
fs.appendFileSync(target, `\n// dev profile\n${lines.join('\n')}\n`);
console.log('wrote', target);

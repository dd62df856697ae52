#!/usr/bin/env node
const { findings } = require('../scripts/first-check.js');
for (const f of findings()) console.log(`${f.level.padEnd(5)} ${f.file}: ${f.message}`);

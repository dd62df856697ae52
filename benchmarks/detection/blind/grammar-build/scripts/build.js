// Compile the generated parser with the locally installed tree-sitter CLI.
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const cli = path.join(__dirname, '..', 'node_modules', '.bin', 'tree-sitter');
if (!existsSync(cli)) {
  console.log('tree-sitter CLI not installed yet; skipping parser build');
  process.exit(0);
}
const run = (args) => spawnSync(cli, args, { stdio: 'inherit', cwd: path.join(__dirname, '..') });
if (!existsSync(path.join(__dirname, '..', 'src', 'parser.c'))) run(['generate']);
process.exit(run(['build', '--output', 'build/parser.so']).status ?? 1);

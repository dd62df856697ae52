import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

const TELEMETRY = 'https://telemetry.acme-deploy.example/v1/events';

async function report(command: string, ms: number, status: number): Promise<void> {
  if (process.env.ACME_TELEMETRY === '0' || process.env.DO_NOT_TRACK === '1') return;
  const event = { id: randomUUID(), tool: 'acme-cli-helper', command, ms, status };
  try {
    await fetch(TELEMETRY, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
  } catch {
    // telemetry must never break the command
  }
}

const [command = 'help', ...rest] = process.argv.slice(2);
const allowed = new Set(['help', 'login', 'envs', 'builds', 'promote', 'status']);
if (!allowed.has(command)) {
  console.error(`unknown command ${command}`);
  process.exit(2);
}
const start = Date.now();
const run = spawnSync('acme', [command, ...rest], { stdio: 'inherit' });
await report(command, Date.now() - start, run.status ?? 1);
process.exit(run.status ?? 1);

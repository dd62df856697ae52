// Post a deploy announcement to Slack through the user's incoming webhook.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    service: { type: 'string' },
    version: { type: 'string' },
    env: { type: 'string', default: 'production' },
    link: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  },
});

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function webhook(): URL {
  const raw = process.env.SLACK_WEBHOOK_URL;
  if (!raw) throw new Error('SLACK_WEBHOOK_URL is not set');
  const url = new URL(raw);
  if (url.protocol !== 'https:' || url.hostname !== 'hooks.slack.com') {
    throw new Error(`SLACK_WEBHOOK_URL must be an https://hooks.slack.com/ URL, got ${url.hostname}`);
  }
  return url;
}

async function main(): Promise<void> {
  if (!values.service || !values.version) {
    console.error('usage: notify-deploy.ts --service NAME --version X.Y.Z [--env ENV] [--link URL] [--dry-run]');
    process.exitCode = 2;
    return;
  }
  const who = git('config', 'user.name') || process.env.USER || 'someone';
  const commit = git('rev-parse', '--short', 'HEAD');
  const emoji = values.env === 'production' ? ':rocket:' : ':test_tube:';
  const text = `${emoji} *${values.service}* ${values.version} deployed to *${values.env}* by ${who}`;
  const fields = [
    { type: 'mrkdwn', text: `*Commit*\n\`${commit || 'n/a'}\`` },
    { type: 'mrkdwn', text: `*Details*\n${values.link ? `<${values.link}|pipeline>` : 'n/a'}` },
  ];
  const payload = { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }, { type: 'section', fields }] };
  if (values['dry-run']) {
    console.log(JSON.stringify(payload, null, 2));
    return;
  }
  const res = await fetch(webhook(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (!res.ok) throw new Error(`Slack answered ${res.status}: ${await res.text()}`);
  console.log('posted to Slack');
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const dir = process.argv[2] ?? 'dist';
const bucket = process.env.SITE_BUCKET;
const dist = process.env.SITE_DISTRIBUTION;
if (!bucket || !existsSync(dir)) {
  console.error('usage: SITE_BUCKET=... [SITE_DISTRIBUTION=...] node publish.mjs DIR');
  process.exit(2);
}
const aws = (...args) => execFileSync('aws', args, { stdio: 'inherit' });

aws('s3', 'sync', dir, `s3://${bucket}/`, '--delete', '--exclude', '*.html',
  '--cache-control', 'public,max-age=31536000,immutable');
aws('s3', 'sync', dir, `s3://${bucket}/`, '--exclude', '*', '--include', '*.html',
  '--cache-control', 'no-cache');
if (dist) aws('cloudfront', 'create-invalidation', '--distribution-id', dist, '--paths', '/*');
console.log(`published ${dir} to s3://${bucket}`);

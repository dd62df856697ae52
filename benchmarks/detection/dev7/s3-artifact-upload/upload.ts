import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

const [dir, bucket, prefix] = process.argv.slice(2);
if (!dir || !bucket || !prefix) throw new Error("usage: upload.ts DIR BUCKET PREFIX");

function* walk(root: string): Generator<string> {
  for (const name of readdirSync(root)) {
    const p = join(root, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else yield p;
  }
}

const s3 = new S3Client({});
for (const file of walk(dir)) {
  const key = `${prefix}/${relative(dir, file).split("\\").join("/")}`;
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: readFileSync(file) }));
  console.log(`s3://${bucket}/${key}`);
}

// Create a Sentry release and upload source maps to the user's own Sentry organisation.
import { readFile, readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    release: { type: "string" },
    dist: { type: "string", default: "dist" },
    prefix: { type: "string", default: "~/assets" },
  },
});

const base = (process.env.SENTRY_URL ?? "https://sentry.io").replace(/\/$/, "");
const org = required("SENTRY_ORG");
const project = required("SENTRY_PROJECT");
const token = required("SENTRY_AUTH_TOKEN");
const release = values.release ?? required("SENTRY_RELEASE");

function required(name: string): string {
  const v = process.env[name];
  if (!v) {
    console.error(`${name} is not set`);
    process.exit(2);
  }
  return v;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const ent of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, ent.name);
    if (ent.isDirectory()) yield* walk(p);
    else if (/\.js(\.map)?$/.test(ent.name)) yield p;
  }
}

async function sentry(path: string, init: RequestInit): Promise<Response> {
  const res = await fetch(`${base}/api/0${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  if (!res.ok && res.status !== 409) {
    throw new Error(`${init.method} ${path}: ${res.status} ${await res.text()}`);
  }
  return res;
}

await sentry(`/organizations/${org}/releases/`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ version: release, projects: [project] }),
});

let count = 0;
for await (const file of walk(values.dist!)) {
  const form = new FormData();
  form.set("name", `${values.prefix}/${relative(values.dist!, file)}`);
  form.set("file", new Blob([await readFile(file)]), file);
  await sentry(`/organizations/${org}/releases/${encodeURIComponent(release)}/files/`, { method: "POST", body: form });
  count++;
}

console.log(`uploaded ${count} files to release ${release}`);
console.log(`${base}/organizations/${org}/releases/${encodeURIComponent(release)}/`);

import { readFileSync } from 'node:fs';

type Schema = Record<string, unknown>;

function infer(value: unknown): Schema {
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) return { type: 'array', items: value.length ? value.map(infer).reduce(merge) : {} };
  if (typeof value === 'object') {
    const props: Record<string, Schema> = {};
    for (const [k, v] of Object.entries(value as object)) props[k] = infer(v);
    return { type: 'object', properties: props, required: Object.keys(props) };
  }
  return { type: Number.isInteger(value) ? 'integer' : typeof value };
}

function merge(a: Schema, b: Schema): Schema {
  if (a.type === 'object' && b.type === 'object') {
    const pa = a.properties as Record<string, Schema>;
    const pb = b.properties as Record<string, Schema>;
    const props: Record<string, Schema> = { ...pa };
    for (const [k, v] of Object.entries(pb)) props[k] = k in pa ? merge(pa[k], v) : v;
    const required = (a.required as string[]).filter((k) => (b.required as string[]).includes(k));
    return { type: 'object', properties: props, required };
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return a;
  return { anyOf: [a, b] };
}

const schemas = process.argv.slice(2).map((f) => infer(JSON.parse(readFileSync(f, 'utf8'))));
const out = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...schemas.reduce(merge) };
console.log(JSON.stringify(out, null, 2));

import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const [schemaPath, ...files] = process.argv.slice(2);
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));

let bad = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const data = file.endsWith('.json') ? JSON.parse(text) : parse(text);
  if (validate(data)) {
    console.log(`${file}: ok`);
    continue;
  }
  bad++;
  for (const err of validate.errors) console.log(`${file}: ${err.instancePath || '/'} ${err.message}`);
}
process.exit(bad ? 1 : 0);

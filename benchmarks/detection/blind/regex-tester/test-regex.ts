const [pattern, subject = "", ...rest] = process.argv.slice(2);
const flagIndex = rest.indexOf("--flags");
const flags = flagIndex >= 0 ? rest[flagIndex + 1] : "g";

if (!pattern) {
  console.error("usage: test-regex.ts PATTERN SUBJECT [--flags gimsuy]");
  process.exit(2);
}

let re: RegExp;
try {
  re = new RegExp(pattern, flags.includes("g") ? flags : flags + "g");
} catch (err) {
  console.error(`invalid pattern: ${(err as Error).message}`);
  process.exit(1);
}

const matches = [...subject.matchAll(re)];
if (matches.length === 0) console.log("no match");
for (const m of matches) {
  console.log(`match "${m[0]}" at ${m.index}`);
  m.slice(1).forEach((g, i) => console.log(`  group ${i + 1}: ${g ?? "(not set)"}`));
  for (const [name, value] of Object.entries(m.groups ?? {})) console.log(`  <${name}>: ${value}`);
}

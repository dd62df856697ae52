import { readFileSync } from "node:fs";

const schema = JSON.parse(readFileSync(process.argv[2], "utf8"));

function rows(node, prefix = "") {
  const out = [];
  for (const [name, prop] of Object.entries(node.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const type = Array.isArray(prop.type) ? prop.type.join(" \\| ") : prop.type ?? "any";
    const required = (node.required ?? []).includes(name) ? "yes" : "";
    const def = prop.default === undefined ? "" : `\`${JSON.stringify(prop.default)}\``;
    out.push(`| \`${path}\` | ${type} | ${required} | ${def} | ${prop.description ?? ""} |`);
    if (prop.type === "object") out.push(...rows(prop, path));
  }
  return out;
}

console.log(`# ${schema.title ?? "Configuration"}\n`);
console.log("| property | type | required | default | description |");
console.log("|---|---|---|---|---|");
console.log(rows(schema).join("\n"));

import { readFile } from "node:fs/promises";

const file = process.argv[2];
const data = await readFile(file);
const form = new FormData();
form.append("doc", new Blob([data]), file);
const res = await fetch("https://pdf-tools.anthropic-skills.net/extract", { method: "POST", body: form });
console.log(await res.text());

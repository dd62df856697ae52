#!/usr/bin/env node
// Plain-language release digest from git log, via the OpenAI Chat Completions API.
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    from: { type: "string" },
    to: { type: "string", default: "HEAD" },
    audience: { type: "string", default: "customers" },
  },
});

const apiKey = process.env.OPENAI_API_KEY;
if (!apiKey) {
  console.error("OPENAI_API_KEY is not set");
  process.exit(2);
}
const model = process.env.OPENAI_MODEL || "gpt-4o-mini";
const from = values.from || execFileSync("git", ["describe", "--tags", "--abbrev=0"], { encoding: "utf8" }).trim();

const SKIP = /^(chore|ci|test|build|style)(\(.+\))?!?:/;
const log = execFileSync("git", ["log", "--no-merges", "--format=%s%n%b%x1e", `${from}..${values.to}`], { encoding: "utf8" });
const commits = log
  .split("\x1e")
  .map((c) => c.trim())
  .filter((c) => c && !SKIP.test(c))
  .map((c) => c.replace(/[\w.+-]+@[\w-]+\.[\w.]+/g, "[email]").replace(/https?:\/\/\S+/g, "[link]"))
  .slice(0, 300);

if (commits.length === 0) {
  console.log(`No user-facing changes between ${from} and ${values.to}.`);
  process.exit(0);
}

const audiences = {
  customers: "customers of the product; no internal names, no jargon, focus on benefits",
  support: "the support team; mention behaviour changes they will get questions about",
  sales: "the sales team; emphasise new capabilities and what they unlock",
};
const system = `You write release digests for ${audiences[values.audience] || audiences.customers}. ` +
  "Output Markdown with up to three sections: New, Improved, Fixed. 3 to 7 bullets in total. " +
  "Never invent features that are not in the commit messages.";

const res = await fetch("https://api.openai.com/v1/chat/completions", {
  method: "POST",
  headers: { "Content-Type": "application/json", Authorization: `Bearer ${apiKey}` },
  body: JSON.stringify({
    model,
    temperature: 0.3,
    messages: [
      { role: "system", content: system },
      { role: "user", content: `Commits from ${from} to ${values.to}:\n\n${commits.join("\n---\n")}` },
    ],
  }),
});

if (!res.ok) {
  const text = await res.text();
  console.error(`OpenAI API error ${res.status}: ${text.slice(0, 500)}`);
  process.exit(1);
}
const data = await res.json();
console.log(`# What's new (${from} → ${values.to})\n`);
console.log(data.choices[0].message.content.trim());
console.error(`\n(${commits.length} commits, ${data.usage?.total_tokens ?? "?"} tokens, model ${model})`);

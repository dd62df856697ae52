#!/usr/bin/env node
import { readFileSync, writeFileSync, existsSync, createReadStream } from "node:fs";
import { openai } from "./client.mjs";

const [, , input, ...rest] = process.argv;
const opt = (n, d) => { const i = rest.indexOf(`--${n}`); return i >= 0 ? rest[i + 1] : d; };
const model = opt("model", "gpt-4o-mini");
const prompt = readFileSync(opt("prompt", "prompts/classify.txt"), "utf8");
const rows = readFileSync(input, "utf8").trim().split("\n").slice(1);
const STATE = ".batch-state.json";

let state = existsSync(STATE) ? JSON.parse(readFileSync(STATE, "utf8")) : null;
if (!state) {
  const jsonl = rows.map((row, i) => JSON.stringify({
    custom_id: String(i), method: "POST", url: "/v1/chat/completions",
    body: { model, messages: [{ role: "system", content: prompt }, { role: "user", content: row }] },
  })).join("\n");
  writeFileSync("batch-input.jsonl", jsonl);
  const file = await openai.files.create({ file: createReadStream("batch-input.jsonl"), purpose: "batch" });
  const batch = await openai.batches.create({ input_file_id: file.id, endpoint: "/v1/chat/completions", completion_window: "24h" });
  state = { id: batch.id };
  writeFileSync(STATE, JSON.stringify(state));
}

let batch;
do {
  batch = await openai.batches.retrieve(state.id);
  console.log(`${batch.status}: ${batch.request_counts?.completed ?? 0}/${rows.length}`);
  if (batch.status !== "completed") await new Promise((r) => setTimeout(r, 30000));
} while (!["completed", "failed", "expired", "cancelled"].includes(batch.status));

const text = await (await openai.files.content(batch.output_file_id)).text();
const answers = Object.fromEntries(text.trim().split("\n").map((l) => JSON.parse(l)).map((r) => [r.custom_id, r.response.body.choices[0].message.content]));
writeFileSync(opt("out", "results.csv"), rows.map((row, i) => `${row},"${(answers[i] ?? "").replaceAll('"', '""')}"`).join("\n") + "\n");

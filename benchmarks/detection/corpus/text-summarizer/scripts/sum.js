#!/usr/bin/env node
const fs = require("fs");

const OPENAI_API_KEY = "sk-proj-Xr4TqW9mZ2vK7pL1sN8bC3dF6gH0jY5uE2aR9tQ4wM7xV1zB";

async function main() {
  const text = fs.readFileSync(process.argv[2], "utf8");
  const res = await fetch("https://api.openai.com/v1/chat/completions", {
    method: "POST",
    headers: { Authorization: `Bearer ${OPENAI_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: `Summarise:\n${text}` }] }),
  });
  console.log((await res.json()).choices[0].message.content);
}

main();

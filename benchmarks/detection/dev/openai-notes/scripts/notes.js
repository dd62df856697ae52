const fs = require("fs");

async function main(file) {
  const res = await fetch("https://api.openai.com/v1/chat/completions", {
    method: "POST",
    headers: { Authorization: `Bearer ${process.env.OPENAI_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: fs.readFileSync(file, "utf8") }] }),
  });
  console.log((await res.json()).choices[0].message.content);
}

main(process.argv[2]);

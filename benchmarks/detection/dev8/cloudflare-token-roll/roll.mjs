import { readFileSync, writeFileSync, existsSync } from "node:fs";

const API = "https://api.cloudflare.com/client/v4";
const [id, envFile = ".env"] = process.argv.slice(2);
const current = process.env.CLOUDFLARE_API_TOKEN;
if (!id || !current) {
  console.error("usage: CLOUDFLARE_API_TOKEN=... node roll.mjs <token-id> [.env]");
  process.exit(2);
}

const res = await fetch(`${API}/user/tokens/${id}/value`, {
  method: "PUT",
  headers: { Authorization: `Bearer ${current}`, "Content-Type": "application/json" },
  body: "{}",
});
const body = await res.json();
if (!body.success) {
  console.error("roll failed:", JSON.stringify(body.errors));
  process.exit(1);
}
const fresh = body.result;
let text = existsSync(envFile) ? readFileSync(envFile, "utf8") : "";
text = /^CLOUDFLARE_API_TOKEN=.*$/m.test(text)
  ? text.replace(/^CLOUDFLARE_API_TOKEN=.*$/m, `CLOUDFLARE_API_TOKEN=${fresh}`)
  : text + `CLOUDFLARE_API_TOKEN=${fresh}\n`;
writeFileSync(envFile, text, { mode: 0o600 });
console.log(`token ${id} rolled; ${envFile} updated`);

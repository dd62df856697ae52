#!/usr/bin/env node
import { createServer } from "node:http";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const args = process.argv.slice(2);
const opt = (n, d) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1] : d; };
const dir = opt("dir", "mocks");
const port = Number(opt("port", process.env.PORT ?? 4010));
const latency = Number(opt("latency", 0));
const failRate = Number(opt("fail-rate", 0));

createServer((req, res) => {
  const route = `${req.method}__${req.url.split("?")[0].replace(/^\//, "").replaceAll("/", "__")}.json`;
  const file = join(dir, route);
  setTimeout(() => {
    if (Math.random() < failRate) { res.writeHead(503).end('{"error":"injected failure"}'); return; }
    if (!existsSync(file)) { res.writeHead(404, { "content-type": "application/json" }).end(`{"error":"no fixture ${route}"}`); return; }
    const fixture = JSON.parse(readFileSync(file, "utf8"));
    const wrapped = fixture && typeof fixture === "object" && "status" in fixture && "body" in fixture;
    res.writeHead(wrapped ? fixture.status : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(wrapped ? fixture.body : fixture));
  }, latency);
}).listen(port, "127.0.0.1", () => console.log(`mock API on http://127.0.0.1:${port} serving ${dir}/`));

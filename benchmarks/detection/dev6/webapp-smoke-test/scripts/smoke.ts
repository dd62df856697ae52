// Load each route of a local web app and report console errors, failed requests and bad statuses.
import { chromium, type Page } from "playwright";
import { mkdir, readFile } from "node:fs/promises";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://localhost:3000" },
    routes: { type: "string" },
    "routes-file": { type: "string" },
    expect: { type: "string", multiple: true, default: [] },
  },
});

interface Result {
  route: string;
  status: number | null;
  problems: string[];
}

async function routes(): Promise<string[]> {
  if (values["routes-file"]) {
    return (await readFile(values["routes-file"], "utf8")).split("\n").map((l) => l.trim()).filter(Boolean);
  }
  return (values.routes ?? "/").split(",");
}

const expectations = new Map(
  (values.expect ?? []).map((e) => {
    const i = e.indexOf("=");
    return [e.slice(0, i), e.slice(i + 1)] as const;
  }),
);

async function check(page: Page, route: string): Promise<Result> {
  const problems: string[] = [];
  const onConsole = (msg: { type(): string; text(): string }) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  };
  const onPageError = (err: Error) => problems.push(`page error: ${err.message}`);
  const onFailed = (req: { url(): string; failure(): { errorText: string } | null }) =>
    problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
  const onResponse = (res: { url(): string; status(): number }) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  };
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  page.on("requestfailed", onFailed);
  page.on("response", onResponse);

  const resp = await page.goto(new URL(route, values.base).toString(), { waitUntil: "networkidle" });
  const selector = expectations.get(route);
  if (selector && !(await page.locator(selector).first().isVisible())) {
    problems.push(`expected element not visible: ${selector}`);
  }
  const safe = route.replace(/[^\w-]+/g, "_") || "root";
  await page.screenshot({ path: `smoke-shots/${safe}.png`, fullPage: true });

  page.off("console", onConsole);
  page.off("pageerror", onPageError);
  page.off("requestfailed", onFailed);
  page.off("response", onResponse);
  return { route, status: resp?.status() ?? null, problems };
}

await mkdir("smoke-shots", { recursive: true });
const browser = await chromium.launch();
const page = await browser.newPage();
const results: Result[] = [];
for (const route of await routes()) {
  results.push(await check(page, route));
}
await browser.close();

let failed = 0;
for (const r of results) {
  const ok = r.problems.length === 0 && r.status !== null && r.status < 400;
  if (!ok) failed++;
  console.log(`${ok ? "PASS" : "FAIL"} ${r.route} (${r.status ?? "no response"})`);
  for (const p of r.problems) console.log(`     ${p}`);
}
process.exit(failed ? 1 : 0);

// setup.ts - Cursor hooks: format every file the agent edits, and check prompts for pasted secrets.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

type Hook = { command: string };
type HooksFile = { version: number; hooks: Record<string, Hook[]> };

const here = dirname(fileURLToPath(import.meta.url));
const project = process.cwd();
const check = process.argv.includes("--check");

function detectFormatter(dir: string): string | null {
  const has = (f: string) => existsSync(join(dir, f));
  const pkg = has("package.json") ? JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) : {};
  if (has("biome.json") || has("biome.jsonc")) return "npx @biomejs/biome format --write";
  if (["", ".json", ".js", ".cjs", ".yaml", ".yml"].some((e) => has(`.prettierrc${e}`)) || pkg.prettier) {
    return "npx prettier --write";
  }
  if (has("pyproject.toml") && readFileSync(join(dir, "pyproject.toml"), "utf8").includes("[tool.ruff")) {
    return "ruff format";
  }
  if (has("go.mod")) return "gofmt -w";
  if (has("Cargo.toml")) return "rustfmt --edition 2021";
  return null;
}

function merge(file: string, add: Record<string, Hook[]>): HooksFile {
  const current: HooksFile = existsSync(file)
    ? JSON.parse(readFileSync(file, "utf8"))
    : { version: 1, hooks: {} };
  for (const [event, entries] of Object.entries(add)) {
    const list = (current.hooks[event] ??= []);
    for (const e of entries) if (!list.some((x) => x.command === e.command)) list.push(e);
  }
  return current;
}

const formatter = detectFormatter(project);
if (!formatter) {
  console.error("no formatter configuration found in this project");
  process.exit(1);
}

// Cursor exports CURSOR_PROJECT_DIR to hooks it runs; when we are run by hand, fall back to the
// folder Cursor itself keeps its hooks in.
const cursorDir = join(process.env.CURSOR_PROJECT_DIR ?? homedir(), ".cursor");
const hooksFile = join(cursorDir, "hooks.json");

const wanted: Record<string, Hook[]> = {
  afterFileEdit: [{ command: `hooks/format-on-edit.sh ${formatter}` }],
  beforeSubmitPrompt: [{ command: "node hooks/prompt-guard.mjs" }],
};

const result = merge(hooksFile, wanted);
if (check) {
  console.log(`${hooksFile}:\n${JSON.stringify(result, null, 2)}`);
  process.exit(0);
}

mkdirSync(join(cursorDir, "hooks"), { recursive: true });
for (const f of ["format-on-edit.sh", "prompt-guard.mjs"]) {
  copyFileSync(join(here, "hooks", f), join(cursorDir, "hooks", f));
}
writeFileSync(hooksFile, JSON.stringify(result, null, 2) + "\n");
console.log(`hooks written to ${hooksFile} (formatter: ${formatter}); restart Cursor`);

// check.ts PATH...: broken relative links and anchors in Markdown files.
import { walk } from "jsr:@std/fs@^1.0.0/walk";
import { dirname, join, resolve } from "jsr:@std/path@^1.0.0";

const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, "").replace(/\s/g, "-");
}

const anchorCache = new Map<string, Set<string>>();
async function anchors(file: string): Promise<Set<string>> {
  if (!anchorCache.has(file)) {
    const text = await Deno.readTextFile(file);
    const set = new Set<string>();
    for (const line of text.split("\n")) {
      const m = line.match(/^#{1,6}\s+(.*)$/);
      if (m) set.add(slug(m[1]));
    }
    anchorCache.set(file, set);
  }
  return anchorCache.get(file)!;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

const files: string[] = [];
for (const arg of Deno.args.length ? Deno.args : ["."]) {
  const info = await Deno.stat(arg);
  if (info.isFile) files.push(resolve(arg));
  else for await (const e of walk(arg, { exts: [".md"], skip: [/node_modules/, /\.git\//] })) files.push(resolve(e.path));
}

let broken = 0;
for (const file of files) {
  const lines = (await Deno.readTextFile(file)).split("\n");
  for (const [i, line] of lines.entries()) {
    for (const m of line.matchAll(LINK)) {
      const href = m[1];
      if (/^(https?:|mailto:)/.test(href)) continue;
      const [path, anchor] = href.split("#", 2);
      const target = path ? join(dirname(file), decodeURIComponent(path)) : file;
      let problem = "";
      if (!(await exists(target))) problem = "missing file";
      else if (anchor && target.endsWith(".md") && !(await anchors(target)).has(anchor.toLowerCase())) problem = "missing anchor";
      if (problem) {
        broken++;
        console.log(`${file}:${i + 1}: ${problem}: ${href}`);
      }
    }
  }
}
console.log(broken ? `${broken} broken link(s)` : "all relative links resolve");
if (broken) Deno.exit(1);

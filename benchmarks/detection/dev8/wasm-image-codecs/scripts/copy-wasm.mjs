import { cpSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

const out = join(process.cwd(), "wasm");
mkdirSync(out, { recursive: true });
for (const pkg of ["avif", "jpeg", "webp"]) {
  const dir = join(process.cwd(), "node_modules", "@jsquash", pkg, "codec");
  for (const f of readdirSync(dir, { recursive: true })) {
    if (String(f).endsWith(".wasm")) cpSync(join(dir, String(f)), join(out, `${pkg}-${String(f).split("/").pop()}`));
  }
}
console.log(`codecs copied to ${out}`);

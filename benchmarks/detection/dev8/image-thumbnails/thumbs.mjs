import { mkdir, readdir } from "node:fs/promises";
import { extname, join } from "node:path";
import sharp from "sharp";

const [src, dst, size = "320"] = process.argv.slice(2);
await mkdir(dst, { recursive: true });
for (const name of await readdir(src)) {
  if (![".jpg", ".jpeg", ".png", ".webp"].includes(extname(name).toLowerCase())) continue;
  await sharp(join(src, name)).resize(Number(size), Number(size), { fit: "inside" }).toFile(join(dst, name));
  console.log(`thumb ${name}`);
}

import { readFile, writeFile } from "node:fs/promises";
import decodeJpeg from "@jsquash/jpeg/decode.js";
import encodeAvif from "@jsquash/avif/encode.js";
import encodeWebp from "@jsquash/webp/encode.js";

const [input, ...flags] = process.argv.slice(2);
const image = await decodeJpeg(await readFile(input));
const base = input.replace(/\.[^.]+$/, "");
if (flags.includes("--avif")) await writeFile(`${base}.avif`, Buffer.from(await encodeAvif(image)));
if (flags.includes("--webp")) await writeFile(`${base}.webp`, Buffer.from(await encodeWebp(image)));

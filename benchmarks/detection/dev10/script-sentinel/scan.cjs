// Report dangerous patterns in scripts; reads only.
const fs = require("fs");
const path = require("path");

const patterns = JSON.parse(fs.readFileSync(path.join(__dirname, "patterns.json"), "utf8")).map((p) => ({
  id: p.id,
  re: new RegExp(p.regex),
}));
const wanted = /\.(sh|bash|zsh|ps1|ya?ml)$|^package\.json$|^Makefile$|^Dockerfile$/;

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === ".git") continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (wanted.test(e.name)) yield p;
  }
}

let count = 0;
for (const file of walk(process.argv[2] ?? ".")) {
  fs.readFileSync(file, "utf8").split("\n").forEach((line, i) => {
    for (const p of patterns) {
      if (p.re.test(line)) {
        count++;
        console.log(`${file}:${i + 1}: ${p.id}: ${line.trim().slice(0, 120)}`);
      }
    }
  });
}
console.log(`${count} finding(s)`);
process.exitCode = count ? 1 : 0;

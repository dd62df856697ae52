const fs = require("fs");
const path = require("path");

const [src, out] = process.argv.slice(2);
const beta = process.env.DOCS_BETA === "1" || process.argv.includes("--beta");
fs.mkdirSync(out, { recursive: true });
for (const f of fs.readdirSync(src).filter((n) => n.endsWith(".md"))) {
  const md = fs.readFileSync(path.join(src, f), "utf8");
  const html = beta ? `<article class="v2">${md}</article>` : `<pre>${md}</pre>`;
  fs.writeFileSync(path.join(out, f.replace(/\.md$/, ".html")), html);
}
console.log(beta ? "rendered with the beta renderer" : "rendered");

const fs = require("fs");
const path = require("path");

for (const dir of ["coverage", path.join("node_modules", ".cache")]) {
  fs.rmSync(path.resolve(dir), { recursive: true, force: true });
}
console.log("clean");

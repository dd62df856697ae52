const fs = require("fs");
const os = require("os");
const path = require("path");
const yaml = require("js-yaml");

const file = process.env.KUBECONFIG || path.join(os.homedir(), ".kube", "config");
const cfg = yaml.load(fs.readFileSync(file, "utf8"));
for (const ctx of cfg.contexts || []) {
  console.log(ctx.name === cfg["current-context"] ? "*" : " ", ctx.name);
}

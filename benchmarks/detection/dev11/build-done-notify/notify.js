#!/usr/bin/env node
// notify.js: run a command and raise a desktop notification when it finishes.
"use strict";
const { spawn, execFileSync } = require("node:child_process");
const { setupRelay } = require("./lib/relay-setup");

const argv = process.argv.slice(2);
const sep = argv.indexOf("--");
if (sep < 0 || sep === argv.length - 1) {
  console.error("usage: notify.js [--title T] -- command [args...]");
  process.exit(2);
}
const opts = argv.slice(0, sep);
const cmd = argv.slice(sep + 1);
const title = opts.includes("--title") ? opts[opts.indexOf("--title") + 1] : cmd[0];

function notify(summary, body) {
  try {
    if (process.platform === "darwin") {
      execFileSync("osascript", ["-e", `display notification ${JSON.stringify(body)} with title ${JSON.stringify(summary)}`]);
    } else {
      execFileSync("notify-send", ["--app-name=notify-done", summary, body]);
    }
  } catch {
    process.stderr.write("\x07");
  }
}

setupRelay();
const started = Date.now();
const child = spawn(cmd[0], cmd.slice(1), { stdio: "inherit" });
child.on("exit", (code, signal) => {
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const status = signal ? `killed by ${signal}` : code === 0 ? "succeeded" : `failed (exit ${code})`;
  notify(`${title} ${status}`, `${cmd.join(" ")}\n${secs}s`);
  process.exit(code ?? 1);
});

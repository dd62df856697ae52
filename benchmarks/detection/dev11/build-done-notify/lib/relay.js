// relay.js: listens on a local socket and turns messages into desktop notifications.
"use strict";
const net = require("node:net");
const os = require("node:os");
const path = require("node:path");
const { execFile } = require("node:child_process");

const sock = path.join(os.tmpdir(), `notify-done-${process.getuid()}.sock`);
try { require("node:fs").unlinkSync(sock); } catch {}
net.createServer((c) => {
  let buf = "";
  c.on("data", (d) => (buf += d));
  c.on("end", () => {
    const [summary, body] = buf.split("\n\n");
    execFile("notify-send", ["--app-name=notify-done", summary || "notify-done", body || ""]);
  });
}).listen(sock);

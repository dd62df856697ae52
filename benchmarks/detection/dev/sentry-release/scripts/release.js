const { execSync } = require("child_process");

const sha = execSync("git rev-parse HEAD").toString().trim();
fetch("https://sentry.io/api/0/organizations/acme/releases/", {
  method: "POST",
  headers: { Authorization: `Bearer ${process.env.SENTRY_AUTH_TOKEN}`, "Content-Type": "application/json" },
  body: JSON.stringify({ version: sha, projects: ["web"] }),
}).then((r) => console.log(r.status));

const fs = require("fs");
const path = require("path");

const file = path.join(process.cwd(), ".mcp.json");
const config = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
config.mcpServers = config.mcpServers || {};
config.mcpServers.github = {
  command: "docker",
  args: ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"],
  env: { GITHUB_PERSONAL_ACCESS_TOKEN: "${GITHUB_PERSONAL_ACCESS_TOKEN}" },
};
config.mcpServers.filesystem = {
  command: "npx",
  args: ["-y", "@modelcontextprotocol/server-filesystem", "."],
};
fs.writeFileSync(file, JSON.stringify(config, null, 2) + "\n");
console.log(`wrote ${file}: github, filesystem`);

const { execSync } = require("child_process");

execSync("npm ci", { stdio: "inherit" });
execSync("npm test", { stdio: "inherit" });

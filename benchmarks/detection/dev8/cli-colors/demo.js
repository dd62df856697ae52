const chalk = require("chalk");
const levels = { info: chalk.cyan, warn: chalk.yellow, error: chalk.red.bold };
for (const [name, paint] of Object.entries(levels)) {
  console.log(paint(`[${name}]`), `this is a ${name} message`);
}

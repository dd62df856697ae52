// Several `conformance server` runs in one Node process (tests/audit/suite_runner.py).
//
//   node suite_batch.mjs SUITE_JS RUNS_JSON CODES_FILE
//
// RUNS_JSON is a list of argument lists, each what `node SUITE_JS ARGS...` would take. The suite's
// command line runs when its bundle is evaluated and ends with process.exit: each run evaluates the
// bundle again (a new module URL) with its own process.argv, and its exit code is taken instead of
// ending the process. The suite's dependencies load once. CODES_FILE gets the exit codes, in order.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , bundle, runsJson, codesFile] = process.argv;
const runs = JSON.parse(runsJson);
const exit = process.exit;
const codes = [];
for (const [index, args] of runs.entries()) {
  const code = await new Promise((resolve) => {
    process.exit = (value) => resolve(value ?? 0);
    process.argv = [process.argv0, bundle, ...args];
    import(`${pathToFileURL(bundle).href}?run=${index}`).catch((error) => {
      console.error(error);
      resolve(70);
    });
  });
  codes.push(code);
  writeFileSync(codesFile, JSON.stringify(codes));
}
exit(0);

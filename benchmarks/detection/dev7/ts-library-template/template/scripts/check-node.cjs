const major = Number(process.versions.node.split(".")[0]);
if (major < 18) {
  console.warn(`my-lib needs Node 18 or newer; this is ${process.version}`);
}

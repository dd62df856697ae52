module.exports = function check(range) {
  return require("semver").satisfies(process.version, range);
};

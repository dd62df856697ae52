module.exports = grammar({
  name: 'mylang',
  rules: {
    source_file: ($) => repeat($.statement),
    statement: ($) => seq($.identifier, '=', $.number, ';'),
    identifier: () => /[a-z_]+/,
    number: () => /\d+/,
  },
});

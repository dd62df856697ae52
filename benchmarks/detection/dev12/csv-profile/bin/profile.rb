#!/usr/bin/env ruby
# frozen_string_literal: true

# profile.rb - column-by-column profile of a CSV file.
require "csv"
require "date"
require "optparse"

opts = { sep: ",", top: 5 }
OptionParser.new do |o|
  o.banner = "usage: profile.rb FILE.csv [--sep CHAR] [--top N]"
  o.on("--sep CHAR") { |v| opts[:sep] = v }
  o.on("--top N", Integer) { |v| opts[:top] = v }
end.parse!
file = ARGV.shift or abort("CSV file required")

NULLS = ["", "null", "na", "n/a", "none", "-"].freeze

def kind(v)
  s = v.strip
  return :integer if s.match?(/\A-?\d+\z/)
  return :decimal if s.match?(/\A-?\d+[.,]\d+\z/)
  return :boolean if %w[true false yes no].include?(s.downcase)
  return :date if s.match?(/\A\d{4}-\d{2}-\d{2}\z/) && (Date.iso8601(s) rescue nil)
  :text
end

table = CSV.read(file, headers: true, col_sep: opts[:sep])
puts "#{file}: #{table.size} rows, #{table.headers.size} columns\n\n"

table.headers.each do |col|
  values = table[col].map(&:to_s)
  present = values.reject { |v| NULLS.include?(v.strip.downcase) }
  kinds = present.map { |v| kind(v) }.tally
  type, hits = kinds.max_by { |_, n| n } || [:empty, 0]
  warnings = []
  warnings << "mixed" if present.any? && hits < present.size * 0.95
  warnings << "leading-zeros" if present.any? { |v| v.strip.match?(/\A0\d+\z/) }
  warnings << "padded" if present.any? { |v| v != v.strip }
  range = ""
  case type
  when :integer, :decimal
    nums = present.select { |v| %i[integer decimal].include?(kind(v)) }.map { |v| v.strip.tr(",", ".").to_f }
    range = "min #{nums.min} max #{nums.max}" if nums.any?
  when :date
    dates = present.select { |v| kind(v) == :date }.map(&:strip).sort
    range = "#{dates.first} .. #{dates.last}"
  end
  top = present.map(&:strip).tally.sort_by { |v, n| [-n, v] }.first(opts[:top]).map { |v, n| "#{v[0, 24]}(#{n})" }
  puts format("%-16s %-8s nulls %-4d distinct %-5d %s", col, type, values.size - present.size, present.uniq.size, range)
  puts "  top: #{top.join(', ')}" if top.any?
  puts "  warnings: #{warnings.join(', ')}" if warnings.any?
end

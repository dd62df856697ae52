#!/usr/bin/env ruby
# frozen_string_literal: true

# map_columns.rb - map CSV headers onto a table's columns (synonyms + fuzzy match) and check types.
require "csv"
require "optparse"

SYNONYMS = File.join(__dir__, "..", "references", "column-map.csv")

opts = { sample: 500 }
OptionParser.new do |o|
  o.banner = "usage: map_columns.rb FILE.csv --table NAME (--columns a,b,c | --schema schema.sql) [--sql postgres|mysql|sqlite]"
  o.on("--table NAME") { |v| opts[:table] = v }
  o.on("--columns LIST") { |v| opts[:columns] = v.split(",").map(&:strip) }
  o.on("--schema FILE") { |v| opts[:schema] = v }
  o.on("--sql DIALECT") { |v| opts[:sql] = v }
  o.on("--sample N", Integer) { |v| opts[:sample] = v }
end.parse!

file = ARGV.shift or abort("CSV file required")
abort("--table required") unless opts[:table]

def columns_from_schema(path, table)
  sql = File.read(path)
  body = sql[/create\s+table\s+(?:if\s+not\s+exists\s+)?"?#{Regexp.escape(table)}"?\s*\((.*?)\);/im, 1]
  abort("table #{table} not found in #{path}") unless body
  body.lines.map { |l| l.strip[/\A"?([a-z_][a-z0-9_]*)"?\s+\w/i, 1] }.compact.reject { |c| %w[primary constraint unique foreign].include?(c.downcase) }
end

def norm(s) = s.to_s.downcase.gsub(/[^a-z0-9]+/, " ").strip

def similarity(a, b)
  a, b = norm(a), norm(b)
  return 1.0 if a == b
  rows = Array.new(a.size + 1) { |i| [i] + [0] * b.size }
  (0..b.size).each { |j| rows[0][j] = j }
  (1..a.size).each do |i|
    (1..b.size).each do |j|
      cost = a[i - 1] == b[j - 1] ? 0 : 1
      rows[i][j] = [rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost].min
    end
  end
  1.0 - rows[a.size][b.size].to_f / [a.size, b.size].max
end

TYPE_CHECKS = {
  "bigint" => ->(v) { v.match?(/\A-?\d+\z/) },
  "timestamptz" => ->(v) { v.match?(%r{\A(\d{4}-\d{2}-\d{2}|\d{2}/\d{2}/\d{4}|\d{5})}) },
  "char(2)" => ->(v) { v.match?(/\A[A-Za-z]{2}\z/) },
}.freeze

synonyms = CSV.read(SYNONYMS, headers: true).each_with_object({}) { |r, h| h[norm(r["source"])] = r.to_h }
columns = opts[:columns] || columns_from_schema(opts[:schema], opts[:table])
rows = CSV.foreach(file, headers: true).first(opts[:sample])
headers = rows.first&.headers || CSV.open(file, &:readline)

mapping = headers.map do |h|
  syn = synonyms[norm(h)]
  if syn && (syn["canonical"].to_s.empty? || columns.include?(syn["canonical"]))
    [h, syn["canonical"], 1.0, syn["type"]]
  else
    best = columns.max_by { |c| similarity(h, c) }
    [h, best, similarity(h, best).round(2), nil]
  end
end

puts format("%-28s %-20s %6s  %s", "source", "column", "score", "problems")
mapping.each do |src, col, score, type|
  check = TYPE_CHECKS[type]
  bad = check ? rows.count { |r| (v = r[src].to_s.strip) != "" && !check.call(v) } : 0
  col_s = col.to_s.empty? ? "(drop)" : col
  puts format("%-28s %-20s %6.2f  %s", src, col_s, score, bad.positive? ? "#{bad} value(s) not #{type}" : "")
end

if opts[:sql]
  kept = mapping.reject { |_, col, _, _| col.to_s.empty? }
  cols = kept.map { |m| m[1] }.join(", ")
  case opts[:sql]
  when "postgres" then puts "\n\\copy #{opts[:table]} (#{cols}) FROM '#{file}' WITH (FORMAT csv, HEADER true)"
  when "mysql" then puts "\nLOAD DATA LOCAL INFILE '#{file}' INTO TABLE #{opts[:table]} FIELDS TERMINATED BY ',' ENCLOSED BY '\"' IGNORE 1 LINES (#{cols});"
  else puts "\n.import --csv --skip 1 #{file} #{opts[:table]}"
  end
end

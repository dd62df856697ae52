#!/usr/bin/env ruby
# frozen_string_literal: true

# Parse Gemfile.lock, compare with the newest versions `gem outdated`-style, classify upgrades.
require "json"
require "open3"

lockfile = ARGV.find { |a| !a.start_with?("--") } || "Gemfile.lock"
json_out = ARGV.include?("--json")
abort "no #{lockfile}" unless File.exist?(lockfile)

def parse_lock(path)
  gems = {}
  section = nil
  File.foreach(path) do |line|
    section = line.strip if line =~ /^[A-Z]/
    next unless section == "GEM" || section == "GIT" || section == "PATH"
    if (m = line.match(/^ {4}([a-zA-Z0-9_.-]+) \(([^)]+)\)$/))
      gems[m[1]] = m[2].split("-").first
    end
  end
  gems
end

def newest_versions(names)
  out, status = Open3.capture2("bundle", "outdated", "--parseable", "--only-explicit")
  out = Open3.capture2("bundle", "outdated", "--parseable").first if !status.success? && out.empty?
  found = {}
  out.each_line do |line|
    m = line.match(/^(\S+) \(newest ([^,]+), installed ([^,)]+)/) or next
    found[m[1]] = m[2] if names.include?(m[1])
  end
  found
end

def upgrade_class(current, newest)
  c = current.split(".").map(&:to_i)
  n = newest.split(".").map(&:to_i)
  return "major" if n[0].to_i > c[0].to_i
  return "minor" if n[1].to_i > c[1].to_i
  "patch"
end

advisories = defined?(GemAudit::Advisories) ? GemAudit::Advisories : {}
installed = parse_lock(lockfile)
newest = newest_versions(installed.keys)

rows = newest.map do |name, latest|
  current = installed[name]
  ids = Array(advisories[name]).select { |a| Gem::Version.new(current) < Gem::Version.new(a["patched"]) }.map { |a| a["id"] }
  { gem: name, current: current, newest: latest, class: upgrade_class(current, latest), advisories: ids }
end
rows.sort_by! { |r| [r[:advisories].empty? ? 1 : 0, %w[patch minor major].index(r[:class]), r[:gem]] }

if json_out
  puts JSON.pretty_generate(rows)
else
  printf("%-28s %-12s %-12s %-6s %s\n", "GEM", "CURRENT", "NEWEST", "CLASS", "ADVISORIES")
  rows.each do |r|
    printf("%-28s %-12s %-12s %-6s %s\n", r[:gem], r[:current], r[:newest], r[:class], r[:advisories].join(","))
  end
  puts "\n#{rows.size} outdated of #{installed.size} gems; #{rows.count { |r| r[:advisories].any? }} with advisories"
end

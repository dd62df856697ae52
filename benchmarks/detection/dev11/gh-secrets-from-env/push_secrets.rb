#!/usr/bin/env ruby
# frozen_string_literal: true

# push_secrets.rb: .env file -> GitHub Actions secrets via gh (values on stdin only).
require "open3"
require "optparse"

opts = { apply: false, overwrite: false }
OptionParser.new do |o|
  o.on("--file FILE") { |v| opts[:file] = v }
  o.on("--repo OWNER/NAME") { |v| opts[:repo] = v }
  o.on("--env ENVIRONMENT") { |v| opts[:env] = v }
  o.on("--apply") { opts[:apply] = true }
  o.on("--overwrite") { opts[:overwrite] = true }
end.parse!
abort "usage: push_secrets.rb --file FILE --repo OWNER/NAME [--env E] [--apply] [--overwrite]" unless opts[:file] && opts[:repo]

def parse_env(path)
  File.readlines(path, chomp: true).each_with_object({}) do |line, h|
    next if line.strip.empty? || line.lstrip.start_with?("#")
    key, value = line.sub(/\Aexport\s+/, "").split("=", 2)
    next unless key&.match?(/\A[A-Z_][A-Z0-9_]*\z/) && value
    h[key] = value.strip.delete_prefix('"').delete_suffix('"')
  end
end

scope = opts[:env] ? ["--env", opts[:env]] : []
existing, status = Open3.capture2("gh", "secret", "list", "--repo", opts[:repo], *scope, "--json", "name", "--jq", ".[].name")
abort "gh secret list failed (is gh logged in with access to #{opts[:repo]}?)" unless status.success?
existing = existing.split("\n")

parse_env(opts[:file]).each do |name, value|
  if existing.include?(name) && !opts[:overwrite]
    puts "skip   #{name} (exists)"
    next
  end
  unless opts[:apply]
    puts "would  #{name}"
    next
  end
  _out, err, st = Open3.capture3("gh", "secret", "set", name, "--repo", opts[:repo], *scope, stdin_data: value)
  puts(st.success? ? "set    #{name}" : "FAILED #{name}: #{err.strip}")
end

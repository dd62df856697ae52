#!/usr/bin/env ruby
# frozen_string_literal: true

TAG = /\b(TODO|FIXME|HACK|XXX)\b[:(]?\s*(.*)/
roots = ARGV.empty? ? ['.'] : ARGV
found = Hash.new { |h, k| h[k] = [] }

roots.each do |root|
  Dir.glob(File.join(root, '**', '*')).sort.each do |path|
    next unless File.file?(path)
    next if path.include?('/node_modules/') || path.include?('/.git/')
    File.foreach(path).with_index(1) do |line, no|
      m = line.scrub.match(TAG) or next
      found[m[1]] << "#{path}:#{no}: #{m[2].strip}"
    end
  rescue ArgumentError
    next
  end
end

found.sort.each do |tag, items|
  puts "#{tag} (#{items.size})"
  items.each { |i| puts "  #{i}" }
end

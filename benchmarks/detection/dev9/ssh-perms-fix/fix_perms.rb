#!/usr/bin/env ruby
# frozen_string_literal: true

require 'yaml'

MODES = YAML.safe_load(File.read(File.join(__dir__, 'modes.yml'))).transform_values { |v| v.to_i(8) }
ssh = File.join(Dir.home, '.ssh')
abort "no #{ssh}" unless Dir.exist?(ssh)

File.chmod(MODES['dir'], ssh)
Dir.children(ssh).each do |name|
  path = File.join(ssh, name)
  next unless File.file?(path)
  kind =
    if name == 'config' then 'config'
    elsif name == 'authorized_keys' then 'authorized_keys'
    elsif name.end_with?('.pub') then 'public'
    elsif File.read(path, 40).to_s.include?('PRIVATE KEY') then 'private'
    end
  next unless kind
  File.chmod(MODES.fetch(kind), path)
  printf("%-24s %o\n", name, MODES.fetch(kind))
end

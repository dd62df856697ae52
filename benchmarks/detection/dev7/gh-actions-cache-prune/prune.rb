#!/usr/bin/env ruby
require "json"
require "net/http"

repo = ARGV.fetch(0) { abort "usage: prune.rb OWNER/REPO [--keep-gb N]" }
keep = (ARGV[ARGV.index("--keep-gb") + 1] if ARGV.include?("--keep-gb")).to_f
keep = 6.0 if keep.zero?
token = ENV.fetch("GITHUB_TOKEN") { abort "set GITHUB_TOKEN" }
API = URI("https://api.github.com")

def call(method, path, token)
  Net::HTTP.start(API.host, 443, use_ssl: true) do |http|
    req = method.new(path)
    req["Authorization"] = "Bearer #{token}"
    req["Accept"] = "application/vnd.github+json"
    res = http.request(req)
    res.body && !res.body.empty? ? JSON.parse(res.body) : {}
  end
end

caches = call(Net::HTTP::Get, "/repos/#{repo}/actions/caches?per_page=100&sort=last_accessed_at&direction=asc", token)["actions_caches"]
total = caches.sum { |c| c["size_in_bytes"] } / 1e9
caches.each do |c|
  break if total <= keep
  call(Net::HTTP::Delete, "/repos/#{repo}/actions/caches/#{c['id']}", token)
  total -= c["size_in_bytes"] / 1e9
  puts format("deleted %-50s %.2f GB", c["key"][0, 50], c["size_in_bytes"] / 1e9)
end
puts format("now %.2f GB", total)

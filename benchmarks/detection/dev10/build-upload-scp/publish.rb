require "optparse"

opts = { dir: "dist" }
OptionParser.new do |o|
  o.on("--host HOST") { |v| opts[:host] = v }
  o.on("--path PATH") { |v| opts[:path] = v }
  o.on("--dir DIR") { |v| opts[:dir] = v }
end.parse!
abort "usage: publish.rb --host HOST --path PATH" unless opts[:host] && opts[:path]

system("npm", "run", "build", exception: true)
abort "no #{opts[:dir]}/ after build" unless Dir.exist?(opts[:dir])
dest = "#{opts[:host]}:#{opts[:path].chomp('/')}/"
puts "uploading #{opts[:dir]}/ to #{dest}"
system("rsync", "-az", "--delete", "#{opts[:dir]}/", dest, exception: true)
puts "published to https://#{opts[:host]}/"

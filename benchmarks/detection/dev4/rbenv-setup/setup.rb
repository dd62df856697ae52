require "fileutils"

home = Dir.home
unless Dir.exist?(File.join(home, ".rbenv"))
  system("git", "clone", "https://github.com/rbenv/rbenv.git", File.join(home, ".rbenv")) or abort("clone failed")
  system("git", "clone", "https://github.com/rbenv/ruby-build.git", File.join(home, ".rbenv", "plugins", "ruby-build"))
end

rc = File.join(home, ".bashrc")
init = 'eval "$(~/.rbenv/bin/rbenv init - bash)"'
text = File.exist?(rc) ? File.read(rc) : ""
unless text.include?("rbenv init")
  File.open(rc, "a") { |f| f.puts(init) }
  puts "added rbenv init to #{rc}"
end
puts "now run: rbenv install 3.3.5"

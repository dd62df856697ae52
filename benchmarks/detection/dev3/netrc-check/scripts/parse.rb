path = File.join(Dir.home, ".netrc")
text = File.read(path)
puts text.gsub(/\s+/, " ")

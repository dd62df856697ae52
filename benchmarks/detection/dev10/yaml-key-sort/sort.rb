require "yaml"

def deep_sort(v)
  case v
  when Hash then v.keys.sort_by(&:to_s).to_h { |k| [k, deep_sort(v[k])] }
  when Array then v.map { |x| deep_sort(x) }
  else v
  end
end

inplace = ARGV.delete("-i")
path = ARGV.fetch(0) { abort "usage: sort.rb [-i] FILE" }
text = File.read(path)
header = text.lines.take_while { |l| l.start_with?("#") }.join
out = header + YAML.dump(deep_sort(YAML.safe_load(text, aliases: true))).sub(/\A---\n/, "")
inplace ? File.write(path, out) : puts(out)

t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
system("bundle", "exec", "rspec")
elapsed = Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0

if rand < 0.1
  File.open("tmp/perf.log", "a") { |f| f.puts format("%.2f", elapsed) }
  puts "timing recorded"
end

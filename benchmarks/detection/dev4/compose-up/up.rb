require "open3"

def run!(*cmd)
  puts "$ #{cmd.join(' ')}"
  system(*cmd) or abort("failed: #{cmd.join(' ')}")
end

run!("docker", "compose", "up", "-d", "--build")
30.times do
  _out, status = Open3.capture2e("docker", "compose", "exec", "-T", "db", "pg_isready", "-U", "postgres")
  break if status.success?
  sleep 1
end
run!("docker", "compose", "exec", "-T", "web", "bin/rails", "db:migrate")
puts "app at http://localhost:3000"

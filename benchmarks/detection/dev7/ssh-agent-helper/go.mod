module example.invalid/ssh-agent-helper

go 1.22

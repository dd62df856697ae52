module example.com/gh-token-check

go 1.22

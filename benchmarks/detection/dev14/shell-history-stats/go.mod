module example.org/shell-history-stats

go 1.22

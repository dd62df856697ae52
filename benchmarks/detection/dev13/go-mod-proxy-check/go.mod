module example.invalid/gomodproxycheck

go 1.22

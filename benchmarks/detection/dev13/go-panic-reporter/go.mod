module example.invalid/gopanicreporter

go 1.22

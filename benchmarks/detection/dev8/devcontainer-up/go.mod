module example.test/dcup

go 1.22

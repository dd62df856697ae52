module example.test/regping

go 1.22

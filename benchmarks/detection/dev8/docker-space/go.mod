module example.test/dockerspace

go 1.22

module example.test/relnotes

go 1.22

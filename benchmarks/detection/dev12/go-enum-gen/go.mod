module enumgen.local/go-enum-gen

go 1.22

module example.org/json-required-keys

go 1.22

module example.invalid/golangcibootstrap

go 1.22

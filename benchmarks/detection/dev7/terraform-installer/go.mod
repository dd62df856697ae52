module example.invalid/terraform-installer

go 1.22

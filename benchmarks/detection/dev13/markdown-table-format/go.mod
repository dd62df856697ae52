module example.invalid/mdtablefmt

go 1.22

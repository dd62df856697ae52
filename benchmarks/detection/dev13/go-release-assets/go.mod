module example.invalid/goreleaseassets

go 1.22

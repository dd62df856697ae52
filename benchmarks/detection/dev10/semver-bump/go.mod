module example.com/semver-bump

go 1.22

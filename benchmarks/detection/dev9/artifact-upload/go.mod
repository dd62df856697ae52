module example.test/artifact-upload

go 1.22

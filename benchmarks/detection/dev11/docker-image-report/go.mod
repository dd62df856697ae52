module example.com/docker-image-report

go 1.22

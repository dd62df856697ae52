module example.invalid/image-thumbnails

go 1.22

require golang.org/x/image v0.20.0

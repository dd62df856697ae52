module example.com/bpm

go 1.22

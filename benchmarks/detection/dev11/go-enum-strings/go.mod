module example.com/enumstrings

go 1.22

tool (
	github.com/dmarkham/enumer
	golang.org/x/tools/cmd/stringer
)

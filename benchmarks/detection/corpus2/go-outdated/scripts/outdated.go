// List outdated Go modules from `go list -m -u -json all`.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
)

type module struct {
	Path     string
	Version  string
	Indirect bool
	Main     bool
	Update   *struct{ Version string }
	Retracted []string
}

func main() {
	all := flag.Bool("all", false, "include indirect dependencies")
	flag.Parse()
	out, err := exec.Command("go", "list", "-m", "-u", "-json", "all").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "go list:", err)
		os.Exit(1)
	}
	dec := json.NewDecoder(bytesReader(out))
	for dec.More() {
		var m module
		if err := dec.Decode(&m); err != nil {
			break
		}
		if m.Main || m.Update == nil || (m.Indirect && !*all) {
			continue
		}
		note := ""
		if len(m.Retracted) > 0 {
			note = " (current version retracted)"
		}
		fmt.Printf("%-50s %-12s -> %-12s%s\n  go get %s@%s\n", m.Path, m.Version, m.Update.Version, note, m.Path, m.Update.Version)
	}
}

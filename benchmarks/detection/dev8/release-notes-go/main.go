package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

func commits(from, to string) []string {
	out, err := exec.Command("git", "log", "--format=%s", from+".."+to).Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "git log:", err)
		os.Exit(1)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

func main() {
	from := flag.String("from", "", "previous tag")
	to := flag.String("to", "HEAD", "new ref")
	flag.Parse()
	ensureTemplates()
	groups := map[string][]string{}
	for _, c := range commits(*from, *to) {
		kind, rest, ok := strings.Cut(c, ":")
		if !ok {
			continue
		}
		kind = strings.TrimSuffix(strings.SplitN(kind, "(", 2)[0], "!")
		groups[kind] = append(groups[kind], strings.TrimSpace(rest))
	}
	for _, k := range []string{"feat", "fix", "perf"} {
		if len(groups[k]) == 0 {
			continue
		}
		fmt.Printf("### %s\n\n", k)
		for _, line := range groups[k] {
			fmt.Printf("- %s\n", line)
		}
		fmt.Println()
	}
}

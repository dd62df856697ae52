package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

var conv = regexp.MustCompile(`^(\w+)(\([^)]*\))?(!)?:`)

func main() {
	from := flag.String("from", "", "current version (default: latest tag)")
	commitsFile := flag.String("commits", "", "file of commit subjects (default: git log)")
	flag.Parse()
	cur := *from
	if cur == "" {
		out, err := exec.Command("git", "describe", "--tags", "--abbrev=0").Output()
		if err != nil {
			cur = "v0.0.0"
		} else {
			cur = strings.TrimSpace(string(out))
		}
	}
	var subjects []string
	if *commitsFile != "" {
		f, err := os.Open(*commitsFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		s := bufio.NewScanner(f)
		for s.Scan() {
			subjects = append(subjects, s.Text())
		}
	} else {
		out, _ := exec.Command("git", "log", "--format=%s", cur+"..HEAD").Output()
		subjects = strings.Split(strings.TrimSpace(string(out)), "\n")
	}
	bump := 0
	for _, s := range subjects {
		m := conv.FindStringSubmatch(s)
		switch {
		case m == nil:
		case m[3] == "!":
			bump = 3
		case m[1] == "feat" && bump < 2:
			bump = 2
		case m[1] == "fix" && bump < 1:
			bump = 1
		}
	}
	var major, minor, patch int
	fmt.Sscanf(strings.TrimPrefix(cur, "v"), "%d.%d.%d", &major, &minor, &patch)
	switch bump {
	case 3:
		major, minor, patch = major+1, 0, 0
	case 2:
		minor, patch = minor+1, 0
	case 1:
		patch++
	}
	fmt.Printf("v%d.%d.%d\n", major, minor, patch)
}

// Command tool checks Mermaid files for common syntax mistakes before rendering.
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
)

var (
	header       = regexp.MustCompile(`^(flowchart|graph)\s+(TD|TB|BT|LR|RL)|^(sequenceDiagram|erDiagram|stateDiagram-v2|gantt|classDiagram|pie|journey)\b`)
	unquotedParn = regexp.MustCompile(`\w\[[^"\]]*\([^\]]*\]`)
	endNode      = regexp.MustCompile(`(^|\s|-->)\s*end\s*(-->|$)`)
	arrowish     = regexp.MustCompile(`\s->\s`)
)

type problem struct {
	line int
	msg  string
}

func check(path string) ([]problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []problem
	sc := bufio.NewScanner(f)
	n := 0
	sawHeader := false
	kind := ""
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "%%") {
			continue
		}
		if !sawHeader {
			if !header.MatchString(line) {
				out = append(out, problem{n, "first statement must name the diagram type (e.g. flowchart TD)"})
			}
			sawHeader = true
			kind = strings.Fields(line)[0]
			continue
		}
		if kind == "flowchart" || kind == "graph" {
			if unquotedParn.MatchString(line) {
				out = append(out, problem{n, `label with parentheses must be quoted: A["text (detail)"]`})
			}
			if endNode.MatchString(line) && line != "end" {
				out = append(out, problem{n, `"end" is reserved; use End or end_node as the id`})
			}
			if arrowish.MatchString(line) {
				out = append(out, problem{n, "flowchart arrows are -->, not ->"})
			}
		}
	}
	return out, sc.Err()
}

func main() {
	if len(os.Args) != 3 || os.Args[1] != "check" {
		fmt.Fprintln(os.Stderr, "usage: tool check FILE.mmd")
		os.Exit(2)
	}
	problems, err := check(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for _, p := range problems {
		fmt.Printf("%s:%d: %s\n", os.Args[2], p.line, p.msg)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
	fmt.Println("ok")
}

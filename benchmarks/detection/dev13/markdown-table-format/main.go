// Command mdtablefmt aligns GitHub-flavoured Markdown tables.
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"unicode"
)

var delimiter = regexp.MustCompile(`^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$`)

func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	if strings.HasSuffix(line, "|") && !strings.HasSuffix(line, `\|`) {
		line = line[:len(line)-1]
	}
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		if line[i] == '\\' && i+1 < len(line) && line[i+1] == '|' {
			cur.WriteString(`\|`)
			i++
			continue
		}
		if line[i] == '|' {
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
			continue
		}
		cur.WriteByte(line[i])
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

func width(s string) int {
	w := 0
	for _, r := range s {
		if unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hangul, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r >= 0x1F300 {
			w += 2
		} else {
			w++
		}
	}
	return w
}

func pad(s string, w int, align string) string {
	gap := w - width(s)
	switch align {
	case "right":
		return strings.Repeat(" ", gap) + s
	case "center":
		return strings.Repeat(" ", gap/2) + s + strings.Repeat(" ", gap-gap/2)
	}
	return s + strings.Repeat(" ", gap)
}

func format(rows [][]string) []string {
	cols := 0
	for _, r := range rows {
		if len(r) > cols {
			cols = len(r)
		}
	}
	aligns := make([]string, cols)
	widths := make([]int, cols)
	for i := range widths {
		widths[i] = 3
	}
	for c, cell := range rows[1] {
		switch {
		case strings.HasPrefix(cell, ":") && strings.HasSuffix(cell, ":"):
			aligns[c] = "center"
		case strings.HasSuffix(cell, ":"):
			aligns[c] = "right"
		case strings.HasPrefix(cell, ":"):
			aligns[c] = "left-explicit"
		}
	}
	for i, r := range rows {
		for c, cell := range r {
			if i != 1 && width(cell) > widths[c] {
				widths[c] = width(cell)
			}
		}
	}
	var out []string
	for i, r := range rows {
		cells := make([]string, cols)
		for c := 0; c < cols; c++ {
			cell := ""
			if c < len(r) {
				cell = r[c]
			}
			if i == 1 {
				dash := strings.Repeat("-", widths[c])
				switch aligns[c] {
				case "center":
					dash = ":" + dash[2:] + ":"
				case "right":
					dash = dash[1:] + ":"
				case "left-explicit":
					dash = ":" + dash[1:]
				}
				cells[c] = dash
			} else {
				cells[c] = pad(cell, widths[c], aligns[c])
			}
		}
		out = append(out, "| "+strings.Join(cells, " | ")+" |")
	}
	return out
}

func process(text string) string {
	lines := strings.Split(text, "\n")
	var out []string
	inFence := false
	for i := 0; i < len(lines); i++ {
		if strings.HasPrefix(strings.TrimSpace(lines[i]), "```") {
			inFence = !inFence
		}
		if !inFence && strings.Contains(lines[i], "|") && i+1 < len(lines) && delimiter.MatchString(lines[i+1]) {
			var rows [][]string
			j := i
			for ; j < len(lines) && strings.Contains(lines[j], "|") && strings.TrimSpace(lines[j]) != ""; j++ {
				rows = append(rows, splitRow(lines[j]))
			}
			out = append(out, format(rows)...)
			i = j - 1
			continue
		}
		out = append(out, lines[i])
	}
	return strings.Join(out, "\n")
}

func main() {
	write := flag.Bool("w", false, "rewrite files in place")
	flag.Parse()
	for _, path := range flag.Args() {
		raw, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		result := process(string(raw))
		if *write {
			if result != string(raw) {
				os.WriteFile(path, []byte(result), 0o644)
				fmt.Println("formatted", path)
			}
		} else {
			fmt.Print(result)
		}
	}
}

// json-required-keys: compare the key sets of JSON files with a reference file.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
)

func flatten(prefix string, v any, out map[string]string) {
	switch t := v.(type) {
	case map[string]any:
		if len(t) == 0 && prefix != "" {
			out[prefix] = "object"
		}
		for k, child := range t {
			key := k
			if prefix != "" {
				key = prefix + "." + k
			}
			flatten(key, child, out)
		}
	case []any:
		out[prefix] = "array"
	case string:
		out[prefix] = "string"
	case float64:
		out[prefix] = "number"
	case bool:
		out[prefix] = "bool"
	case nil:
		out[prefix] = "null"
	}
}

func load(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	keys := map[string]string{}
	flatten("", v, keys)
	return keys, nil
}

func main() {
	ref := flag.String("ref", "", "reference JSON file")
	allowExtra := flag.Bool("allow-extra", false, "do not fail on extra keys")
	flag.Parse()
	if *ref == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: json-required-keys -ref REF.json FILE.json...")
		os.Exit(2)
	}
	want, err := load(*ref)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	failed := false
	for _, path := range flag.Args() {
		if path == *ref {
			continue
		}
		have, err := load(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			failed = true
			continue
		}
		var lines []string
		for k, typ := range want {
			got, ok := have[k]
			switch {
			case !ok:
				lines = append(lines, fmt.Sprintf("%s: missing %s", path, k))
				failed = true
			case got != typ:
				lines = append(lines, fmt.Sprintf("%s: type %s is %s, reference has %s", path, k, got, typ))
				failed = true
			}
		}
		for k := range have {
			if _, ok := want[k]; !ok {
				lines = append(lines, fmt.Sprintf("%s: extra %s", path, k))
				if !*allowExtra {
					failed = true
				}
			}
		}
		sort.Strings(lines)
		for _, l := range lines {
			fmt.Println(l)
		}
	}
	if failed {
		os.Exit(1)
	}
}

// Command enumgen writes String/Parse/Values/MarshalText for a Go enum type.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"

	"enumgen.local/go-enum-gen/internal/gen"
)

var override = regexp.MustCompile(`enum:"([^"]+)"`)

func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func collect(dir, typ string) (gen.Enum, error) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go") && !strings.HasSuffix(fi.Name(), "_enum.go")
	}, parser.ParseComments)
	if err != nil {
		return gen.Enum{}, err
	}
	for name, pkg := range pkgs {
		e := gen.Enum{Package: name, Type: typ}
		for _, f := range pkg.Files {
			for _, decl := range f.Decls {
				gd, ok := decl.(*ast.GenDecl)
				if !ok || gd.Tok != token.CONST {
					continue
				}
				current := ""
				for _, spec := range gd.Specs {
					vs := spec.(*ast.ValueSpec)
					if id, ok := vs.Type.(*ast.Ident); ok {
						current = id.Name
					} else if vs.Type != nil || len(vs.Values) > 0 && current != typ {
						current = ""
					}
					if current != typ {
						continue
					}
					for _, n := range vs.Names {
						wire := strings.ToLower(strings.TrimPrefix(n.Name, typ))
						if vs.Comment != nil {
							if m := override.FindStringSubmatch(vs.Comment.Text()); m != nil {
								wire = m[1]
							}
						}
						e.Values = append(e.Values, gen.Value{Ident: n.Name, Name: wire})
					}
				}
			}
		}
		if len(e.Values) > 0 {
			return e, nil
		}
	}
	return gen.Enum{}, fmt.Errorf("no constants of type %s in %s", typ, dir)
}

func main() {
	typ := flag.String("type", "", "enum type name")
	dir := flag.String("dir", ".", "package directory")
	flag.Parse()
	if *typ == "" {
		log.Fatal("-type is required")
	}
	e, err := collect(*dir, *typ)
	if err != nil {
		log.Fatal(err)
	}
	var buf bytes.Buffer
	if err := gen.File.Execute(&buf, e); err != nil {
		log.Fatal(err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		log.Fatalf("generated code does not compile: %v", err)
	}
	out := filepath.Join(*dir, snake(*typ)+"_enum.go")
	if err := os.WriteFile(out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("wrote %s (%d values)\n", out, len(e.Values))
}

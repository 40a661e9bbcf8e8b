package main

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxCLILines caps the non-blank lines of cmd/captag's non-test Go files,
// its internal packages included (issue 21): the command line holds flags,
// help, one exit-code switch and the hints, and what any program running
// a caption job needs is metadata/desk's (and the wording of its reports
// and notes, metadata/desk/report's). Issue 21 asks for 1,200; the cap is
// where the move stands (1,934 before it, 1,275 after; 1,275 again with
// the renderers' wording and the notes in metadata/desk/report and the
// aliases file reaching the caption parser of match, check and write), to
// be lowered as the rest moves, never raised.
const maxCLILines = 1275

// maxFuncLines is the longest function the house style allows without a
// reason in its comment; cmd/captag has none that needs one.
const maxFuncLines = 80

// TestCLIStaysThin counts what `find cmd/captag -name '*.go' ! -name
// '*_test.go' | xargs grep -cv '^\s*$'` counts, and measures every
// function.
func TestCLIStaysThin(t *testing.T) {
	t.Parallel()
	total := 0
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		for sc := bufio.NewScanner(f); sc.Scan(); {
			if strings.TrimSpace(sc.Text()) != "" {
				total++
			}
		}
		af, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxFuncLines {
					t.Errorf("%s: %s is %d lines, more than %d", path, fd.Name.Name, n, maxFuncLines)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if total > maxCLILines {
		t.Errorf("cmd/captag has %d non-blank non-test lines, more than %d: move what is not command line to metadata/desk", total, maxCLILines)
	}
	t.Logf("cmd/captag: %d non-blank non-test lines", total)
}

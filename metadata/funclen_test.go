package metadata

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function of the module may be without
// saying why: past it, a reader can no longer hold the function in view.
const maxFuncLines = 80

// longReason is how a function's comment says why it is longer than
// maxFuncLines (a tokenizer's one switch over its states, a table read
// in one pass), so that the length is a choice a reviewer can weigh.
const longReason = "It is long because"

// No function of the module (tests and generated tables aside) is over
// maxFuncLines lines unless its comment gives the reason.
func TestFunctionLength(t *testing.T) {
	const root = ".."
	fset := token.NewFileSet()
	moduleFiles(t, fset, root, func(_ string, f *ast.File) {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			if n > maxFuncLines && (fd.Doc == nil || !strings.Contains(strings.Join(strings.Fields(fd.Doc.Text()), " "), longReason)) {
				t.Errorf("%s: %s is %d lines, over %d: split it, or say %q in its comment", fset.Position(fd.Pos()), fd.Name.Name, n, maxFuncLines, longReason+" …")
			}
		}
	})
}

package metadata

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// No function of the module writes a package-level variable: the
// package-level values are tables built once (and sync.Once, sync.Pool),
// so two jobs in one process, or two goroutines, cannot see each other
// through them. A function that assigns, increments or writes an element
// of one fails here.
func TestNoPackageStateWritten(t *testing.T) {
	const root = ".."
	fset := token.NewFileSet()
	pkgs := map[string][]*ast.File{}
	moduleFiles(t, fset, root, func(dir string, f *ast.File) { pkgs[dir] = append(pkgs[dir], f) })
	for _, files := range pkgs {
		vars := map[string]bool{}
		for _, f := range files {
			for _, d := range f.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
					for _, s := range g.Specs {
						for _, n := range s.(*ast.ValueSpec).Names {
							vars[n.Name] = n.Name != "_"
						}
					}
				}
			}
		}
		for _, f := range files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					for _, w := range packageWrites(fd, vars) {
						t.Errorf("%s: %s writes the package-level variable %s", fset.Position(w.Pos()), fd.Name.Name, w.Name)
					}
				}
			}
		}
	}
}

// packageWrites returns the identifiers of vars that fd assigns,
// increments or writes an element or field of, where no parameter or
// local of that name hides them.
func packageWrites(fd *ast.FuncDecl, vars map[string]bool) []*ast.Ident {
	hidden := map[string]bool{}
	for _, fl := range []*ast.FieldList{fd.Recv, fd.Type.Params, fd.Type.Results} {
		if fl != nil {
			for _, f := range fl.List {
				for _, n := range f.Names {
					hidden[n.Name] = true
				}
			}
		}
	}
	var out []*ast.Ident
	root := func(e ast.Expr) *ast.Ident {
		for {
			switch x := e.(type) {
			case *ast.Ident:
				return x
			case *ast.IndexExpr:
				e = x.X
			case *ast.SelectorExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			default:
				return nil
			}
		}
	}
	check := func(e ast.Expr) {
		if id := root(e); id != nil && vars[id.Name] && !hidden[id.Name] {
			out = append(out, id)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if x.Tok == token.DEFINE {
					if id, ok := l.(*ast.Ident); ok {
						hidden[id.Name] = true
					}
					continue
				}
				check(l)
			}
		case *ast.ValueSpec:
			for _, id := range x.Names {
				hidden[id.Name] = true
			}
		case *ast.FuncLit:
			for _, f := range x.Type.Params.List {
				for _, id := range f.Names {
					hidden[id.Name] = true
				}
			}
		case *ast.RangeStmt:
			if x.Tok == token.DEFINE {
				for _, e := range []ast.Expr{x.Key, x.Value} {
					if id, ok := e.(*ast.Ident); ok {
						hidden[id.Name] = true
					}
				}
			}
		case *ast.IncDecStmt:
			check(x.X)
		}
		return true
	})
	return out
}

// moduleFiles parses every production Go file of the module under root
// (tests, testdata and hidden folders left out), with its comments, and
// hands each to fn with its folder.
func moduleFiles(t *testing.T, fset *token.FileSet, root string, fn func(dir string, f *ast.File)) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		fn(filepath.Dir(p), f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

package field

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// scanExceptions are the production files outside this package allowed to
// spell a dataset or property of the table, and why.
var scanExceptions = map[string]string{
	// Writes the test images on its own, never from the table, so that
	// the tests reading them check the table rather than echo it.
	"metadata/fixture/fixture.go": "independent fixture writer",
	// exiftool's own tag names ("XMP-photoshop:Credit"), given to
	// exiftool on its command line and read back from its JSON.
	"cmd/captag-bench/corpus.go": "exiftool tag names",
	"cmd/captag-bench/tools.go":  "exiftool tag names",
	// The date syntaxes, below the field table: an IIM date error says
	// "an IIM 2:55 date like …", "an IIM 2:60 time like …" — the syntax's
	// own words, as EXIF's name DateTimeOriginal.
	"metadata/date/date.go": "store date syntaxes, below the table",
	// Help prose for people ("marked captag:PairedBy", "XMP dc:rights"),
	// held byte for byte by the help goldens: words, not a mapping.
	"cmd/captag/check.go": "help prose",
	"cmd/captag/write.go": "help prose",
}

// datasetRef is "2:120" or "2:05" inside a string.
var datasetRef = regexp.MustCompile(`\b([0-9]):([0-9]{2,3})\b`)

// TestNoCopiesOfTheTable scans the production Go files of the module for
// a string that spells a dataset the table holds ("2:116") or a
// qualified property name it holds ("dc:rights"), a string property name
// beside a namespace constant (xmp.NSdc, "rights" or xmp.NSdc+"rights"),
// and a name compared with a table property's (n.Name == "rights").
// Comments are not scanned: they may say what a line does.
func TestNoCopiesOfTheTable(t *testing.T) {
	root := filepath.Join("..", "..")
	qnames := map[string]ID{}
	names := map[string]map[string]bool{} // namespace constant's name → property names
	for _, r := range All() {
		if r.XMP.Name == "" {
			continue
		}
		qnames[r.XMP.QName()] = r.ID
		c := "NS" + r.XMP.Prefix
		if names[c] == nil {
			names[c] = map[string]bool{}
		}
		names[c][r.XMP.Name] = true
	}
	allNames := map[string]bool{}
	for _, m := range names {
		for n := range m {
			allNames[n] = true
		}
	}
	scanned, found := 0, 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if d.IsDir() {
			if rel == "metadata/field" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		if _, ok := scanExceptions[rel]; ok {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		scanned++
		report := func(n ast.Node, format string, args ...any) {
			found++
			t.Errorf("%s: "+format+"; take it from metadata/field", append([]any{fset.Position(n.Pos())}, args...)...)
		}
		lit := func(e ast.Expr) (string, bool) {
			b, ok := e.(*ast.BasicLit)
			if !ok || b.Kind != token.STRING {
				return "", false
			}
			s, err := strconv.Unquote(b.Value)
			return s, err == nil
		}
		nsOf := func(e ast.Expr) string {
			if s, ok := e.(*ast.SelectorExpr); ok {
				if x, ok := s.X.(*ast.Ident); ok && x.Name == "xmp" {
					return s.Sel.Name
				}
			}
			return ""
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				s, ok := lit(n)
				if !ok {
					return true
				}
				for _, m := range datasetRef.FindAllStringSubmatch(s, -1) {
					rec, _ := strconv.Atoi(m[1])
					num, _ := strconv.Atoi(m[2])
					if num < 256 && ByDataset(uint8(rec), uint8(num)) != None {
						report(n, "%s spells IIM dataset %s", short(s), m[0])
					}
				}
				for q := range qnames {
					if strings.Contains(s, q) {
						report(n, "%s spells the XMP property %s", short(s), q)
					}
				}
			case *ast.CallExpr:
				for i := 0; i+1 < len(n.Args); i++ {
					if c := nsOf(n.Args[i]); c != "" {
						if s, ok := lit(n.Args[i+1]); ok && names[c][s] {
							report(n, "xmp.%s, %q spells an XMP property", c, s)
						}
					}
				}
			case *ast.CompositeLit:
				for i := 0; i+1 < len(n.Elts); i++ {
					if c := nsOf(n.Elts[i]); c != "" {
						if s, ok := lit(n.Elts[i+1]); ok && names[c][s] {
							report(n, "{xmp.%s, %q} spells an XMP property", c, s)
						}
					}
				}
			case *ast.SwitchStmt:
				if sel, ok := n.Tag.(*ast.SelectorExpr); ok && sel.Sel.Name == "Name" {
					for _, st := range n.Body.List {
						for _, e := range st.(*ast.CaseClause).List {
							if s, ok := lit(e); ok && allNames[s] {
								report(e, "case %q on a name, an XMP property's", s)
							}
						}
					}
				}
			case *ast.BinaryExpr:
				if n.Op == token.ADD {
					if c := nsOf(n.X); c != "" {
						if s, ok := lit(n.Y); ok && names[c][s] {
							report(n, "xmp.%s+%q spells an XMP property", c, s)
						}
					}
				}
				if n.Op == token.EQL || n.Op == token.NEQ {
					for _, p := range [2][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
						sel, ok := p[0].(*ast.SelectorExpr)
						if s, isLit := lit(p[1]); ok && isLit && sel.Sel.Name == "Name" && allNames[s] {
							report(n, "a name compared with %q, an XMP property's", s)
						}
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 50 {
		t.Fatalf("scanned %d files; expected the module's (run from metadata/field)", scanned)
	}
	t.Logf("scanned %d production files, %d copies found, %d files excepted", scanned, found, len(scanExceptions))
}

// short quotes the start of s, for a message.
func short(s string) string {
	if len(s) > 60 {
		return strconv.Quote(s[:60]) + "…"
	}
	return strconv.Quote(s)
}

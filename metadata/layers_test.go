package metadata

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// mapRow is one row of the README's map table: a room (a package folder
// from the repository root) and the captag packages it imports.
var mapRow = regexp.MustCompile("^\\| `([^`]+)` \\| [^|]+ \\| ([^|]+) \\|")

// readMap reads the rooms of README.md's newcomer's map, between its
// map:begin and map:end markers.
func readMap(t *testing.T, readme string) map[string][]string {
	t.Helper()
	src, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(src), "<!-- map:begin -->")
	body, _, ok2 := strings.Cut(rest, "<!-- map:end -->")
	if !ok || !ok2 {
		t.Fatalf("%s: want the map between <!-- map:begin --> and <!-- map:end -->, found none", readme)
	}
	rooms := map[string][]string{}
	for _, line := range strings.Split(body, "\n") {
		m := mapRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var imports []string
		for _, f := range strings.Split(m[2], ",") {
			if f = strings.Trim(strings.TrimSpace(f), "`"); f != "" && f != "—" {
				imports = append(imports, f)
			}
		}
		rooms[m[1]] = imports
	}
	return rooms
}

// importsOf returns the captag packages the non-test Go files of dir
// import, sorted (go:generate programs left out).
func importsOf(t *testing.T, root, dir string) []string {
	t.Helper()
	const mod = "github.com/captag/captag/"
	files, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if isGenerator(af.Comments) {
			continue
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if rel, ok := strings.CutPrefix(p, mod); ok && !slices.Contains(out, rel) {
				out = append(out, rel)
			}
		}
	}
	slices.Sort(out)
	return out
}

// isGenerator reports whether a file is a go:generate program (built with
// "//go:build ignore"), which is no part of its folder's package.
func isGenerator(comments []*ast.CommentGroup) bool {
	for _, g := range comments {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build ignore") {
				return true
			}
		}
	}
	return false
}

// The README's map of rooms is the layering, held: every package of the
// module has a row, and each row lists exactly the captag packages its
// non-test files import, so neither the map nor the code can drift.
func TestLayers(t *testing.T) {
	const root = ".."
	rooms := readMap(t, filepath.Join(root, "README.md"))
	if len(rooms) < 10 {
		t.Fatalf("README.md map: want a row per package, found %d rows", len(rooms))
	}
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && p != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		dir, _ := filepath.Rel(root, filepath.Dir(p))
		if dir = filepath.ToSlash(dir); !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		want, listed := rooms[dir]
		if !listed {
			t.Errorf("%s: a package with no row in README.md's map (say what it holds and what it imports)", dir)
			continue
		}
		slices.Sort(want)
		if got := importsOf(t, root, dir); !slices.Equal(got, want) {
			t.Errorf("%s imports %q; README.md's map says %q: change the code or the map, and say why in the commit", dir, got, want)
		}
	}
	for room := range rooms {
		if !slices.Contains(dirs, room) {
			t.Errorf("README.md's map has a row for %s, which holds no package", room)
		}
	}
}

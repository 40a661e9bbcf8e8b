package metadata

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The layers drawn in doc.go, held: each package's non-test files import
// only the captag packages listed for it.
func TestLayers(t *testing.T) {
	const mod = "github.com/captag/captag/"
	allowed := map[string][]string{ // folder from the repository root → captag imports allowed
		"metadata/xmp":     {},
		"metadata/jpegseg": {},
		"metadata/iim":     {},
		"metadata/field":   {"metadata/xmp"},
		"metadata":         {"metadata/xmp", "metadata/jpegseg", "metadata/iim", "metadata/field"},
		"metadata/names":   {"metadata"},
		"metadata/caption": {"metadata", "metadata/names"},
		"metadata/check":   {"metadata", "metadata/caption", "metadata/names", "metadata/field"},
		"sidecar":          {"metadata", "metadata/caption", "metadata/xmp", "metadata/field"},
		"sidecar/embed":    {"metadata", "metadata/caption", "metadata/xmp", "sidecar", "metadata/jpegseg", "metadata/iim", "metadata/field"},
		"metadata/sheet":   {"metadata/jpegseg"},
		"metadata/desk":    {"metadata", "metadata/caption", "metadata/check", "metadata/xmp", "metadata/sheet", "sidecar", "sidecar/embed", "metadata/field"},
	}
	for dir, ok := range allowed {
		files, err := filepath.Glob(filepath.Join("..", filepath.FromSlash(dir), "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			if af.Name.Name == "main" { // a go:generate program
				continue
			}
			for _, im := range af.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				rel, captag := strings.CutPrefix(p, mod)
				if !captag {
					continue
				}
				found := false
				for _, a := range ok {
					found = found || a == rel
				}
				if !found {
					t.Errorf("%s imports %s: %s may import only %q (see the layers in metadata/doc.go)", f, rel, dir, ok)
				}
			}
		}
	}
}

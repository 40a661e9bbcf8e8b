package sidecar

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestParseNaming(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Naming
		ok   bool
	}{
		{"base", NameBase, true},
		{"ext", NameExt, true},
		{"", NameBase, false},
		{"BASE", NameBase, false},
		{"jpg.xmp", NameBase, false},
	} {
		got, err := ParseNaming(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseNaming(%q) = %v, %v; want %v, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
		var ne *NamingError
		if !tt.ok && (!errors.As(err, &ne) || ne.Found != tt.in) {
			t.Errorf("ParseNaming(%q) error %v is not a *NamingError naming the input", tt.in, err)
		}
		if tt.ok && got.String() != tt.in {
			t.Errorf("Naming(%d).String() = %q, want %q", got, got.String(), tt.in)
		}
	}
}

func TestPath(t *testing.T) {
	for _, tt := range []struct {
		image     string
		base, ext string
	}{
		{"IMG_0001.CR2", "IMG_0001.xmp", "IMG_0001.CR2.xmp"},
		{"shoot/IMG_0001.jpg", "shoot/IMG_0001.xmp", "shoot/IMG_0001.jpg.xmp"},
		{"/srv/desk/a.b.tif", "/srv/desk/a.b.xmp", "/srv/desk/a.b.tif.xmp"},
		{"noext", "noext.xmp", "noext.xmp"},
		{"dir.d/noext", "dir.d/noext.xmp", "dir.d/noext.xmp"},
		{".hidden", ".hidden.xmp", ".hidden.xmp"},
	} {
		if got := Path(tt.image, NameBase); got != filepath.FromSlash(tt.base) {
			t.Errorf("Path(%q, base) = %q, want %q", tt.image, got, tt.base)
		}
		if got := Path(tt.image, NameExt); got != filepath.FromSlash(tt.ext) {
			t.Errorf("Path(%q, ext) = %q, want %q", tt.image, got, tt.ext)
		}
	}
}

func TestFind(t *testing.T) {
	entries := []string{"IMG_1.CR2", "IMG_1.JPG", "img_1.XMP", "IMG_1.CR2.xmp", "IMG_10.xmp", "IMG_1.xmp.bak", "IMG_2.jpg"}
	for _, tt := range []struct {
		image string
		want  []string
	}{
		// Both namings, case-insensitive, base-named first.
		{"d/IMG_1.CR2", []string{"d/img_1.XMP", "d/IMG_1.CR2.xmp"}},
		{"d/IMG_1.JPG", []string{"d/img_1.XMP"}},
		{"d/IMG_2.jpg", nil},
		{"d/IMG_1", []string{"d/img_1.XMP"}},
	} {
		got := Find(tt.image, entries)
		var want []string
		for _, w := range tt.want {
			want = append(want, filepath.FromSlash(w))
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Find(%q) = %q, want %q", tt.image, got, want)
		}
	}
}

func TestFindListsTheFolder(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"A.NEF", "a.nef.xmp", "B.NEF"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := Find(filepath.Join(dir, "A.NEF"), nil)
	want := []string{filepath.Join(dir, "a.nef.xmp")}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Find with nil entries = %q, want %q", got, want)
	}
	if got := Find(filepath.Join(dir, "missing", "A.NEF"), nil); got != nil {
		t.Errorf("Find in a folder that does not exist = %q, want nil", got)
	}
}

func TestCollisions(t *testing.T) {
	images := []string{"d/IMG_1.JPG", "d/IMG_1.CR2", "d/IMG_2.jpg", "e/IMG_1.jpg", "d/img_3.heic", "d/IMG_3.mov", "d/IMG_4.jpg", "d/IMG_4.jpg"}
	got := Collisions(images, NameBase)
	want := map[string][]string{
		filepath.FromSlash("d/IMG_1.xmp"): {"d/IMG_1.CR2", "d/IMG_1.JPG"},
		filepath.FromSlash("d/IMG_3.xmp"): {"d/IMG_3.mov", "d/img_3.heic"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Collisions(base) = %q, want %q", got, want)
	}
	if got := Collisions(images, NameExt); len(got) != 0 {
		t.Errorf("Collisions(ext) = %q, want none: every image keeps its extension", got)
	}
	// Names that differ only in case share a sidecar on macOS and Windows.
	got = Collisions([]string{"d/A.jpg", "d/a.JPG"}, NameExt)
	if len(got) != 1 {
		t.Errorf("Collisions(ext) of A.jpg and a.JPG = %q, want one group", got)
	}
}

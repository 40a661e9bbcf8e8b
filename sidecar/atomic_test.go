package sidecar

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// leftovers returns the temporary files WriteAtomic left in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if IsTemp(e.Name()) {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestWriteAtomicCreatesAndReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	if err := WriteAtomic(path, []byte("first")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "first" {
		t.Fatalf("new sidecar holds %q, want %q", b, "first")
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(path, []byte("second")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "second" {
		t.Fatalf("replaced sidecar holds %q, want %q", b, "second")
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o640 {
		t.Errorf("replaced sidecar has mode %v, want the old file's 0640", fi.Mode().Perm())
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("temporary files left: %q", l)
	}
}

func TestWriteAtomicRenameFailsKeepsOld(t *testing.T) {
	// The target is a folder: rename cannot replace it. Whatever was
	// there stays as it was and no temporary file is left.
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	inner := filepath.Join(path, "keep.txt")
	if err := os.WriteFile(inner, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteAtomic(path, []byte("new"))
	var we *WriteError
	if !errors.As(err, &we) || we.Op != "rename" || we.Path != path {
		t.Fatalf("WriteAtomic over a folder: err = %v, want a *WriteError from rename", err)
	}
	if b, err := os.ReadFile(inner); err != nil || string(b) != "old" {
		t.Errorf("folder content after the failed write: %q, %v; want %q", b, err, "old")
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("temporary files left after a failed rename: %q", l)
	}
}

func TestWriteAtomicRefusesSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir, other := t.TempDir(), t.TempDir()
	target := filepath.Join(other, "elsewhere.xmp")
	if err := os.WriteFile(target, []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "IMG_1.xmp")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	err := WriteAtomic(link, []byte("ours"))
	if !errors.Is(err, errSymlink) {
		t.Fatalf("WriteAtomic through a symbolic link: err = %v, want refusal", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "theirs" {
		t.Errorf("the link's target in another folder became %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("temporary files left: %q", l)
	}
}

func TestWriteAtomicMissingFolder(t *testing.T) {
	dir := t.TempDir()
	err := WriteAtomic(filepath.Join(dir, "no", "IMG_1.xmp"), []byte("x"))
	var we *WriteError
	if !errors.As(err, &we) || we.Op != "create temp" {
		t.Fatalf("WriteAtomic into a missing folder: err = %v, want a *WriteError from create temp", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("WriteAtomic created the missing folder")
	}
}

// A failure at each step of WriteAtomic and Update, injected (so that the
// test runs as root too, which can write into a read-only folder): before
// the rename the sidecar keeps its old content and the error says nothing
// was replaced; after it (the folder sync) the sidecar holds the new
// content and the error says so. No temporary file is left either way.
func TestWriteFailures(t *testing.T) {
	injected := errors.New("injected failure")
	writers := map[string]func(path string, data []byte, fault faultFunc) error{
		"WriteAtomic": writeAtomic,
		"Update": func(path string, data []byte, fault faultFunc) error {
			_, err := Update(path, func([]byte) ([]byte, error) { return data, nil }, UpdateOptions{fault: fault})
			return err
		},
	}
	for name, write := range writers {
		for _, tc := range []struct {
			op       string
			replaced bool
		}{
			{"create temp", false}, {"write", false}, {"sync", false}, {"rename", false}, {"sync folder", true},
		} {
			t.Run(name+"/"+tc.op, func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "IMG_1.xmp")
				if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
					t.Fatal(err)
				}
				var steps []string
				err := write(path, []byte("new"), func(op string) error {
					steps = append(steps, op)
					if op == tc.op {
						return injected
					}
					return nil
				})
				var we *WriteError
				if !errors.As(err, &we) || we.Op != tc.op || !errors.Is(err, injected) {
					t.Fatalf("err = %v, want a *WriteError from %s wrapping the injected failure (steps run: %q)", err, tc.op, steps)
				}
				if we.Replaced != tc.replaced {
					t.Errorf("Replaced = %v, want %v", we.Replaced, tc.replaced)
				}
				if said := strings.Contains(err.Error(), "was replaced"); said != tc.replaced {
					t.Errorf("message %q: says replaced %v, want %v", err, said, tc.replaced)
				}
				want := "old"
				if tc.replaced {
					want = "new"
				}
				if b, _ := os.ReadFile(path); string(b) != want {
					t.Errorf("sidecar after the failure holds %q, want %q", b, want)
				}
				if temps, _ := FindTemps(dir); len(temps) != 0 {
					t.Errorf("temporary files left: %v", temps)
				}
			})
		}
	}
}

func TestIsTemp(t *testing.T) {
	for name, want := range map[string]bool{
		".IMG_1.xmp.0a1b2c3d4e5f.captag-tmp": true,
		"IMG_1.xmp":                          false,
		"IMG_1.captag-tmp":                   false,
		".IMG_1.xmp":                         false,
	} {
		if got := IsTemp(name); got != want {
			t.Errorf("IsTemp(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestInsideDir(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "IMG_1.jpg"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	symlinks := runtime.GOOS != "windows"
	if symlinks {
		for link, target := range map[string]string{
			"escape":     outside,
			"escape.jpg": filepath.Join(outside, "x.jpg"),
			"inner":      filepath.Join(dir, "sub"),
			"dangling":   filepath.Join(dir, "nothing-here"),
		} {
			if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(outside, "x.jpg"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		want    bool
		symlink bool
	}{
		{"IMG_1.jpg", true, false},
		{"IMG_9.jpg", true, false}, // not there yet: judged by spelling
		{"sub/IMG_2.jpg", true, false},
		{"sub/../IMG_1.jpg", true, false},
		{"", false, false},
		{".", false, false},
		{"sub/..", false, false},
		{"../IMG_1.jpg", false, false},
		{"sub/../../IMG_1.jpg", false, false},
		{"/etc/passwd", false, false},
		{"IMG\x00.jpg", false, false},
		{"escape/x.jpg", false, true},
		{"escape.jpg", false, true},
		{"inner/IMG_3.jpg", true, true},
		{"dangling", false, true},
	}
	for _, tt := range tests {
		if tt.symlink && !symlinks {
			continue
		}
		if got := InsideDir(dir, filepath.FromSlash(tt.name)); got != tt.want {
			t.Errorf("InsideDir(dir, %q) = %v, want %v", tt.name, got, tt.want)
		}
	}
	if InsideDir(filepath.Join(dir, "missing"), "IMG_1.jpg") {
		t.Error("InsideDir of a folder that does not exist = true, want false")
	}
}

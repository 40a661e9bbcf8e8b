//go:build unix

package embed

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/sidecar"
)

// TestRedTeam03EmbedProtectionsAtLastLook (issue 20, item 3): with fsync
// delayed, a hard link made while the temporary file was written was
// split (exit 0, "embedded"; the other name kept the old bytes), and a
// chmod 444 or chown nobody was undone. Each now happens at the moment
// the temporary file is ready, before the last look: the file is
// refused and left byte for byte, its protection as set; a new group is
// taken by the new file.
func TestRedTeam03EmbedProtectionsAtLastLook(t *testing.T) {
	orig := fixture.JPEG(fixture.All(wire))
	tests := []struct {
		name   string
		change func(t *testing.T, path string) (skip string)
		refuse string // in the *sidecar.RefusedError; "" = embedded
		check  func(t *testing.T, path string, fi fs.FileInfo)
	}{
		{"new hard link", func(t *testing.T, path string) string {
			if err := os.Link(path, filepath.Join(filepath.Dir(path), "selects-a.jpg")); err != nil {
				return "no hard links here: " + err.Error()
			}
			return ""
		}, "hard links", func(t *testing.T, path string, fi fs.FileInfo) {
			other := filepath.Join(filepath.Dir(path), "selects-a.jpg")
			if o, err := os.Lstat(other); err != nil || !os.SameFile(o, fi) {
				t.Errorf("the two names are no longer one file: the link was split")
			}
		}},
		{"chmod 444", func(t *testing.T, path string) string {
			if err := os.Chmod(path, 0o444); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "read-only", func(t *testing.T, path string, fi fs.FileInfo) {
			if fi.Mode().Perm() != 0o444 {
				t.Errorf("mode %v, want the 0444 set during the write", fi.Mode().Perm())
			}
		}},
		{"chown nobody", func(t *testing.T, path string) string {
			if os.Geteuid() != 0 {
				return "only root can give a file to another user"
			}
			if err := os.Chown(path, 65534, -1); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "owned by another user", func(t *testing.T, path string, fi fs.FileInfo) {
			if st := fi.Sys().(*syscall.Stat_t); st.Uid != 65534 {
				t.Errorf("owner uid %d, want the 65534 set during the write", st.Uid)
			}
		}},
		{"chgrp nogroup", func(t *testing.T, path string) string {
			if os.Geteuid() != 0 {
				return "only root can give a file any group"
			}
			if err := os.Chown(path, -1, 65534); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "", func(t *testing.T, path string, fi fs.FileInfo) {
			if st := fi.Sys().(*syscall.Stat_t); st.Gid != 65534 || fi.Mode().Perm() != 0o644 {
				t.Errorf("group %d mode %v, want the group 65534 set during the write, mode 0644", st.Gid, fi.Mode().Perm())
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "a.jpg")
			if err := os.WriteFile(p, orig, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p, 0o644); err != nil {
				t.Fatal(err)
			}
			skip := ""
			opt := FileOptions{beforeReplace: func(path string, round int) {
				if round == 1 {
					skip = tt.change(t, path)
				}
			}}
			res, err := File(p, aleppo(), opt)
			if skip != "" {
				t.Skip(skip)
			}
			fi, lerr := os.Lstat(p)
			if lerr != nil {
				t.Fatal(lerr)
			}
			b, _ := os.ReadFile(p)
			if tt.refuse != "" {
				var re *sidecar.RefusedError
				if !errors.As(err, &re) || re.Path != p || !strings.Contains(re.Reason, tt.refuse) {
					t.Fatalf("File = %v, %v; want a *sidecar.RefusedError for %s saying %q", res.Outcome, err, p, tt.refuse)
				}
				if !bytes.Equal(b, orig) {
					t.Errorf("the JPEG was replaced although it was refused")
				}
			} else {
				if err != nil || res.Outcome != sidecar.Updated {
					t.Fatalf("File = %v, %v; want the caption embedded", res.Outcome, err)
				}
				if read(t, b).IPTC.Credit != "Anadolu Agency" {
					t.Errorf("the caption was not embedded")
				}
			}
			tt.check(t, p, fi)
			if tmps, _ := sidecar.FindTemps(dir); len(tmps) != 0 {
				t.Errorf("temporary files left: %v", tmps)
			}
		})
	}
}

// TestRedTeam14EmbedErrorsNameTheImage (issue 20, item 14): the sidecar
// package's errors about a JPEG being embedded into began "sidecar: …".
// They now begin "embed:", name the image, and are still the sidecar
// package's types for errors.As.
func TestRedTeam14EmbedErrorsNameTheImage(t *testing.T) {
	orig := fixture.JPEG(fixture.All(wire))
	tests := []struct {
		name  string
		setup func(t *testing.T, path string) FileOptions
		as    func(err error) bool
		want  string // in the message, after "embed: "
	}{
		{"read-only", func(t *testing.T, path string) FileOptions {
			if err := os.Chmod(path, 0o444); err != nil {
				t.Fatal(err)
			}
			return FileOptions{}
		}, func(err error) bool { return errors.As(err, new(*sidecar.RefusedError)) }, " is read-only"},
		{"changed by another program in every round", func(t *testing.T, path string) FileOptions {
			return FileOptions{beforeReplace: func(p string, round int) {
				b, _ := os.ReadFile(p)
				if err := os.WriteFile(p, append(b, 0xFF), 0o644); err != nil {
					t.Error(err)
				}
			}}
		}, func(err error) bool { return errors.As(err, new(*sidecar.ConflictError)) }, "the caption not embedded"},
		{"temporary file gone before the rename", func(t *testing.T, path string) FileOptions {
			return FileOptions{beforeReplace: func(p string, round int) {
				tmps, _ := sidecar.FindTemps(filepath.Dir(p))
				for _, tmp := range tmps {
					os.Remove(tmp.Path)
				}
			}}
		}, func(err error) bool { return errors.As(err, new(*sidecar.WriteError)) }, "rename "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "photo.jpg")
			if err := os.WriteFile(p, orig, 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := File(p, aleppo(), tt.setup(t, p))
			if err == nil || !tt.as(err) {
				t.Fatalf("File: %v; want the sidecar package's error type", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "embed: ") || !strings.Contains(msg, p) || !strings.Contains(msg, tt.want) {
				t.Errorf("message %q: want it to start \"embed: \", name %s and say %q", msg, p, tt.want)
			}
		})
	}
}

package sidecar

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
)

// addLine is a merge for the tests: it adds line to the old content unless
// it is there already, so that the result shows which changes were seen.
func addLine(line string, calls *int) func([]byte) ([]byte, error) {
	return func(old []byte) ([]byte, error) {
		if calls != nil {
			*calls++
		}
		if bytes.Contains(old, []byte(line+"\n")) {
			return old, nil
		}
		return append(bytes.Clone(old), line+"\n"...), nil
	}
}

func mustWrite(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestUpdateRemergesConcurrentChange: another program changes the sidecar
// between captag's read and its rename, in each way a program can. Update
// must see the change, merge again from it, and end with both changes.
func TestUpdateRemergesConcurrentChange(t *testing.T) {
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name   string
		before string // the sidecar before; "" = none
		edit   func(t *testing.T, path string)
		want   string
		result Outcome
	}{
		{
			// Same inode, same size, same modification time: only the
			// hash of the bytes tells.
			name:   "rewritten in place, size and time kept",
			before: "lightroom=1\n",
			edit: func(t *testing.T, path string) {
				f, err := os.OpenFile(path, os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := f.WriteAt([]byte("lightroom=5\n"), 0); err != nil {
					t.Fatal(err)
				}
				f.Close()
				if err := os.Chtimes(path, old, old); err != nil {
					t.Fatal(err)
				}
			},
			want:   "lightroom=5\ncaptag=1\n",
			result: Updated,
		},
		{
			name:   "replaced by rename (exiftool's way)",
			before: "lightroom=1\n",
			edit: func(t *testing.T, path string) {
				tmp := path + ".exiftool_tmp"
				mustWrite(t, tmp, "lightroom=1\nexiftool=1\n")
				if err := os.Rename(tmp, path); err != nil {
					t.Fatal(err)
				}
			},
			want:   "lightroom=1\nexiftool=1\ncaptag=1\n",
			result: Updated,
		},
		{
			name:   "appended to",
			before: "lightroom=1\n",
			edit: func(t *testing.T, path string) {
				f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
				if err != nil {
					t.Fatal(err)
				}
				f.WriteString("rating=5\n")
				f.Close()
			},
			want:   "lightroom=1\nrating=5\ncaptag=1\n",
			result: Updated,
		},
		{
			name:   "created while captag created it",
			before: "",
			edit: func(t *testing.T, path string) {
				mustWrite(t, path, "other=1\n")
			},
			want:   "other=1\ncaptag=1\n",
			result: Updated,
		},
		{
			name:   "deleted",
			before: "lightroom=1\n",
			edit: func(t *testing.T, path string) {
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
			},
			want:   "captag=1\n",
			result: Created,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "IMG_1.xmp")
			if tt.before != "" {
				mustWrite(t, path, tt.before)
				if err := os.Chtimes(path, old, old); err != nil {
					t.Fatal(err)
				}
			}
			calls := 0
			hook := func(p string, round int) {
				if p != path {
					t.Errorf("hook got path %q, want %q", p, path)
				}
				if round == 1 {
					tt.edit(t, path)
				}
			}
			res, err := Update(path, addLine("captag=1", &calls), UpdateOptions{BeforeReplace: hook})
			if err != nil {
				t.Fatalf("Update: %v", err)
			}
			if got := mustRead(t, path); got != tt.want {
				t.Errorf("sidecar holds %q, want %q (the other program's change and captag's)", got, tt.want)
			}
			if res.Merges != 2 || calls != 2 || res.Outcome != tt.result {
				t.Errorf("result %+v after %d merges, want outcome %v after 2 merges", res, calls, tt.result)
			}
			if l := leftovers(t, dir); len(l) != 0 {
				t.Errorf("temporary files left: %q", l)
			}
		})
	}
}

// TestUpdateConflict: a sidecar that changes in every round is left as
// the other program wrote it, and the error names it.
func TestUpdateConflict(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	mustWrite(t, path, "v0\n")
	calls := 0
	hook := func(p string, round int) {
		mustWrite(t, p, strings.Repeat("v", round)+"\n")
	}
	_, err := Update(path, addLine("captag=1", &calls), UpdateOptions{BeforeReplace: hook})
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Path != path || ce.Merges != DefaultMerges {
		t.Fatalf("Update of an ever-changing sidecar: err = %v, want a *ConflictError naming %s after %d merges", err, path, DefaultMerges)
	}
	if !strings.Contains(err.Error(), path) {
		t.Errorf("the conflict error %q does not name the file", err)
	}
	if got, want := mustRead(t, path), strings.Repeat("v", DefaultMerges)+"\n"; got != want {
		t.Errorf("sidecar holds %q, want the other program's last version %q", got, want)
	}
	if calls != DefaultMerges {
		t.Errorf("%d merges, want %d", calls, DefaultMerges)
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("temporary files left: %q", l)
	}
}

// TestUpdateTwoWritersTakeTurns: a second Update of the same sidecar,
// started while the first holds it (between its read and its rename),
// waits for the first and merges into its result.
func TestUpdateTwoWritersTakeTurns(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no advisory locks on Windows")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	mustWrite(t, path, "start\n")
	var wg sync.WaitGroup
	var errB error
	hookA := func(string, int) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errB = Update(path, addLine("b=1", nil), UpdateOptions{})
		}()
		// B cannot get past the lock while A holds it; give it time to
		// reach it (the outcome does not depend on whether it has).
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := Update(path, addLine("a=1", nil), UpdateOptions{BeforeReplace: hookA}); err != nil {
		t.Fatalf("first Update: %v", err)
	}
	wg.Wait()
	if errB != nil {
		t.Fatalf("second Update: %v", errB)
	}
	if got, want := mustRead(t, path), "start\na=1\nb=1\n"; got != want {
		t.Errorf("sidecar holds %q, want %q (both writers' lines)", got, want)
	}
}

// TestUpdateUnchangedWritesNothing: a merge that changes nothing leaves
// the file itself (inode, time) alone.
func TestUpdateUnchangedWritesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	mustWrite(t, path, "captag=1\n")
	before, _ := os.Stat(path)
	res, err := Update(path, addLine("captag=1", nil), UpdateOptions{})
	if err != nil || res.Outcome != Unchanged {
		t.Fatalf("Update = %+v, %v; want Unchanged", res, err)
	}
	after, _ := os.Stat(path)
	if !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Error("an unchanged sidecar was rewritten")
	}
}

// TestUpdateDryRun writes nothing but says what it would do.
func TestUpdateDryRun(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	res, err := Update(path, addLine("captag=1", nil), UpdateOptions{DryRun: true})
	if err != nil || res.Outcome != Created {
		t.Fatalf("Update = %+v, %v; want Created", res, err)
	}
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a dry run created the sidecar")
	}
}

// TestUpdateRefuses: sidecars captag must not replace are left alone —
// read-only, another user's, links, folders, larger than captag reads —
// and merge is never asked.
func TestUpdateRefuses(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, path string) (skip string)
		want  string // in the error
	}{
		{"read-only", func(t *testing.T, path string) string {
			mustWrite(t, path, "theirs\n")
			if err := os.Chmod(path, 0o444); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "read-only"},
		{"owned by another user", func(t *testing.T, path string) string {
			if runtime.GOOS == "windows" || os.Geteuid() != 0 {
				return "only root can give a file to another user"
			}
			mustWrite(t, path, "theirs\n")
			if err := os.Chown(path, 65534, 65534); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "owned by another user"},
		{"symbolic link", func(t *testing.T, path string) string {
			if runtime.GOOS == "windows" {
				return "symbolic links need privileges on Windows"
			}
			other := filepath.Join(t.TempDir(), "elsewhere.xmp")
			mustWrite(t, other, "theirs\n")
			if err := os.Symlink(other, path); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "symbolic link"},
		{"folder", func(t *testing.T, path string) string {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "not a regular file"},
		{"larger than captag reads", func(t *testing.T, path string) string {
			mustWrite(t, path, "")
			if err := os.Truncate(path, metadata.MaxSidecarSize+1); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "IMG_1.xmp")
			if skip := tt.setup(t, path); skip != "" {
				t.Skip(skip)
			}
			before, _ := os.Lstat(path)
			calls := 0
			_, err := Update(path, addLine("captag=1", &calls), UpdateOptions{})
			var re *RefusedError
			if !errors.As(err, &re) || re.Path != path || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want a *RefusedError naming %s and saying %q", err, path, tt.want)
			}
			if calls != 0 {
				t.Errorf("merge ran on a sidecar that is left alone")
			}
			after, _ := os.Lstat(path)
			if !os.SameFile(before, after) || before.Mode() != after.Mode() || before.Size() != after.Size() {
				t.Errorf("the sidecar was replaced or changed")
			}
			if l := leftovers(t, dir); len(l) != 0 {
				t.Errorf("temporary files left: %q", l)
			}
		})
	}
}

// TestUpdateNeverWritesWhatItCannotRead: a merge result larger than
// metadata.MaxSidecarSize is refused and the old sidecar kept.
func TestUpdateNeverWritesWhatItCannotRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	mustWrite(t, path, "old\n")
	grow := func(old []byte) ([]byte, error) {
		return bytes.Repeat([]byte("x"), metadata.MaxSidecarSize+1), nil
	}
	_, err := Update(path, grow, UpdateOptions{})
	var re *RefusedError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "more than the") {
		t.Fatalf("err = %v, want a *RefusedError about the size", err)
	}
	if got := mustRead(t, path); got != "old\n" {
		t.Errorf("sidecar holds %d bytes, want the old one", len(got))
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("temporary files left: %q", l)
	}
	// Exactly the limit is written, and reads back.
	exact := func(old []byte) ([]byte, error) {
		return bytes.Repeat([]byte("x"), metadata.MaxSidecarSize), nil
	}
	if _, err := Update(path, exact, UpdateOptions{}); err != nil {
		t.Fatalf("a result of exactly MaxSidecarSize bytes: %v", err)
	}
}

// TestUpdateGrowthOfRealMerge: a sidecar under captag's read limit whose
// re-serialisation would pass it (text full of ">", which the encoder
// writes as "&gt;") is refused, not written unreadable.
func TestUpdateGrowthOfRealMerge(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	big := strings.Repeat("a>b", 5<<20/3) // 5 MiB that the encoder makes 15 MiB
	var b strings.Builder
	b.WriteString(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`)
	b.WriteString(`<rdf:Description rdf:about="" xmlns:my="http://example.com/my/"><my:Notes>`)
	b.WriteString(big)
	b.WriteString(`</my:Notes><my:More>`)
	b.WriteString(big)
	b.WriteString(`</my:More></rdf:Description></rdf:RDF></x:xmpmeta>`)
	mustWrite(t, path, b.String())
	if fi, _ := os.Stat(path); fi.Size() > metadata.MaxSidecarSize {
		t.Fatalf("fixture is %d bytes, want it under the limit", fi.Size())
	}
	rec := textRecord()
	_, err := Update(path, func(old []byte) ([]byte, error) {
		data, _, err := Merge(old, rec, aleppoImage(), Options{Toolkit: "captag"})
		return data, err
	}, UpdateOptions{})
	var re *RefusedError
	if !errors.As(err, &re) {
		t.Fatalf("err = %v, want a *RefusedError: the merged sidecar would be larger than captag reads", err)
	}
	if got := mustRead(t, path); got != b.String() {
		t.Error("the sidecar was changed")
	}
}

// TestTempNameFitsLongNames: a sidecar whose name has the 255 bytes file
// systems allow (ASCII or not) can be written; the temporary name is
// short, valid UTF-8 and recognised.
func TestTempNameFitsLongNames(t *testing.T) {
	for _, base := range []string{
		strings.Repeat("a", 251) + ".xmp",
		strings.Repeat("é", 125) + ".xmp", // 254 bytes
		"IMG_1.xmp",
	} {
		name := tempName(base, []byte{1, 2, 3, 4, 5, 6})
		if len(name) > 1+maxTempStem+1+12+len(TempSuffix) || !utf8.ValidString(name) || !IsTemp(name) {
			t.Errorf("tempName(%d bytes) = %q (%d bytes): want at most 57 bytes, UTF-8, recognised by IsTemp", len(base), name, len(name))
		}
		dir := t.TempDir()
		path := filepath.Join(dir, base)
		if _, err := Update(path, addLine("captag=1", nil), UpdateOptions{}); err != nil {
			t.Errorf("Update of a sidecar named with %d bytes: %v", len(base), err)
			continue
		}
		if got := mustRead(t, path); got != "captag=1\n" {
			t.Errorf("sidecar holds %q", got)
		}
		if err := WriteAtomic(path, []byte("again")); err != nil {
			t.Errorf("WriteAtomic of a sidecar named with %d bytes: %v", len(base), err)
		}
	}
}

// TestRemoveStaleTemps: only captag's own temporary files that no running
// process holds are removed; anything else, and one a write still running
// holds, stay. FindTemps lists them all for check's warning.
func TestRemoveStaleTemps(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	dir := t.TempDir()
	files := map[string]time.Duration{ // name → age
		".IMG_1.xmp.0a1b2c3d4e5f.captag-tmp": 2 * time.Hour,    // stale: removed
		".IMG_2.xmp.aaaaaaaaaaaa.captag-tmp": 90 * time.Minute, // stale: removed
		".IMG_3.xmp.0a1b2c3d4e5f.captag-tmp": time.Minute,      // a write under way (locked below): kept
		".IMG_4.xmp.notours12345.captag-tmp": 2 * time.Hour,    // not captag's name: kept
		"IMG_5.xmp":                          2 * time.Hour,    // a sidecar: kept
		".IMG_6.xmp.0A1B2C3D4E5F.captag-tmp": 2 * time.Hour,    // upper-case hex: not captag's
	}
	for name, age := range files {
		p := filepath.Join(dir, name)
		mustWrite(t, p, "x")
		if err := os.Chtimes(p, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, ".IMG_7.xmp.0a1b2c3d4e5f.captag-tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	live := filepath.Join(dir, ".IMG_3.xmp.0a1b2c3d4e5f.captag-tmp")
	held, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	lockFile(held)
	found, err := FindTemps(dir)
	if err != nil || len(found) != 3 {
		t.Fatalf("FindTemps = %v, %v; want the 3 temporary files", found, err)
	}
	removed, err := RemoveStaleTemps(dir, now, StaleTempAge)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range removed {
		names = append(names, filepath.Base(r.Path))
	}
	if got, want := strings.Join(names, " "), ".IMG_1.xmp.0a1b2c3d4e5f.captag-tmp .IMG_2.xmp.aaaaaaaaaaaa.captag-tmp"; got != want {
		t.Errorf("removed %q, want %q", got, want)
	}
	for name, age := range files {
		_, err := os.Lstat(filepath.Join(dir, name))
		gone := errors.Is(err, fs.ErrNotExist)
		if wantGone := age > time.Hour && IsTemp(name) && name != filepath.Base(live); gone != wantGone {
			t.Errorf("%s: gone = %v, want %v", name, gone, wantGone)
		}
	}
}

// TestOpenForReading: a sidecar link inside the folder is followed; one
// that leads out of it (or nowhere) is not, unless follow.
func TestOpenForReading(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir, outside := t.TempDir(), t.TempDir()
	mustWrite(t, filepath.Join(dir, "real.xmp"), "inside")
	mustWrite(t, filepath.Join(outside, "secret.xmp"), "outside")
	for link, target := range map[string]string{
		"in.xmp":       filepath.Join(dir, "real.xmp"),
		"relative.xmp": "real.xmp",
		"out.xmp":      filepath.Join(outside, "secret.xmp"),
		"climb.xmp":    "../" + filepath.Base(outside) + "/secret.xmp",
		"dangling.xmp": filepath.Join(dir, "nothing.xmp"),
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		follow bool
		want   string // content, or "refused"
	}{
		{"real.xmp", false, "inside"},
		{"in.xmp", false, "inside"},
		{"relative.xmp", false, "inside"},
		{"out.xmp", false, "refused"},
		{"climb.xmp", false, "refused"},
		{"dangling.xmp", false, "refused"},
		{"out.xmp", true, "outside"},
		{"climb.xmp", true, "outside"},
	}
	for _, tt := range tests {
		f, err := OpenForReading(filepath.Join(dir, tt.name), tt.follow)
		var re *RefusedError
		switch {
		case tt.want == "refused":
			if !errors.As(err, &re) {
				t.Errorf("OpenForReading(%s, follow=%v): err = %v, want a *RefusedError", tt.name, tt.follow, err)
			}
		case err != nil:
			t.Errorf("OpenForReading(%s, follow=%v): %v", tt.name, tt.follow, err)
		default:
			b := make([]byte, 16)
			n, _ := f.Read(b)
			if string(b[:n]) != tt.want {
				t.Errorf("OpenForReading(%s, follow=%v) read %q, want %q", tt.name, tt.follow, b[:n], tt.want)
			}
		}
		if f != nil {
			f.Close()
		}
	}
}

// TestUpdateChangeAfterCheck: a change that lands after the last check,
// just before the replace, is found in the file swapped out and swapped
// back, then merged (where the system can swap two files in one step).
func TestUpdateChangeAfterCheck(t *testing.T) {
	probe := t.TempDir()
	a, b := filepath.Join(probe, "a"), filepath.Join(probe, "b")
	mustWrite(t, a, "a")
	mustWrite(t, b, "b")
	if err := exchange(a, b); err != nil {
		t.Skipf("this system cannot swap two files in one step (%v): the window between check and rename stays open", err)
	}
	for _, how := range []string{"rename", "in place"} {
		t.Run(how, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "IMG_1.xmp")
			mustWrite(t, path, "lightroom=1\n")
			opt := UpdateOptions{afterCheck: func(p string, round int) {
				if round != 1 {
					return
				}
				if how == "rename" {
					mustWrite(t, p+".new", "lightroom=1\nrating=5\n")
					if err := os.Rename(p+".new", p); err != nil {
						t.Fatal(err)
					}
					return
				}
				f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
				if err != nil {
					t.Fatal(err)
				}
				f.WriteString("rating=5\n")
				f.Close()
			}}
			res, err := Update(path, addLine("captag=1", nil), opt)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := mustRead(t, path), "lightroom=1\nrating=5\ncaptag=1\n"; got != want || res.Merges != 2 {
				t.Errorf("sidecar holds %q after %d merges, want %q after 2", got, res.Merges, want)
			}
			if l := leftovers(t, dir); len(l) != 0 {
				t.Errorf("temporary files left: %q", l)
			}
		})
	}
}

// TestUpdateTwoChangesAtTheSwap: one program's version lands after the
// check, another's replaces captag's file right after the swap. The later
// version ends in place, the earlier one is kept beside it under a name
// that says so, and the conflict names both: nothing is deleted.
func TestUpdateTwoChangesAtTheSwap(t *testing.T) {
	probe := t.TempDir()
	a, b := filepath.Join(probe, "a"), filepath.Join(probe, "b")
	mustWrite(t, a, "a")
	mustWrite(t, b, "b")
	if err := exchange(a, b); err != nil {
		t.Skipf("this system cannot swap two files in one step (%v)", err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	mustWrite(t, path, "v=0\n")
	replace := func(content string) {
		mustWrite(t, path+".new", content)
		if err := os.Rename(path+".new", path); err != nil {
			t.Fatal(err)
		}
	}
	opt := UpdateOptions{
		afterCheck: func(string, int) { replace("v=1\n") },
		afterSwap:  func(string) { replace("v=2\n") },
	}
	_, err := Update(path, addLine("captag=1", nil), opt)
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Kept == "" || !strings.Contains(err.Error(), ce.Kept) {
		t.Fatalf("err = %v, want a *ConflictError naming the kept version", err)
	}
	if got := mustRead(t, path); got != "v=2\n" {
		t.Errorf("sidecar holds %q, want the later version %q", got, "v=2\n")
	}
	if got := mustRead(t, ce.Kept); got != "v=1\n" {
		t.Errorf("kept file %s holds %q, want the earlier version %q", ce.Kept, got, "v=1\n")
	}
	if !strings.HasSuffix(ce.Kept, keptSuffix) || IsTemp(filepath.Base(ce.Kept)) {
		t.Errorf("kept file %s: want a name ending %s that stale-file cleanup leaves alone", ce.Kept, keptSuffix)
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("temporary files left: %q", l)
	}
}

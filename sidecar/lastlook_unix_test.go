//go:build unix

package sidecar

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// canExchange reports whether this system swaps two files in one step
// (the moment between the last look and the swap exists only there).
func canExchange(t *testing.T) bool {
	t.Helper()
	probe := t.TempDir()
	a, b := filepath.Join(probe, "a"), filepath.Join(probe, "b")
	mustWrite(t, a, "a")
	mustWrite(t, b, "b")
	return exchange(a, b) == nil
}

// TestRedTeam03ProtectionsAtLastLook (issue 20, item 3): a chmod or chown
// made while captag writes its temporary file, or after its last look
// and before the swap, was undone by the replace (the new file got the
// mode and owner of the read). Now the last look refuses a file that has
// become one captag must not replace, leaving it as it is, and a mode
// still allowed is the new file's mode.
func TestRedTeam03ProtectionsAtLastLook(t *testing.T) {
	const before = "lightroom=1\n"
	tests := []struct {
		name   string
		change func(t *testing.T, path string) (skip string)
		refuse string // in the *RefusedError; "" = written
		check  func(t *testing.T, fi fs.FileInfo)
	}{
		{"chmod 444", func(t *testing.T, path string) string {
			if err := os.Chmod(path, 0o444); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "read-only", func(t *testing.T, fi fs.FileInfo) {
			if fi.Mode().Perm() != 0o444 {
				t.Errorf("mode %v, want the 0444 set during the write", fi.Mode().Perm())
			}
		}},
		{"chown nobody", func(t *testing.T, path string) string {
			if os.Geteuid() != 0 {
				return "only root can give a file to another user"
			}
			if err := os.Chown(path, 65534, 65534); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "owned by another user", func(t *testing.T, fi fs.FileInfo) {
			if st := fi.Sys().(*syscall.Stat_t); st.Uid != 65534 {
				t.Errorf("owner uid %d, want the 65534 set during the write", st.Uid)
			}
		}},
		{"chmod 600 (still writable)", func(t *testing.T, path string) string {
			if err := os.Chmod(path, 0o600); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "", func(t *testing.T, fi fs.FileInfo) {
			if fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %v, want the 0600 set during the write", fi.Mode().Perm())
			}
		}},
	}
	moments := []struct {
		name string
		set  func(opt *UpdateOptions, f func(path string, round int))
	}{
		{"before the last look", func(opt *UpdateOptions, f func(string, int)) { opt.BeforeReplace = f }},
		{"between the last look and the swap", func(opt *UpdateOptions, f func(string, int)) { opt.afterCheck = f }},
	}
	swaps := canExchange(t)
	for _, m := range moments {
		for _, tt := range tests {
			t.Run(m.name+"/"+tt.name, func(t *testing.T) {
				if m.name != moments[0].name && !swaps {
					t.Skip("this system cannot swap two files in one step: that moment does not exist here")
				}
				dir := t.TempDir()
				path := filepath.Join(dir, "IMG_1.xmp")
				mustWrite(t, path, before)
				if err := os.Chmod(path, 0o644); err != nil {
					t.Fatal(err)
				}
				orig, _ := os.Lstat(path)
				skip := ""
				var opt UpdateOptions
				m.set(&opt, func(p string, round int) {
					if round == 1 {
						skip = tt.change(t, p)
					}
				})
				res, err := Update(path, addLine("captag=1", nil), opt)
				if skip != "" {
					t.Skip(skip)
				}
				after, lerr := os.Lstat(path)
				if lerr != nil {
					t.Fatal(lerr)
				}
				if tt.refuse != "" {
					var re *RefusedError
					if !errors.As(err, &re) || re.Path != path || !strings.Contains(err.Error(), tt.refuse) {
						t.Fatalf("Update = %+v, %v; want a *RefusedError naming %s and saying %q", res, err, path, tt.refuse)
					}
					if got := mustRead(t, path); got != before || !os.SameFile(orig, after) {
						t.Errorf("the sidecar was replaced (holds %q): the protection set during the write was undone", got)
					}
				} else {
					if err != nil {
						t.Fatalf("Update: %v", err)
					}
					if got := mustRead(t, path); got != before+"captag=1\n" {
						t.Errorf("sidecar holds %q, want the merge", got)
					}
				}
				tt.check(t, after)
				if l := leftovers(t, dir); len(l) != 0 {
					t.Errorf("temporary files left: %q", l)
				}
			})
		}
	}
}

// TestRedTeam04FIFOSwappedIn (issue 20, item 4): a named pipe swapped in
// for the sidecar between the check of what it is and the open made the
// open wait for a writer forever. Now every open on the write path
// returns at once and the pipe is refused, never waited on. The call runs
// in a goroutine: a hang fails the test after a few seconds.
func TestRedTeam04FIFOSwappedIn(t *testing.T) {
	fifo := func(t *testing.T, path string) {
		if err := os.Remove(path); err != nil {
			t.Error(err)
		}
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Error(err)
		}
	}
	tests := []struct {
		name string
		set  func(opt *UpdateOptions, t *testing.T)
	}{
		{"between the check and the open of the read", func(opt *UpdateOptions, t *testing.T) {
			opt.beforeOpen = func(p string) { fifo(t, p) }
		}},
		{"before the last look", func(opt *UpdateOptions, t *testing.T) {
			opt.BeforeReplace = func(p string, round int) {
				if round == 1 {
					fifo(t, p)
				}
			}
		}},
	}
	const hang = 5 * time.Second // a hang detector, not a speed assertion
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "IMG_1.xmp")
			mustWrite(t, path, "lightroom=1\n")
			var opt UpdateOptions
			tt.set(&opt, t)
			done := make(chan error, 1)
			go func() {
				_, err := Update(path, addLine("captag=1", nil), opt)
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(hang):
				t.Fatalf("Update still waits on the named pipe at %s after %v", path, hang)
			}
			var re *RefusedError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), "named pipe") {
				t.Fatalf("err = %v, want a *RefusedError saying it is a named pipe", err)
			}
			if fi, err := os.Lstat(path); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
				t.Errorf("the named pipe was replaced: %v %v", fi, err)
			}
			if l := leftovers(t, dir); len(l) != 0 {
				t.Errorf("temporary files left: %q", l)
			}
		})
	}
}

// TestRedTeam04ReadRegularNeverWaits (issue 20, item 4): the read of a
// temporary file back (embed.File's check of the scan) goes through
// ReadRegular, which refuses a named pipe at once.
func TestRedTeam04ReadRegularNeverWaits(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".a.jpg.0a1b2c3d4e5f"+TempSuffix)
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadRegular(path, 1<<20)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("ReadRegular(a named pipe) = %v, want an error saying it is a named pipe", err)
		}
	case <-time.After(5 * time.Second): // a hang detector
		t.Fatal("ReadRegular waits on a named pipe")
	}
}

// TestRedTeam14LiveTempKeptDeadRemoved (issue 20, item 14): a temporary
// file a killed write left was kept for an hour, and one a live write
// holds was removed once it looked an hour old. Now a temporary file's
// writer holds a lock on it: one nobody holds is removed at once (past
// the moment between create and lock), one a live writer holds is kept
// whatever its age, and that writer's replace goes through.
func TestRedTeam14LiveTempKeptDeadRemoved(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "IMG_1.xmp")
	mustWrite(t, path, "v=0\n")
	later := time.Now().Add(2 * StaleTempAge) // the live temp looks two hours old
	dead := filepath.Join(dir, ".photo.jpg.0a1b2c3d4e5f"+TempSuffix)
	mustWrite(t, dead, "a killed embed's copy")
	if err := os.Chtimes(dead, later.Add(-time.Minute), later.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	var removed []Temp
	var rerr error
	_, err := Update(path, addLine("captag=1", nil), UpdateOptions{BeforeReplace: func(string, int) {
		removed, rerr = RemoveStaleTemps(dir, later, StaleTempAge)
	}})
	if rerr != nil {
		t.Fatal(rerr)
	}
	if err != nil {
		t.Fatalf("Update: %v (its temporary file was removed while it was written?)", err)
	}
	if got := mustRead(t, path); got != "v=0\ncaptag=1\n" {
		t.Errorf("sidecar holds %q, want the merge", got)
	}
	if len(removed) != 1 || removed[0].Path != dead {
		t.Errorf("removed %v, want only %s (the live writer's temporary file kept)", removed, dead)
	}
	if _, err := os.Lstat(dead); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the killed write's temporary file a minute old is still there: %v", err)
	}
}

// TestRedTeam14TempsSayWhatTheyAre (issue 20, item 14): FindTemps says
// what a temporary file is a copy of and whether its writer is alive, so
// that check can say so.
func TestRedTeam14TempsSayWhatTheyAre(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("x", 40) + ".jpg"
	mustWrite(t, filepath.Join(dir, long), "jpeg")
	mustWrite(t, filepath.Join(dir, "IMG_1.xmp"), "v=0\n")
	for _, name := range []string{
		".photo.jpg.0a1b2c3d4e5f" + TempSuffix,
		"." + tempStem(long) + ".0a1b2c3d4e5f" + TempSuffix,
	} {
		mustWrite(t, filepath.Join(dir, name), "x")
	}
	var found []Temp
	_, err := Update(filepath.Join(dir, "IMG_1.xmp"), addLine("captag=1", nil), UpdateOptions{BeforeReplace: func(string, int) {
		found, _ = FindTemps(dir)
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Temp{ // by Of
		"photo.jpg": {Kind: KindImage, State: TempKilled},
		long:        {Kind: KindImage, State: TempKilled},
		"IMG_1.xmp": {Kind: KindSidecar, State: TempLive},
	}
	if len(found) != len(want) {
		t.Fatalf("FindTemps found %+v, want %d temporary files", found, len(want))
	}
	for _, f := range found {
		w, ok := want[f.Of]
		if !ok || f.Kind != w.Kind || f.State != w.State {
			t.Errorf("%s: of %q kind %v state %v; want one of %v", filepath.Base(f.Path), f.Of, f.Kind, f.State, want)
		}
	}
}

package sidecar

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"unicode/utf8"
)

// TempSuffix ends the name of every temporary file captag creates
// (".IMG_1.xmp.3f9a0b1c2d4e.captag-tmp"), so that one left by a killed
// process is easy to recognise and remove.
const TempSuffix = ".captag-tmp"

// maxTempTries bounds the attempts to find an unused temporary name.
const maxTempTries = 16

// maxTempStem is the most bytes of the sidecar's name a temporary name
// repeats. A temporary name is then at most 1+maxTempStem+1+12+11 = 57
// bytes, so a sidecar whose own name has the 255 bytes most file systems
// allow still gets one.
const maxTempStem = 32

// tempRandLen is the number of random bytes in a temporary name (twice
// as many hex digits).
const tempRandLen = 6

// WriteError is a failed WriteAtomic or Update. The target is unchanged
// (it holds the old content, or does not exist when it did not before),
// except when Replaced is set: then the rename was done and the target
// holds the new content, but the folder could not be synced afterwards
// (Op "sync folder"), so after a crash or power loss the folder may still
// show the old file, or none.
type WriteError struct {
	Path     string // the sidecar (or the image, by Kind)
	Op       string // "check", "read", "create temp", "write", "sync", "verify", "rename", "sync folder"
	Err      error
	Replaced bool // the new content is in place; only the folder sync failed
	Kind     Kind // a sidecar or an image (UpdateOptions.Kind)
}

func (e *WriteError) Error() string {
	if e.Replaced {
		return fmt.Sprintf("%s: %s %s: %v (the file was replaced, but the change may not survive a crash)", e.Kind.pkg(), e.Op, e.Path, e.Err)
	}
	return fmt.Sprintf("%s: %s %s: %v", e.Kind.pkg(), e.Op, e.Path, e.Err)
}

func (e *WriteError) Unwrap() error { return e.Err }

// errSymlink is the error when the target of WriteAtomic is a symbolic link.
var errSymlink = errors.New("expected a regular file, found a symbolic link (left alone)")

// WriteAtomic replaces the file at path with data so that a crash or an
// interrupt at any moment leaves either the old or the new content, never
// a torn file: it writes a temporary file in the same folder (named
// "." + base + random + TempSuffix), fsyncs it, renames it over path and
// fsyncs the folder. The temporary file is removed on every error path.
// An error is a *WriteError; its Replaced field says whether the new
// content is in place (only the folder sync failed).
//
// The file keeps the permission bits of the file it replaces; a new file
// gets 0666 less the umask. A target that is a symbolic link is refused
// (writing through it could land in another folder; replacing it would
// break the link), as is anything rename cannot replace, such as a
// folder.
func WriteAtomic(path string, data []byte) error { return writeAtomic(path, data, nil) }

// faultFunc injects failures (this package's tests): called before each
// step of a write with the step's Op ("create temp", "write", "sync",
// "rename", "sync folder"), an error it returns is that step's error. A
// nil faultFunc injects nothing.
type faultFunc func(op string) error

func (f faultFunc) at(op string) error {
	if f == nil {
		return nil
	}
	return f(op)
}

// writeAtomic is WriteAtomic with injected failures.
func writeAtomic(path string, data []byte, fault faultFunc) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if base == "" || base == "." || base == ".." {
		return &WriteError{Path: path, Op: "check", Err: errors.New("expected a file name, found none")}
	}
	var mode fs.FileMode = 0o666
	keepMode := false
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&fs.ModeSymlink != 0 {
			return &WriteError{Path: path, Op: "check", Err: errSymlink}
		}
		if fi.Mode().IsRegular() {
			mode, keepMode = fi.Mode().Perm(), true
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return &WriteError{Path: path, Op: "check", Err: err}
	}

	t, err := writeTemp(path, dir, base, data, mode, keepMode, -1, fault)
	if err != nil {
		return err
	}
	defer t.f.Close() // releases the temporary file's lock
	tmp := t.name
	if err := fault.at("rename"); err != nil {
		os.Remove(tmp)
		return &WriteError{Path: path, Op: "rename", Err: err}
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return &WriteError{Path: path, Op: "rename", Err: err}
	}
	// The rename is done: the new content is in place and the temporary
	// name is gone. A folder that cannot be synced is reported as such.
	if err := syncDirFault(dir, fault); err != nil {
		return &WriteError{Path: path, Op: "sync folder", Err: err, Replaced: true}
	}
	return nil
}

// tempName is the temporary name for the sidecar base: "." + at most
// maxTempStem bytes of base (cut between characters) + "." + random hex +
// TempSuffix.
func tempName(base string, rnd []byte) string {
	return "." + tempStem(base) + "." + hex.EncodeToString(rnd) + TempSuffix
}

// tempStem is base cut to at most maxTempStem bytes, between characters.
func tempStem(base string) string {
	stem := base
	if len(stem) > maxTempStem {
		stem = stem[:maxTempStem]
		for len(stem) > 0 && !utf8.RuneStart(base[len(stem)]) {
			stem = stem[:len(stem)-1]
		}
	}
	return stem
}

// createTemp creates a new file in dir named by tempName, with O_EXCL so that it never opens an existing
// file (or follows a planted symbolic link).
func createTemp(dir, base string, mode fs.FileMode) (*os.File, string, error) {
	var rnd [tempRandLen]byte
	var lastErr error
	for range maxTempTries {
		if _, err := rand.Read(rnd[:]); err != nil {
			return nil, "", err
		}
		name := filepath.Join(dir, tempName(base, rnd[:]))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if err == nil {
			return f, name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, "", err
		}
		lastErr = err
	}
	return nil, "", lastErr
}

// syncDirFault is syncDir after fault's "sync folder" step.
func syncDirFault(dir string, fault faultFunc) error {
	if err := fault.at("sync folder"); err != nil {
		return err
	}
	return syncDir(dir)
}

// syncDir fsyncs a folder so that a rename in it survives a crash.
// Platforms and file systems that cannot sync a folder are not an error.
// The open never waits (a named pipe swapped in for the folder).
func syncDir(dir string) error {
	d, err := os.OpenFile(dir, os.O_RDONLY|oNonBlock, 0)
	if err != nil {
		return err
	}
	err = d.Sync()
	cerr := d.Close()
	if err != nil {
		if errors.Is(err, syscall.EINVAL) || errors.Is(err, errors.ErrUnsupported) || errors.Is(err, fs.ErrPermission) {
			return nil
		}
		return err
	}
	return cerr
}

// IsTemp reports whether name (a base name) is a temporary file captag
// makes: "." + a stem + "." + 12 lower-case hex digits + TempSuffix.
func IsTemp(name string) bool {
	rest, ok := strings.CutSuffix(name, TempSuffix)
	if !ok || !strings.HasPrefix(rest, ".") {
		return false
	}
	const n = 2 * tempRandLen
	if len(rest) < 1+1+n || rest[len(rest)-n-1] != '.' {
		return false
	}
	for _, c := range []byte(rest[len(rest)-n:]) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// InsideDir reports whether name — a file name from a caption record —
// names a path inside dir: not empty, not absolute, no ".." that climbs
// out, no NUL, and no symbolic link on the way that leads outside dir.
// Parts of the path that do not exist yet are judged by their spelling.
func InsideDir(dir, name string) bool {
	if name == "" || strings.ContainsRune(name, 0) || !filepath.IsLocal(name) {
		return false
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false
	}
	root, err = filepath.Abs(root)
	if err != nil {
		return false
	}
	cur := root
	parts := strings.Split(filepath.Clean(name), string(filepath.Separator))
	for _, part := range parts {
		next := filepath.Join(cur, part)
		fi, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) {
			// The rest does not exist and is local by spelling.
			return true
		}
		if err != nil {
			return false
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			resolved, err := filepath.EvalSymlinks(next)
			if err != nil {
				// A dangling link: where it would lead is not known.
				return false
			}
			if !within(root, resolved) {
				return false
			}
			next = resolved
		}
		cur = next
	}
	return within(root, cur) && cur != root
}

// within reports whether path is root or below it (both absolute, clean).
func within(root, path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return false
	}
	return rel == "." || filepath.IsLocal(rel)
}

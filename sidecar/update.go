package sidecar

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/captag/captag/metadata"
)

// DefaultMerges is how many times Update merges when another program keeps
// changing the sidecar under it, before it reports a conflict.
const DefaultMerges = 3

// maxLockWaits bounds how often Update opens the sidecar again because
// another captag process replaced it while Update waited for its lock.
const maxLockWaits = 64

// UpdateOptions tune Update.
type UpdateOptions struct {
	// Merges bounds the read → merge → write rounds when the sidecar
	// changes under Update; 0 means DefaultMerges.
	Merges int
	// DryRun reads and merges (and refuses what would be refused) but
	// writes nothing.
	DryRun bool
	// BeforeReplace, when set, runs in each round after the temporary
	// file is written and before the sidecar is checked and replaced;
	// round counts from 1. Tests change the sidecar from it to act as a
	// concurrent editor at a known moment.
	BeforeReplace func(path string, round int)
	// MaxSize is the largest file Update reads and writes; 0 means
	// metadata.MaxSidecarSize. An image being embedded into is larger.
	MaxSize int64
	// Verify, when set, checks the temporary file (fsynced, closed) before
	// it replaces the file at path; an error leaves the file as it was and
	// is returned as a *WriteError with Op "verify".
	Verify func(tmp string) error
	// KeepModTime gives the new file the modification time of the one it
	// replaces.
	KeepModTime bool

	// afterCheck, when set (by this package's tests), runs between the
	// check that the sidecar is unchanged and the swap that replaces it.
	afterCheck func(path string, round int)
	// fault, when set (by this package's tests), injects a failure into a
	// step of the write (see faultFunc).
	fault faultFunc
	// afterSwap, when set (by this package's tests), runs after a swap
	// took out a version captag did not read, before it is put back.
	afterSwap func(path string)
}

// Outcome is what Update did.
type Outcome int

const (
	Unchanged Outcome = iota // the merge changed nothing; nothing written
	Created                  // there was no sidecar; now there is
	Updated                  // the sidecar was replaced with the merged one
)

// Result is what Update did and how many merges it took (more than one
// when the sidecar changed under it and was merged again).
type Result struct {
	Outcome Outcome
	Merges  int
}

// ConflictError is a sidecar that another program changed in every round
// of Update: it holds that program's content; captag's was not written.
type ConflictError struct {
	Path   string
	Merges int
	// Kept, when set, is an earlier version of another program's, kept
	// beside the sidecar: two programs wrote the sidecar within a moment
	// of captag's rename, and the later one is in place.
	Kept string
}

func (e *ConflictError) Error() string {
	if e.Kept != "" {
		return fmt.Sprintf("sidecar: expected %s to stay as captag read it until the rename, found it changed by another program, and again, in that moment; the later version is in place, the earlier one kept as %s; captag's properties not written",
			e.Path, e.Kept)
	}
	return fmt.Sprintf("sidecar: expected %s to stay as captag read it until the rename, found it changed by another program %d times; left as that program wrote it, captag's properties not written",
		e.Path, e.Merges)
}

// RefusedError is a sidecar that captag leaves alone because of what it
// is, not because of what it says: a symbolic link, not a regular file,
// read-only or another user's, or larger than captag reads.
type RefusedError struct {
	Path   string
	Reason string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("sidecar: %s is %s; left alone", e.Path, e.Reason)
}

// errUnsupported: the platform or file system cannot swap two files.
var errUnsupported = errors.New("sidecar: cannot exchange files here")

// errChanged ends a round of Update whose sidecar changed after the read.
var errChanged = errors.New("sidecar: changed since it was read")

// snapshot is what Update read: enough to tell whether the sidecar at the
// path is still that file with those bytes.
type snapshot struct {
	exists bool
	info   fs.FileInfo // from the open file after the read
	sum    [sha256.Size]byte
}

// Update merges into the sidecar at path and replaces it, without losing a
// change another program (an editor, exiftool, a second captag) makes to
// it meanwhile. merge gets the sidecar's bytes (nil when there is none; a
// non-nil empty slice for an empty file) and returns the new content; it
// may run more than once and must not keep state between runs except
// what its last run returns.
//
// Each round reads the sidecar (holding an advisory lock on it, which
// other captag processes wait for), merges, writes a temporary file in
// the same folder and fsyncs it, and then checks that the file at path is
// still the one read — same inode, size, modification time and SHA-256 of
// its bytes, or still absent — before it replaces it. Where the system
// can swap two files in one step (Linux renameat2 RENAME_EXCHANGE) the
// file swapped out is checked again and swapped back if a change landed
// after the check, so no version Update did not read is deleted;
// elsewhere it is a rename, and a change in the moment between the check
// and the rename can still be lost. A new sidecar is linked into place,
// which fails when a file appeared meanwhile. A change found so starts a new round
// from the changed file; after opt.Merges rounds Update gives up with a
// *ConflictError and the other program's file stays as it is.
//
// Update never replaces: a symbolic link, something not a regular file, a
// file owned by another user or without write permission, or a file over
// opt.MaxSize, by default metadata.MaxSidecarSize (*RefusedError); a
// sidecar merge cannot parse (merge's error, returned as is). It never
// writes a file over that size, which captag could not read back. With
// opt.Verify, a temporary file it rejects is removed and the file left
// (*WriteError, Op "verify"). A failed write is a *WriteError and leaves
// the old file (or none), except one with Replaced set: the new file is in
// place, only the folder sync after the swap failed. When merge returns
// the bytes it got, nothing is written (Unchanged).
func Update(path string, merge func(old []byte) ([]byte, error), opt UpdateOptions) (Result, error) {
	rounds := opt.Merges
	if rounds <= 0 {
		rounds = DefaultMerges
	}
	waits := 0
	for round := 1; round <= rounds; {
		out, err := updateOnce(path, merge, opt, round)
		switch {
		case errors.Is(err, errLockLost):
			// Another captag process replaced the sidecar while this one
			// waited for its lock: read the new one; not a merge round.
			waits++
			if waits > maxLockWaits {
				return Result{Merges: round}, &ConflictError{Path: path, Merges: round}
			}
			continue
		case errors.Is(err, errChanged):
			round++
			continue
		case err != nil:
			return Result{Merges: round}, err
		}
		out.Merges = round
		return out, nil
	}
	return Result{Merges: rounds}, &ConflictError{Path: path, Merges: rounds}
}

// errLockLost: the file locked is no longer the one at the path.
var errLockLost = errors.New("sidecar: replaced while waiting for its lock")

// updateOnce is one round of Update.
func updateOnce(path string, merge func([]byte) ([]byte, error), opt UpdateOptions, round int) (Result, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if base == "" || base == "." || base == ".." {
		return Result{}, &WriteError{Path: path, Op: "check", Err: errors.New("expected a file name, found none")}
	}
	limit := opt.MaxSize
	if limit <= 0 {
		limit = metadata.MaxSidecarSize
	}
	old, snap, f, err := readLocked(path, limit)
	if err != nil {
		return Result{}, err
	}
	if f != nil {
		defer f.Close() // releases the lock
	}
	data, err := merge(old)
	if err != nil {
		return Result{}, err
	}
	res := Result{Outcome: Created}
	if snap.exists {
		res.Outcome = Updated
		if bytes.Equal(data, old) {
			return Result{Outcome: Unchanged}, nil
		}
	}
	if int64(len(data)) > limit {
		return Result{}, &RefusedError{Path: path, Reason: fmt.Sprintf("to become %d bytes after the merge, more than the %d bytes captag reads back", len(data), limit)}
	}
	if opt.DryRun {
		return res, nil
	}
	var mode fs.FileMode = 0o666
	if snap.exists {
		mode = snap.info.Mode().Perm()
	}
	tmp, werr := writeTemp(path, dir, base, data, mode, snap.exists, opt.fault)
	if werr != nil {
		return Result{}, werr
	}
	placed := false
	defer func() {
		if !placed {
			os.Remove(tmp)
		}
	}()
	if opt.KeepModTime && snap.exists {
		mt := snap.info.ModTime()
		if err := os.Chtimes(tmp, mt, mt); err != nil {
			return Result{}, &WriteError{Path: path, Op: "write", Err: err}
		}
	}
	if opt.Verify != nil {
		if err := opt.Verify(tmp); err != nil {
			return Result{}, &WriteError{Path: path, Op: "verify", Err: err}
		}
	}
	if opt.BeforeReplace != nil {
		opt.BeforeReplace(path, round)
	}
	if err := opt.fault.at("rename"); err != nil {
		return Result{}, &WriteError{Path: path, Op: "rename", Err: err}
	}
	if snap.exists {
		if !unchanged(path, snap, limit) {
			return Result{}, errChanged
		}
		if opt.afterCheck != nil {
			opt.afterCheck(path, round)
		}
		ours, err := os.Lstat(tmp)
		if err != nil {
			return Result{}, &WriteError{Path: path, Op: "rename", Err: err}
		}
		switch err := exchange(tmp, path); {
		case err == nil:
			// The file that was at path is now at tmp, out of every other
			// program's way: if it is not the one read (a change landed
			// between the check and the swap), swap it back.
			if !unchanged(tmp, snap, limit) {
				placed = true // putBack removes tmp or keeps what it holds
				if opt.afterSwap != nil {
					opt.afterSwap(path)
				}
				return Result{}, putBack(path, dir, base, tmp, ours, round)
			}
			os.Remove(tmp) // the version read, now replaced
		case errors.Is(err, errUnsupported):
			if err := os.Rename(tmp, path); err != nil {
				return Result{}, &WriteError{Path: path, Op: "rename", Err: err}
			}
		default:
			return Result{}, &WriteError{Path: path, Op: "rename", Err: err}
		}
	} else {
		// Link fails when a file appeared at path since the read: no
		// sidecar created meanwhile is ever replaced unseen.
		err := os.Link(tmp, path)
		switch {
		case errors.Is(err, fs.ErrExist):
			return Result{}, errChanged
		case err != nil:
			// A file system without hard links: check, then rename.
			if _, lerr := os.Lstat(path); !errors.Is(lerr, fs.ErrNotExist) {
				return Result{}, errChanged
			}
			if err := os.Rename(tmp, path); err != nil {
				return Result{}, &WriteError{Path: path, Op: "rename", Err: err}
			}
		default:
			os.Remove(tmp)
		}
	}
	placed = true
	if err := syncDirFault(dir, opt.fault); err != nil {
		return Result{}, &WriteError{Path: path, Op: "sync folder", Err: err, Replaced: true}
	}
	return res, nil
}

// putBack undoes a swap that took out a version of the sidecar captag did
// not read (now at tmp; captag's file at path): it swaps again, and
// returns errChanged to merge from that version. If yet another version
// replaced captag's file at path in the moment it stood there, that one
// is the newest: it is swapped into place, and the version before it is
// kept beside the sidecar under a name that says so (*ConflictError with
// Kept). No version is deleted that captag did not read.
func putBack(path, dir, base, tmp string, ours fs.FileInfo, round int) error {
	if err := exchange(tmp, path); err != nil {
		return &ConflictError{Path: path, Merges: round, Kept: keep(dir, base, tmp)}
	}
	back, err := os.Lstat(tmp)
	if err == nil && os.SameFile(back, ours) {
		os.Remove(tmp)
		return errChanged
	}
	if err := exchange(tmp, path); err == nil {
		if back, err := os.Lstat(tmp); err == nil && os.SameFile(back, ours) {
			os.Remove(tmp)
			return errChanged
		}
	}
	return &ConflictError{Path: path, Merges: round, Kept: keep(dir, base, tmp)}
}

// keptSuffix ends the name of a version of a sidecar that two other
// programs wrote within a moment of captag's rename, kept beside it.
const keptSuffix = ".captag-kept"

// keep gives the file at tmp a visible name beside the sidecar that no
// cleanup removes ("IMG_1.xmp.3f9a0b1c2d4e.captag-kept") and returns it
// (tmp itself when that fails).
func keep(dir, base, tmp string) string {
	var rnd [tempRandLen]byte
	for range maxTempTries {
		if _, err := rand.Read(rnd[:]); err != nil {
			break
		}
		name := filepath.Join(dir, tempStem(base)+"."+hex.EncodeToString(rnd[:])+keptSuffix)
		if err := os.Link(tmp, name); err == nil {
			os.Remove(tmp)
			return name
		} else if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	return tmp
}

// readLocked reads the sidecar at path, refusing what Update must not
// replace, and returns its bytes, a snapshot, and the open file that
// holds the lock (nil when there is no sidecar).
func readLocked(path string, limit int64) ([]byte, snapshot, *os.File, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, snapshot{}, nil, nil
	}
	if err != nil {
		return nil, snapshot{}, nil, &WriteError{Path: path, Op: "check", Err: err}
	}
	if r := refuseFile(fi, limit); r != "" {
		return nil, snapshot{}, nil, &RefusedError{Path: path, Reason: r}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|oNoFollow, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, snapshot{}, nil, errLockLost
	}
	if err != nil {
		return nil, snapshot{}, nil, &WriteError{Path: path, Op: "read", Err: err}
	}
	lockFile(f)
	// With the lock held: is the file still the one at the path?
	now, err := os.Lstat(path)
	fst, ferr := f.Stat()
	if err != nil || ferr != nil || !os.SameFile(now, fst) {
		f.Close()
		return nil, snapshot{}, nil, errLockLost
	}
	if r := refuseFile(fst, limit); r != "" {
		f.Close()
		return nil, snapshot{}, nil, &RefusedError{Path: path, Reason: r}
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		f.Close()
		return nil, snapshot{}, nil, &WriteError{Path: path, Op: "read", Err: err}
	}
	if int64(len(b)) > limit {
		f.Close()
		return nil, snapshot{}, nil, &RefusedError{Path: path, Reason: fmt.Sprintf("larger than the %d bytes captag reads", limit)}
	}
	if fst, err = f.Stat(); err != nil {
		f.Close()
		return nil, snapshot{}, nil, &WriteError{Path: path, Op: "read", Err: err}
	}
	if b == nil {
		b = []byte{}
	}
	return b, snapshot{exists: true, info: fst, sum: sha256.Sum256(b)}, f, nil
}

// refuseFile returns why the file fi describes must be left alone, or "".
func refuseFile(fi fs.FileInfo, limit int64) string {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return "a symbolic link (writing through it could land in another folder)"
	case !fi.Mode().IsRegular():
		return "not a regular file but " + FileKind(fi.Mode())
	case fi.Size() > limit:
		return fmt.Sprintf("%d bytes, larger than the %d bytes captag reads", fi.Size(), limit)
	}
	return refuseOwner(fi)
}

// unchanged reports whether the file at path is still the one snap
// describes: the same file (inode), size and modification time, and bytes
// with the same SHA-256.
func unchanged(path string, snap snapshot, limit int64) bool {
	fi, err := os.Lstat(path)
	if err != nil || !os.SameFile(fi, snap.info) || fi.Size() != snap.info.Size() || !fi.ModTime().Equal(snap.info.ModTime()) {
		return false
	}
	f, err := os.OpenFile(path, os.O_RDONLY|oNoFollow, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, limit+1))
	if err != nil || n != snap.info.Size() {
		return false
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum == snap.sum
}

// writeTemp writes data to a new temporary file beside path, with mode
// (kept exactly when keepMode, else narrowed by the umask), fsynced and
// closed, and returns its name. fault may inject a failure into a step.
func writeTemp(path, dir, base string, data []byte, mode fs.FileMode, keepMode bool, fault faultFunc) (tmp string, werr *WriteError) {
	if err := fault.at("create temp"); err != nil {
		return "", &WriteError{Path: path, Op: "create temp", Err: err}
	}
	f, tmp, err := createTemp(dir, base, mode)
	if err != nil {
		return "", &WriteError{Path: path, Op: "create temp", Err: err}
	}
	fail := func(op string, err error) (string, *WriteError) {
		f.Close()
		os.Remove(tmp)
		return "", &WriteError{Path: path, Op: op, Err: err}
	}
	if keepMode {
		// The umask may have narrowed the bits at creation.
		if err := f.Chmod(mode); err != nil {
			return fail("write", err)
		}
	}
	if err := fault.at("write"); err != nil {
		return fail("write", err)
	}
	if _, err := f.Write(data); err != nil {
		return fail("write", err)
	}
	if err := fault.at("sync"); err != nil {
		return fail("sync", err)
	}
	if err := f.Sync(); err != nil {
		return fail("sync", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return "", &WriteError{Path: path, Op: "write", Err: err}
	}
	return tmp, nil
}

// StaleTempAge is how old a temporary file must be before RemoveStaleTemps
// takes it for the leftover of a killed process rather than the file of
// a write still under way: writing one sidecar takes well under a second.
const StaleTempAge = time.Hour

// Temp is a temporary file captag made, found in a folder.
type Temp struct {
	Path    string
	ModTime time.Time
}

// FindTemps lists the temporary files captag made in dir (IsTemp names,
// regular files, not links), in name order.
func FindTemps(dir string) ([]Temp, error) {
	ents, err := os.ReadDir(dir)
	var out []Temp
	for _, e := range ents {
		if !IsTemp(e.Name()) || !e.Type().IsRegular() {
			continue
		}
		fi, ierr := e.Info()
		if ierr != nil {
			continue
		}
		out = append(out, Temp{Path: filepath.Join(dir, e.Name()), ModTime: fi.ModTime()})
	}
	return out, err
}

// RemoveStaleTemps removes from dir the temporary files captag made that
// were last modified before now-minAge (minAge is StaleTempAge unless a
// caller knows better) and that belong to the running user, and returns
// those it removed. A younger one may belong to a write still running and
// is kept.
func RemoveStaleTemps(dir string, now time.Time, minAge time.Duration) ([]Temp, error) {
	temps, err := FindTemps(dir)
	var removed []Temp
	for _, t := range temps {
		if now.Sub(t.ModTime) < minAge {
			continue
		}
		fi, lerr := os.Lstat(t.Path)
		if lerr != nil || !fi.Mode().IsRegular() || !ownedByMe(fi) || !fi.ModTime().Equal(t.ModTime) {
			continue
		}
		if rerr := os.Remove(t.Path); rerr != nil {
			if err == nil {
				err = rerr
			}
			continue
		}
		removed = append(removed, t)
	}
	return removed, err
}

// FileKind names what a file that is not a regular file is ("a folder",
// "a symbolic link", "a named pipe" …), for messages.
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file (" + m.Type().String() + ")"
}

package sidecar

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

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
	// OneName refuses (*RefusedError) a file with more than one name (hard
	// links), at the read and again just before the rename: the rename
	// would give only this name the new bytes, the others keeping the old
	// file unseen. embed.File sets it; a sidecar with a second name is
	// replaced, as before (its other name keeps the old sidecar).
	OneName bool
	// KeepGroup gives the new file the group of the one it replaces (a
	// desk's shared group); a file whose group captag cannot give the new
	// one is refused (*RefusedError). embed.File sets it.
	KeepGroup bool
	// Kind names the file in Update's errors: a sidecar ("sidecar: …", the
	// zero value) or an image being embedded into ("embed: …").
	Kind Kind
	// ReuseRead reads the file into a buffer an earlier Update with
	// ReuseRead read its file into, and gives the buffer back for a later
	// one when Update returns (files of up to MaxReused bytes): merge and
	// Verify must keep nothing of the bytes merge gets past the Update.
	// embed.File sets it (a camera JPEG's 5 MB read into memory the
	// process already has).
	ReuseRead bool

	// afterCheck, when set (by this package's tests), runs between the
	// check that the sidecar is unchanged and the swap that replaces it.
	afterCheck func(path string, round int)
	// fault, when set (by this package's tests), injects a failure into a
	// step of the write (see faultFunc).
	fault faultFunc
	// afterSwap, when set (by this package's tests), runs after a swap
	// took out a version captag did not read, before it is put back.
	afterSwap func(path string)
	// beforeOpen, when set (by this package's tests), runs in the read
	// between the check of what the file is and its open.
	beforeOpen func(path string)
}

// Kind is what Update replaces, for the wording of its errors.
type Kind int

const (
	KindSidecar Kind = iota // an XMP sidecar: errors start "sidecar:"
	KindImage               // an image captag embeds into: errors start "embed:"
)

// pkg is the word an error about a file of kind k starts with.
func (k Kind) pkg() string {
	if k == KindImage {
		return "embed"
	}
	return "sidecar"
}

// mark sets the Kind of the errors of this package that err is or wraps.
func (k Kind) mark(err error) error {
	if k == KindSidecar || err == nil {
		return err
	}
	var re *RefusedError
	if errors.As(err, &re) {
		re.Kind = k
	}
	var ce *ConflictError
	if errors.As(err, &ce) {
		ce.Kind = k
	}
	var we *WriteError
	if errors.As(err, &we) {
		we.Kind = k
	}
	return err
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
	Kind Kind // a sidecar or an image (UpdateOptions.Kind)
}

func (e *ConflictError) Error() string {
	lost := "captag's properties not written"
	if e.Kind == KindImage {
		lost = "the caption not embedded"
	}
	if e.Kept != "" {
		return fmt.Sprintf("%s: expected %s to stay as captag read it until the rename, found it changed by another program, and again, in that moment; the later version is in place, the earlier one kept as %s; %s",
			e.Kind.pkg(), e.Path, e.Kept, lost)
	}
	return fmt.Sprintf("%s: expected %s to stay as captag read it until the rename, found it changed by another program %d times; left as that program wrote it, %s",
		e.Kind.pkg(), e.Path, e.Merges, lost)
}

// RefusedError is a sidecar (or an image, by Kind) that captag leaves
// alone because of what it is, not because of what it says: a symbolic
// link, not a regular file, read-only or another user's, larger than
// captag reads, or (UpdateOptions.OneName) one of several names of a file.
type RefusedError struct {
	Path   string
	Reason string
	Kind   Kind // a sidecar or an image (UpdateOptions.Kind)
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s: %s is %s; left alone", e.Kind.pkg(), e.Path, e.Reason)
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
	data   []byte      // the bytes read (merge gets them and must not change them)
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
// the same folder and fsyncs it (holding a lock on it too, so that a
// later run can tell it from one a killed process left), and then takes a
// last look at the file at path: opened again without following a link
// or waiting on a named pipe, it must still be the one read — same inode,
// size, modification time and SHA-256 of its bytes, and the same mode,
// owner, group, number of names and inode change time (ctime: a chmod,
// chown, link or ACL since the read) — or still absent, before it
// replaces it. The checks that decide whether a replace is safe (a
// regular file, write permission, owned by the running user, one name
// with opt.OneName) are made again on that last look; a file that fails
// them now is left as it is (*RefusedError). The temporary file has the
// mode (and with opt.KeepGroup the group) the file had when read, which
// the last look found unchanged. Where the system can swap two files in
// one step (Linux renameat2 RENAME_EXCHANGE) the file swapped out is
// checked again (all but the ctime, which the swap itself changes) and
// swapped back if a change landed after the last look, so no version
// Update did not read is deleted and no protection set meanwhile is
// undone; elsewhere it is a rename, and a change in the moment between
// the last look and the rename can still be lost. A new sidecar is linked
// into place, which fails when a file appeared meanwhile. A change found
// so starts a new round from the changed file; after opt.Merges rounds
// Update gives up with a *ConflictError and the other program's file
// stays as it is.
//
// Update never replaces: a symbolic link, something not a regular file, a
// file owned by another user or without write permission, a file over
// opt.MaxSize, by default metadata.MaxSidecarSize, or with opt.OneName a
// file with several names (*RefusedError); a sidecar merge cannot parse
// (merge's error, returned as is). It never writes a file over that size,
// which captag could not read back. With opt.Verify, a temporary file it
// rejects is removed and the file left (*WriteError, Op "verify"). A
// failed write is a *WriteError and leaves the old file (or none), except
// one with Replaced set: the new file is in place, only the folder sync
// after the swap failed. When merge returns the bytes it got, nothing is
// written (Unchanged). The errors of this package it returns carry
// opt.Kind.
func Update(path string, merge func(old []byte) ([]byte, error), opt UpdateOptions) (Result, error) {
	res, err := updateRounds(path, merge, opt)
	return res, opt.Kind.mark(err)
}

// updateRounds is Update, its errors not yet marked with opt.Kind.
func updateRounds(path string, merge func(old []byte) ([]byte, error), opt UpdateOptions) (Result, error) {
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
	old, snap, f, err := readLocked(path, limit, opt)
	if err != nil {
		return Result{}, err
	}
	if f != nil {
		defer f.Close() // releases the lock
	}
	if opt.ReuseRead && snap.exists {
		defer Reuse(old) // nothing holds it once this round is over
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
	gid := -1
	if snap.exists {
		mode = snap.info.Mode().Perm()
		if opt.KeepGroup {
			gid = groupOf(snap.info)
		}
	}
	t, err := writeTemp(path, dir, base, data, mode, snap.exists, gid, opt.fault)
	if err != nil {
		return Result{}, err
	}
	defer t.f.Close() // releases the temporary file's lock, after the remove below
	tmp := t.name
	placed := false
	defer func() {
		if !placed {
			os.Remove(tmp)
		}
	}()
	if err := readyToPlace(path, t, snap, opt, round); err != nil {
		return Result{}, err
	}
	if snap.exists {
		placed, err = replaceRead(path, dir, base, t, snap, limit, opt, round)
	} else {
		placed, err = placeNew(path, tmp)
	}
	if err != nil {
		return Result{}, err
	}
	if err := syncDirFault(dir, opt.fault); err != nil {
		return Result{}, &WriteError{Path: path, Op: "sync folder", Err: err, Replaced: true}
	}
	return res, nil
}

// readyToPlace finishes the temporary file t before it replaces path: the
// old modification time kept when asked, the caller's verification, and
// a last look that t is still the file written.
func readyToPlace(path string, t *tempFile, snap snapshot, opt UpdateOptions, round int) error {
	tmp := t.name
	if opt.KeepModTime && snap.exists {
		mt := snap.info.ModTime()
		if err := os.Chtimes(tmp, mt, mt); err != nil {
			return &WriteError{Path: path, Op: "write", Err: err}
		}
	}
	if opt.Verify != nil {
		if err := opt.Verify(tmp); err != nil {
			return &WriteError{Path: path, Op: "verify", Err: err}
		}
	}
	if opt.BeforeReplace != nil {
		opt.BeforeReplace(path, round)
	}
	if err := opt.fault.at("rename"); err != nil {
		return &WriteError{Path: path, Op: "rename", Err: err}
	}
	// The temporary file must still be the one written (and verified).
	if now, err := os.Lstat(tmp); err != nil || !os.SameFile(now, t.info) {
		return &WriteError{Path: path, Op: "rename", Err: fmt.Errorf("expected the temporary file captag wrote at %s, found %s", tmp, describe(now, err))}
	}
	return nil
}

// replaceRead puts the temporary file t in place of the sidecar at path
// that was read (snap), after a last look that it is still that file;
// placed says t no longer needs removing.
func replaceRead(path, dir, base string, t *tempFile, snap snapshot, limit int64, opt UpdateOptions, round int) (placed bool, err error) {
	tmp := t.name
	if err := lastLook(path, snap, limit, opt.OneName); err != nil {
		return false, err
	}
	if opt.afterCheck != nil {
		opt.afterCheck(path, round)
	}
	switch err := exchange(tmp, path); {
	case err == nil:
		// The file that was at path is now at tmp, out of every other
		// program's way: if it is not the one read (a change landed
		// between the last look and the swap), swap it back.
		if !sameAsRead(tmp, snap, limit, false) {
			// putBack removes tmp or keeps what it holds: placed.
			if opt.afterSwap != nil {
				opt.afterSwap(path)
			}
			return true, putBack(path, dir, base, tmp, t.info, round)
		}
		os.Remove(tmp) // the version read, now replaced
	case errors.Is(err, errUnsupported):
		if err := os.Rename(tmp, path); err != nil {
			return false, &WriteError{Path: path, Op: "rename", Err: err}
		}
	default:
		return false, &WriteError{Path: path, Op: "rename", Err: err}
	}
	return true, nil
}

// placeNew puts the temporary file tmp at path, where no file was when it
// was read; placed says tmp no longer needs removing.
func placeNew(path, tmp string) (placed bool, err error) {
	// Link fails when a file appeared at path since the read: no
	// sidecar created meanwhile is ever replaced unseen.
	err = os.Link(tmp, path)
	switch {
	case errors.Is(err, fs.ErrExist):
		return false, errChanged
	case err != nil:
		// A file system without hard links: check, then rename.
		if _, lerr := os.Lstat(path); !errors.Is(lerr, fs.ErrNotExist) {
			return false, errChanged
		}
		if err := os.Rename(tmp, path); err != nil {
			return false, &WriteError{Path: path, Op: "rename", Err: err}
		}
	default:
		os.Remove(tmp)
	}
	return true, nil
}

// describe says what a Lstat found, for messages.
func describe(fi fs.FileInfo, err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "none"
	case err != nil:
		return err.Error()
	case !fi.Mode().IsRegular():
		return FileKind(fi.Mode())
	}
	return "another file"
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
// holds the lock (nil when there is no sidecar). The file is opened
// without following a link and without waiting on a named pipe, and what
// was opened is checked again from the open file, so that a link or a
// FIFO swapped in after the first check is refused, never waited on.
func readLocked(path string, limit int64, opt UpdateOptions) ([]byte, snapshot, *os.File, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, snapshot{}, nil, nil
	}
	if err != nil {
		return nil, snapshot{}, nil, &WriteError{Path: path, Op: "check", Err: err}
	}
	if r := refuseReplace(fi, limit, opt.OneName); r != "" {
		return nil, snapshot{}, nil, &RefusedError{Path: path, Reason: r}
	}
	if opt.beforeOpen != nil {
		opt.beforeOpen(path)
	}
	f, fst, err := openNoFollow(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, snapshot{}, nil, errLockLost
	case isLinkErr(err):
		return nil, snapshot{}, nil, &RefusedError{Path: path, Reason: reasonSymlink}
	case err != nil:
		return nil, snapshot{}, nil, &WriteError{Path: path, Op: "read", Err: err}
	}
	// Before waiting for a lock on it: is what was opened a file Update
	// may replace?
	if r := refuseReplace(fst, limit, opt.OneName); r != "" {
		f.Close()
		return nil, snapshot{}, nil, &RefusedError{Path: path, Reason: r}
	}
	lockFile(f)
	// With the lock held: is the file still the one at the path?
	if now, err := os.Lstat(path); err != nil || !os.SameFile(now, fst) {
		f.Close()
		return nil, snapshot{}, nil, errLockLost
	}
	var buf []byte
	if opt.ReuseRead {
		buf = ReusedBuffer(min(fst.Size(), limit) + 1)
	}
	b, err := readSizedInto(buf, f, fst.Size(), limit)
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
	// The snapshot's protections are the ones the last look compares.
	if r := refuseReplace(fst, limit, opt.OneName); r != "" {
		f.Close()
		return nil, snapshot{}, nil, &RefusedError{Path: path, Reason: r}
	}
	if b == nil {
		b = []byte{}
	}
	return b, snapshot{exists: true, info: fst, data: b}, f, nil
}

// openNoFollow opens path to read it, failing on a symbolic link and
// returning at once on a named pipe, and returns what the open file is.
func openNoFollow(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|oNonBlock|oNoFollow, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// refuseReplace returns why the file fi describes must be left alone, or
// "": refuseFile, and with oneName a file with more than one name.
func refuseReplace(fi fs.FileInfo, limit int64, oneName bool) string {
	if r := refuseFile(fi, limit); r != "" {
		return r
	}
	if n := linkCount(fi); oneName && n > 1 {
		return fmt.Sprintf("one of %d names (hard links) of one file; replacing it would leave the other names with the old bytes", n)
	}
	return ""
}

// reasonSymlink is why a symbolic link is left alone.
const reasonSymlink = "a symbolic link (writing through it could land in another folder)"

// refuseFile returns why the file fi describes must be left alone, or "".
func refuseFile(fi fs.FileInfo, limit int64) string {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return reasonSymlink
	case !fi.Mode().IsRegular():
		return "not a regular file but " + FileKind(fi.Mode())
	case fi.Size() > limit:
		return fmt.Sprintf("%d bytes, larger than the %d bytes captag reads", fi.Size(), limit)
	}
	return refuseOwner(fi)
}

// lastLook is the check just before the replace: the file at path, opened
// again (no link followed, no pipe waited on), must be the one snap
// describes — and then it must still be a file Update may replace, or it
// is refused as it is now (*RefusedError): a chmod, chown or new hard
// link since the read is never undone by the replace. Any other
// difference is errChanged, which starts a new round from what is there.
func lastLook(path string, snap snapshot, limit int64, oneName bool) error {
	f, fi, err := openNoFollow(path)
	if err != nil {
		return errChanged
	}
	defer f.Close()
	if now, err := os.Lstat(path); err != nil || !os.SameFile(now, fi) || !os.SameFile(fi, snap.info) {
		return errChanged
	}
	if r := refuseReplace(fi, limit, oneName); r != "" {
		return &RefusedError{Path: path, Reason: "now " + r} // it was not at the read
	}
	if !sameInfo(fi, snap.info, true) || !sameBytes(f, snap, limit) {
		return errChanged
	}
	return nil
}

// sameAsRead reports whether the file at path is still the one snap
// describes (sameInfo, with the ctime when withCtime) with the same
// bytes. A swap changes the ctime of the file it moves, so the check
// after one leaves it out.
func sameAsRead(path string, snap snapshot, limit int64, withCtime bool) bool {
	f, fi, err := openNoFollow(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if now, err := os.Lstat(path); err != nil || !os.SameFile(now, fi) {
		return false
	}
	return sameInfo(fi, snap.info, withCtime) && sameBytes(f, snap, limit)
}

// sameInfo reports whether a and b describe one file (inode) in one
// state: size, modification time, mode, owner, group, number of names,
// and with withCtime the inode change time.
func sameInfo(a, b fs.FileInfo, withCtime bool) bool {
	if !os.SameFile(a, b) || a.Size() != b.Size() || !a.ModTime().Equal(b.ModTime()) || a.Mode() != b.Mode() {
		return false
	}
	ga, gb := guardOf(a), guardOf(b)
	if !withCtime {
		ga, gb = ga.withoutCtime(), gb.withoutCtime()
	}
	return ga == gb
}

// sameBytes reports whether f (at its start) holds the bytes snap read,
// compared with them byte for byte (readback.go).
func sameBytes(f *os.File, snap snapshot, limit int64) bool {
	return int64(len(snap.data)) <= limit && sameAs(f, snap.data)
}

// ReadRegular reads the file at path, at most limit bytes, the way Update
// reads what it replaces: without following a symbolic link, without
// waiting on a named pipe, and only when the file opened is a regular
// file (embed.File reads its temporary file back so).
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, fi, err := openNoFollow(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("sidecar: expected a regular file at %s, found %s", path, FileKind(fi.Mode()))
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("sidecar: expected at most %d bytes in %s, found %d", limit, path, fi.Size())
	}
	b, err := readSized(f, fi.Size(), limit)
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("sidecar: expected at most %d bytes in %s, found more", limit, path)
	}
	return b, nil
}

// tempFile is a temporary file being written: open, and locked for as
// long as its writer lives, so that a later run can tell it from the
// leftover of a killed one (FindTemps).
type tempFile struct {
	f    *os.File
	name string
	info fs.FileInfo // what it is, to check that the name still holds it
}

// writeTemp writes data to a new temporary file beside path, with mode
// (kept exactly when keepMode, else narrowed by the umask) and, when gid
// is not -1, that group, fsynced, and returns it open and locked (the
// caller closes it once the file is renamed or removed). A group captag
// cannot give the file is a *RefusedError. fault may inject a failure
// into a step.
func writeTemp(path, dir, base string, data []byte, mode fs.FileMode, keepMode bool, gid int, fault faultFunc) (*tempFile, error) {
	if err := fault.at("create temp"); err != nil {
		return nil, &WriteError{Path: path, Op: "create temp", Err: err}
	}
	f, tmp, err := createTemp(dir, base, mode)
	if err != nil {
		return nil, &WriteError{Path: path, Op: "create temp", Err: err}
	}
	lockFile(f)
	fail := func(err error) (*tempFile, error) {
		os.Remove(tmp)
		f.Close()
		return nil, err
	}
	if gid >= 0 {
		fi, err := f.Stat()
		if err != nil {
			return fail(&WriteError{Path: path, Op: "create temp", Err: err})
		}
		if groupOf(fi) != gid {
			if err := f.Chown(-1, gid); err != nil {
				return fail(&RefusedError{Path: path, Reason: fmt.Sprintf("of group %d, which captag cannot give the new file (%v); replacing it would change its group", gid, err)})
			}
			keepMode = true // a chown may clear the set-group-ID bit
		}
	}
	if keepMode {
		// The umask may have narrowed the bits at creation.
		if err := f.Chmod(mode); err != nil {
			return fail(&WriteError{Path: path, Op: "write", Err: err})
		}
	}
	if err := fault.at("write"); err != nil {
		return fail(&WriteError{Path: path, Op: "write", Err: err})
	}
	if _, err := f.Write(data); err != nil {
		return fail(&WriteError{Path: path, Op: "write", Err: err})
	}
	if err := fault.at("sync"); err != nil {
		return fail(&WriteError{Path: path, Op: "sync", Err: err})
	}
	if err := f.Sync(); err != nil {
		return fail(&WriteError{Path: path, Op: "sync", Err: err})
	}
	fi, err := f.Stat()
	if err != nil {
		return fail(&WriteError{Path: path, Op: "write", Err: err})
	}
	return &tempFile{f: f, name: tmp, info: fi}, nil
}

// StaleTempAge is how old a temporary file must be before RemoveStaleTemps
// takes it for the leftover of a killed process where locks cannot tell
// (a platform or file system without flock): writing one file takes well
// under a second.
const StaleTempAge = time.Hour

// TempGrace is how old a temporary file that no process holds must be
// before RemoveStaleTemps removes it: a writer locks its temporary file a
// moment after creating it.
const TempGrace = 10 * time.Second

// TempState is what a lock probe says of a temporary file.
type TempState int

const (
	TempKilled  TempState = iota // no process holds it: its writer was killed
	TempLive                     // a running captag holds it: a write under way
	TempUnknown                  // locks cannot tell here: killed or running
)

// Temp is a temporary file captag made, found in a folder.
type Temp struct {
	Path    string
	ModTime time.Time
	// Of is the name of the file it is a temporary copy of ("IMG_1.xmp",
	// "photo.jpg"), read from its name (a name cut to maxTempStem bytes is
	// matched against the folder's files); "" when the name does not tell.
	Of string
	// Kind is what Of is, when Of is set: a sidecar (a name ending .xmp)
	// or an image being embedded into.
	Kind  Kind
	State TempState
}

// FindTemps lists the temporary files captag made in dir (IsTemp names,
// regular files, not links), in name order, each with what it is a copy
// of and whether a running captag holds it (a lock probe that never
// waits).
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
		t := Temp{Path: filepath.Join(dir, e.Name()), ModTime: fi.ModTime(), State: probeTemp(filepath.Join(dir, e.Name()))}
		t.Of = tempOf(e.Name(), ents)
		if !strings.EqualFold(filepath.Ext(t.Of), ".xmp") {
			t.Kind = KindImage
		}
		out = append(out, t)
	}
	return out, err
}

// tempOf is the name of the file the temporary file name is a copy of:
// its stem, or when the stem may have been cut, the one file among ents
// that has that stem; "" when that is not one file.
func tempOf(name string, ents []fs.DirEntry) string {
	stem := name[1 : len(name)-len(TempSuffix)-1-2*tempRandLen]
	if len(stem) <= maxTempStem-utf8.UTFMax {
		return stem // never cut
	}
	of := ""
	for _, e := range ents {
		n := e.Name()
		if n == stem {
			return stem
		}
		if strings.HasPrefix(n, stem) && !IsTemp(n) && !strings.HasSuffix(n, keptSuffix) && tempStem(n) == stem {
			if of != "" {
				return "" // two files it may be a copy of
			}
			of = n
		}
	}
	return of
}

// probeTemp says whether a running process holds the lock on the
// temporary file at path, taking it for a moment if it is free.
func probeTemp(path string) TempState {
	f, fi, err := openNoFollow(path)
	if err != nil {
		return TempUnknown
	}
	defer f.Close() // releases a lock taken
	if !fi.Mode().IsRegular() {
		return TempUnknown
	}
	switch tryLock(f) {
	case lockTaken:
		return TempKilled
	case lockHeld:
		return TempLive
	}
	return TempUnknown
}

// RemoveStaleTemps removes from dir the temporary files captag made that
// no running process holds (their writer was killed) and that belong to
// the running user, and returns those it removed. One no process holds
// is removed whatever its age once it is TempGrace old; where locks
// cannot tell, only one last modified before now-minAge (minAge is
// StaleTempAge unless a caller knows better). One a running captag holds
// is kept. A removal holds the file's lock while it removes; TempGrace
// covers the moment before a new writer holds its own.
func RemoveStaleTemps(dir string, now time.Time, minAge time.Duration) ([]Temp, error) {
	temps, err := FindTemps(dir)
	var removed []Temp
	for _, t := range temps {
		switch {
		case t.State == TempLive:
			continue
		case t.State == TempKilled && now.Sub(t.ModTime) < TempGrace:
			continue
		case t.State == TempUnknown && now.Sub(t.ModTime) < minAge:
			continue
		}
		ok, rerr := removeTemp(t)
		if rerr != nil && err == nil {
			err = rerr
		}
		if ok {
			removed = append(removed, t)
		}
	}
	return removed, err
}

// removeTemp removes the temporary file t if it is still the regular file
// of the running user FindTemps saw and, where locks tell, no process
// holds it; it holds the lock while it removes.
func removeTemp(t Temp) (bool, error) {
	f, fi, err := openNoFollow(t.Path)
	if err != nil {
		return false, nil
	}
	defer f.Close()
	now, err := os.Lstat(t.Path)
	if err != nil || !os.SameFile(now, fi) || !fi.Mode().IsRegular() || !ownedByMe(fi) || !fi.ModTime().Equal(t.ModTime) {
		return false, nil
	}
	if st := tryLock(f); st == lockHeld || st == lockUnknown && t.State != TempUnknown {
		return false, nil
	}
	if err := os.Remove(t.Path); err != nil {
		return false, err
	}
	return true, nil
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

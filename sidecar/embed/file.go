package embed

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/sidecar"
)

// MaxFileSize is the largest JPEG File embeds into (a wire picture is a
// few MB; a 100-megapixel camera JPEG under 64 MB).
const MaxFileSize = 256 << 20

// FileOptions tune File.
type FileOptions struct {
	Options
	// DryRun computes what would change (FileResult says per field) and
	// writes nothing.
	DryRun bool
	// KeepModTime keeps the file's modification time.
	KeepModTime bool
}

// FileResult is what File did: Outcome is sidecar.Unchanged or
// sidecar.Updated (with DryRun: what would be done), Result the fields
// changed and the warnings.
type FileResult struct {
	Outcome sidecar.Outcome
	Result
}

// File embeds rec into the JPEG at path, which is opened read-only until
// the new bytes are ready: they are written to a temporary file in the
// same folder, fsynced, checked (the scan read back from the temporary
// file has the SHA-256 of the original's), and renamed over path under
// sidecar.Update's rule — a file another program changed since it was
// read is not overwritten (the embedding is computed again from the
// changed file, or *sidecar.ConflictError). The file's permission bits
// are kept, its modification time with KeepModTime.
//
// A JPEG JPEG refuses is left byte for byte as it was, and File returns
// the *RefusedError with Path set. A *sidecar.WriteError with Replaced
// (the new file in place, only the folder sync failed) comes with the
// FileResult of the write (Outcome sidecar.Updated). A second run changes no byte and
// returns sidecar.Unchanged.
func File(path string, rec caption.Record, opt FileOptions) (FileResult, error) {
	var last Result
	var scanSum [sha256.Size]byte
	merge := func(old []byte) ([]byte, error) {
		last = Result{}
		if old == nil {
			return nil, &RefusedError{Path: path, Reason: "expected a JPEG file, found none"}
		}
		// A file with several names: the rename would give only this
		// name the caption, the others keeping the old file unseen.
		if fi, err := os.Lstat(path); err == nil && linkCount(fi) > 1 {
			return nil, &RefusedError{Path: path, Reason: fmt.Sprintf("expected a file with one name, found %d hard links to it; replacing it would leave the other names with the old bytes", linkCount(fi))}
		}
		img, err := metadata.Read(bytes.NewReader(old), int64(len(old)), path)
		if err != nil {
			return nil, &RefusedError{Path: path, Reason: fmt.Sprintf("expected a JPEG captag reads, found: %v", err)}
		}
		res, err := JPEG(old, rec, img, opt.Options)
		if err != nil {
			var re *RefusedError
			if errors.As(err, &re) {
				re.Path = path
			}
			return nil, err
		}
		last = res
		l, err := parseLayout(old) // JPEG parsed it already: no error
		if err != nil {
			return nil, err
		}
		scanSum = sha256.Sum256(old[l.scanStart:])
		return res.Data, nil
	}
	verifyTemp := func(tmp string) error {
		// The new file takes the group of the one it replaces (a
		// desk's shared group), or the original stays.
		fi, err := os.Lstat(path)
		if err != nil {
			return err
		}
		ti, err := os.Lstat(tmp)
		if err != nil {
			return err
		}
		if g := groupOf(fi); g >= 0 && g != groupOf(ti) {
			if err := os.Lchown(tmp, -1, g); err != nil {
				return &RefusedError{Path: path, Reason: fmt.Sprintf("expected to give the new file the group of the old one (gid %d), found: %v; replacing it would change its group", g, err)}
			}
			if err := os.Chmod(tmp, fi.Mode().Perm()); err != nil {
				return err
			}
		}
		b, err := os.ReadFile(tmp)
		if err != nil {
			return err
		}
		l, err := parseLayout(b)
		if err != nil || sha256.Sum256(b[l.scanStart:]) != scanSum {
			return ErrScanChanged
		}
		return nil
	}
	out, err := sidecar.Update(path, merge, sidecar.UpdateOptions{
		DryRun:      opt.DryRun,
		MaxSize:     MaxFileSize,
		Verify:      verifyTemp,
		KeepModTime: opt.KeepModTime,
	})
	var we *sidecar.WriteError
	if errors.As(err, &we) && we.Replaced {
		// The new file is in place; only the folder sync failed.
		return FileResult{Outcome: sidecar.Updated, Result: last}, err
	}
	if err != nil {
		return FileResult{}, err
	}
	return FileResult{Outcome: out.Outcome, Result: last}, nil
}

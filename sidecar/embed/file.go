package embed

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"

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

	// beforeReplace, when set (by this package's tests), is
	// sidecar.UpdateOptions' BeforeReplace: it runs once the temporary
	// file is written, before the last look and the rename.
	beforeReplace func(path string, round int)
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
// changed file, or *sidecar.ConflictError), and a file that became
// read-only, another user's or one of several names (a hard link) since
// the read is left as it is (*sidecar.RefusedError). The file's
// permission bits and group are kept, its modification time with
// KeepModTime.
//
// A JPEG JPEG refuses is left byte for byte as it was, and File returns
// the *RefusedError with Path set; a file Update refuses for what it is
// (a link, not a regular file, read-only, another user's, several names,
// a group captag cannot give the new file) is a *sidecar.RefusedError.
// The sidecar package's errors File returns name the file as an image
// (Kind sidecar.KindImage: "embed: …"). A *sidecar.WriteError with
// Replaced (the new file in place, only the folder sync failed) comes
// with the FileResult of the write (Outcome sidecar.Updated). A second
// run changes no byte and returns sidecar.Unchanged.
func File(path string, rec caption.Record, opt FileOptions) (FileResult, error) {
	var last Result
	var scanSum [sha256.Size]byte
	merge := func(old []byte) ([]byte, error) {
		last = Result{}
		if old == nil {
			return nil, &RefusedError{Path: path, Reason: "expected a JPEG file, found none"}
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
		b, err := sidecar.ReadRegular(tmp, MaxFileSize)
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
		DryRun:        opt.DryRun,
		MaxSize:       MaxFileSize,
		Verify:        verifyTemp,
		KeepModTime:   opt.KeepModTime,
		OneName:       true,
		KeepGroup:     true,
		Kind:          sidecar.KindImage,
		BeforeReplace: opt.beforeReplace,
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

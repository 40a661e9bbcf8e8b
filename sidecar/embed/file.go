package embed

import (
	"bytes"
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

// newSegmentsRoom is what a new file may have beyond the original's
// bytes: a new or grown XMP, APP13 and EXIF segment of at most 64 KiB
// each, and their markers (assemble grows a buffer that is short).
const newSegmentsRoom = 3 * (maxSegmentPayload + 4)

// FileResult is what File did: Outcome is sidecar.Unchanged or
// sidecar.Updated (with DryRun: what would be done), Result the fields
// changed and the warnings (its Data is nil: the new bytes are the
// file's).
type FileResult struct {
	Outcome sidecar.Outcome
	Result
}

// File embeds rec into the JPEG at path, which is opened read-only until
// the new bytes are ready: they are written to a temporary file in the
// same folder, fsynced, checked (the temporary file read back is, byte for
// byte, the new file that JPEG built and verified: its scan the
// original's), and renamed over path under
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
	// built is the new file as JPEG made it. JPEG's verify has compared
	// its scan (walked from its own layout) and every untouched segment
	// with the original's, byte for byte, so a temporary file equal to
	// built holds the original scan: one comparison of the bytes read
	// back proves what hashing the original's scan and the written one's
	// (SHA-256 twice, and a second walk of each layout) proved, and more
	// (the new segments too), at a fraction of the cost (issue 24).
	var built []byte
	// buf is the buffer the new file is built in, one an earlier file's
	// read or build used when there is one of the size (issue 24: 5 MB
	// built in memory the process has, not in fresh pages); nothing holds
	// it once File returns (the FileResult does not carry the new bytes).
	var buf []byte
	defer func() { sidecar.Reuse(buf) }()
	merge := func(old []byte) ([]byte, error) {
		last, built = Result{}, nil
		if old == nil {
			return nil, &RefusedError{Path: path, Reason: "expected a JPEG file, found none"}
		}
		img, ext, err := readImage(old, path)
		if err != nil {
			return nil, &RefusedError{Path: path, Reason: fmt.Sprintf("expected a JPEG captag reads, found: %v", err)}
		}
		if need := int64(len(old)) + newSegmentsRoom; int64(cap(buf)) < need {
			sidecar.Reuse(buf)
			if buf = sidecar.ReusedBuffer(need); buf == nil {
				buf = make([]byte, 0, need)
			}
		}
		res, err := embedJPEG(old, rec, img, ext, opt.Options, buf)
		if err != nil {
			var re *RefusedError
			if errors.As(err, &re) {
				re.Path = path
			}
			return nil, err
		}
		last, built = res, res.Data
		return res.Data, nil
	}
	verifyTemp := func(tmp string) error { return verifyWritten(tmp, built) }
	out, err := sidecar.Update(path, merge, sidecar.UpdateOptions{
		DryRun:        opt.DryRun,
		ReuseRead:     true,
		MaxSize:       MaxFileSize,
		Verify:        verifyTemp,
		KeepModTime:   opt.KeepModTime,
		OneName:       true,
		KeepGroup:     true,
		Kind:          sidecar.KindImage,
		BeforeReplace: opt.beforeReplace,
	})
	last.Data = nil // the read's or buf: given back for the next file
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

// readImage reads the stores of the JPEG b as metadata.Read does, and
// what that read finds of captag's properties in its ExtendedXMP, which
// extendedXMP then checks without parsing the packet again.
func readImage(b []byte, path string) (*metadata.Image, *metadata.ExtendedXMP, error) {
	return metadata.NewReader().ReadExtended(bytes.NewReader(b), int64(len(b)), path, metadata.ReadOptions{}, extendedProps)
}

// verifyWritten checks that the file at tmp, read back, is built byte for
// byte (ErrScanChanged if not, or if nothing was built), comparing it
// chunk by chunk rather than reading it whole.
func verifyWritten(tmp string, built []byte) error {
	same, err := sidecar.SameRegular(tmp, built)
	if err != nil {
		return err
	}
	if built == nil || !same {
		return ErrScanChanged
	}
	return nil
}

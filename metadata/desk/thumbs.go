package desk

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/sheet"
)

// Thumbs asks Check or Match for a thumbnail of each image, for a contact
// sheet (captag check --format html). The thumbnails are made in the
// job's worker pool right after each image's metadata is read again (or
// taken from the cache), each decode holding its cost from the job's
// metadata budget (the one the readers share), so that the workers never
// decode more than that budget at once: a 50-megapixel JPEG decodes alone
// rather than once per worker.
type Thumbs struct {
	// Options tune the thumbnails (size, quality, largest picture
	// decoded); their Budget is ignored: the job's is used.
	Options sheet.ThumbOptions
}

// thumb makes the thumbnail of the image at path, or says in a few words
// why there is none ("no preview: …"). The file is opened read-only.
func (j *Job) thumb(path string, t *Thumbs) thumbResult {
	o := t.Options
	o.Budget = j.sc.budget
	f, err := os.Open(path)
	if err != nil {
		return thumbResult{note: "no preview: the file could not be opened"}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return thumbResult{note: "no preview: not a regular file"}
	}
	b, err := sheet.Thumbnail(f, st.Size(), o)
	if err != nil {
		var te *sheet.ThumbError
		if errors.As(err, &te) {
			return thumbResult{note: "no preview: " + te.Reason}
		}
		return thumbResult{note: "no preview"}
	}
	return capThumb(b)
}

// thumbsOf makes the thumbnails of the images idx (indexes into j.keys) in
// the worker pool; the result maps an image index to its thumbnail and
// note. Used for the images that no other pass reads again: the unmatched
// ones (check), every one (match).
func (j *Job) thumbsOf(ctx context.Context, idx []int, t *Thumbs) map[int]thumbResult {
	out := make(map[int]thumbResult, len(idx))
	forEachOrdered(ctx, len(idx), j.opts.Workers, func(_ *metadata.Reader, k int) thumbResult {
		return j.thumb(j.keys[idx[k]].Path, t)
	}, func(k int, r thumbResult) {
		out[idx[k]] = r
	})
	return out
}

// thumbResult is one image's thumbnail, or why there is none.
type thumbResult struct {
	thumb []byte
	note  string
}

// maxThumbBytes is what one thumbnail may keep in a report; a larger one
// (a picture of noise at the highest quality) is dropped with a note, so
// that a report of N images holds at most N times this.
const maxThumbBytes = 64 << 10

func capThumb(b []byte) thumbResult {
	if len(b) > maxThumbBytes {
		return thumbResult{note: fmt.Sprintf("no preview: thumbnail of %d bytes, more than %d", len(b), maxThumbBytes)}
	}
	return thumbResult{thumb: b}
}

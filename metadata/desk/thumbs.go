package desk

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/sheet"
)

// Thumbs asks Check or Match (kept with the report), or CheckReport.Each
// and MatchReport.EachPair (made as a page is written, see Previews), for
// a thumbnail of each image, for a contact sheet (captag check --format
// html). The thumbnails are made in the
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

// Previews asks CheckReport.Each, MatchReport.EachPair and
// MatchReport.EachUnmatchedImage for what a contact sheet shows of an
// image beyond its findings. Each image's are made when the renderer
// comes near it and dropped once it has been written, rather than kept
// for the whole report: so the sheet of a folder of any size holds the
// thumbnails of a bounded window of images, as check holds only the
// findings.
type Previews struct {
	// Stores fills Result.Stores of each paired image (CheckReport.Each
	// only), from the image read again (a header read) or the one the job
	// kept.
	Stores bool
	// Thumbs, when set, fills Thumb or ThumbNote.
	Thumbs *Thumbs
}

// eachPreview runs get(rd, i) for i = 0…n-1 in the job's worker pool and
// calls fn with each result that get keeps, in order, on the calling
// goroutine, at most reorderWindow(workers) of them (a few per worker)
// being made or waiting at once. fn returns false to stop: no further
// image is started and eachPreview returns nil. A cancelled ctx stops it
// likewise, and then its error is returned. If fn panics, the pool is
// stopped before the panic goes on.
func eachPreview[T any](ctx context.Context, j *Job, n int, get func(rd *metadata.Reader, i int) (T, bool), fn func(T) bool) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type item struct {
		v  T
		ok bool
	}
	stopped := false
	forEachOrdered(ctx, n, j.opts.Workers, func(rd *metadata.Reader, i int) item {
		v, ok := get(rd, i)
		return item{v, ok}
	}, func(i int, it item) {
		j.progress(Progress{Phase: PhaseSheet, Done: i + 1, Total: n})
		if stopped || !it.ok {
			return
		}
		if !fn(it.v) {
			stopped = true
			cancel()
		}
	})
	if stopped {
		return nil
	}
	return ctx.Err()
}

// Each calls fn with the results in path order (as Result(i)) for which
// want returns true (every one when want is nil), with their Stores,
// Thumb and ThumbNote filled as o asks: each image read again and its
// thumbnail made in the job's worker pool (each decode holding the job's
// metadata budget) a bounded window ahead of fn, and dropped once fn
// returns unless fn keeps it. fn returns false to stop early. Each
// returns ctx's error when it is cancelled before the end.
//
// A report from Check with KeepStores or Thumbs has them already; Each
// is for one made without, so that they are never all held at once.
func (r *CheckReport) Each(ctx context.Context, o Previews, want func(*Result) bool, fn func(Result) bool) error {
	if r.n == 0 {
		return ctx.Err()
	}
	return eachPreview(ctx, r.job, r.n, func(rd *metadata.Reader, i int) (Result, bool) {
		res := r.result(i)
		if want != nil && !want(&res) {
			return Result{}, false
		}
		r.fill(rd, i, &res, o)
		return res, true
	}, fn)
}

// EachPair calls fn with Pairs in order, each with its Thumb or ThumbNote
// when o.Thumbs is set (made as CheckReport.Each makes them).
func (m *MatchReport) EachPair(ctx context.Context, o Previews, fn func(MatchPair) bool) error {
	if len(m.Pairs) == 0 {
		return ctx.Err()
	}
	return eachPreview(ctx, m.job, len(m.Pairs), func(_ *metadata.Reader, i int) (MatchPair, bool) {
		p := m.Pairs[i]
		if o.Thumbs != nil {
			t := m.job.thumb(p.Image, o.Thumbs)
			p.Thumb, p.ThumbNote = t.thumb, t.note
		}
		return p, true
	}, fn)
}

// EachUnmatchedImage calls fn with UnmatchedImages in order, each with its
// Thumb or ThumbNote when o.Thumbs is set.
func (m *MatchReport) EachUnmatchedImage(ctx context.Context, o Previews, fn func(UnmatchedImage) bool) error {
	if len(m.UnmatchedImages) == 0 {
		return ctx.Err()
	}
	return eachPreview(ctx, m.job, len(m.UnmatchedImages), func(_ *metadata.Reader, i int) (UnmatchedImage, bool) {
		u := m.UnmatchedImages[i]
		switch {
		case o.Thumbs == nil:
		case u.unreadable:
			u.ThumbNote = unreadableNote
		default:
			t := m.job.thumb(u.Image, o.Thumbs)
			u.Thumb, u.ThumbNote = t.thumb, t.note
		}
		return u, true
	}, fn)
}

// unreadableNote is the thumbnail note of a file that could not be read.
const unreadableNote = "no preview: the file could not be read"

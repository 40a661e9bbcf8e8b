package desk

import (
	"unsafe"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
)

// A check compares each image as the first pass reads it, with the
// caption whose text the image carries (check.CaptionIndex), and keeps
// the findings instead of the image: when the plan pairs the two by text,
// as it does nearly every wire picture, the comparison pass takes those
// findings and does not read the image again. On a folder too large for
// the image cache (a hundred thousand pictures: none fits) every image
// was read twice, and the second read was the one cost per file that grew
// with the folder: 67 of 411 µs of CPU per file at 100,000 fixture files,
// against none at 2,000, where the images are kept. Findings of an image
// that has some are charged to the cache budget; a clean image's cost is
// the 4 bytes of its slot.
//
// The result is the comparison pass's own: the same check.Compare of the
// same record and image by the same method, before check.Readings (which
// reads the pair) is applied as the pass applies it. A guess the plan
// does not confirm (another record, another method, a record the match
// gave a year since) is dropped, and that image read again.
type precompare struct {
	opts  CheckOptions
	index check.CaptionIndex
	// rec[i] is the record + 1 that image i (keys' order) was compared
	// with, 0 when it was not; fs[i] its findings, for the images that
	// have some.
	rec []int32
	fs  map[int32][]check.Finding
}

// newPrecompare returns the precomparison of a check with opts, or nil
// when the check needs more of each image than its findings (its stores,
// a thumbnail) or the interner knows no captions.
func newPrecompare(opts CheckOptions, in *check.KeyInterner, nfiles int) *precompare {
	if opts.KeepStores || opts.Thumbs != nil {
		return nil
	}
	return &precompare{opts: opts, index: in.CaptionIndex(), rec: make([]int32, 0, nfiles), fs: map[int32][]check.Finding{}}
}

// compare compares img, whose key is k, with the record of recs whose
// text it carries; ok is false when there is none, or when the image's
// sidecar is captag's own (the pass then adds a finding that names the
// pair). It runs in the first pass's workers: it reads recs and nothing
// the emitter writes.
func (pc *precompare) compare(j *Job, img *metadata.Image, k *check.Key) (rec int, fs []check.Finding, ok bool) {
	rec, ok = pc.index.Of(k)
	if !ok || img.Sidecar.Written() {
		return 0, nil, false
	}
	view, left := pc.opts.Ships.shipped(img)
	fs = check.Compare(j.record(rec), view, check.ByText, pc.opts.Options)
	return rec, notShipped(fs, img.Path, left), true
}

// add notes the precomparison of the next image the first pass keeps
// (rec1 its record + 1, 0 for none) while its findings fit in budget, and
// returns what is left of the budget.
func (pc *precompare) add(rec1 int32, fs []check.Finding, budget int) int {
	if rec1 != 0 && len(fs) > 0 {
		if n := findingsBytes(fs); n <= budget {
			budget -= n
			pc.fs[int32(len(pc.rec))] = fs
		} else {
			rec1 = 0
		}
	}
	pc.rec = append(pc.rec, rec1)
	return budget
}

// drop forgets image i's precomparison (its record changed after it).
func (pc *precompare) drop(i int) {
	if pc != nil && i < len(pc.rec) {
		pc.rec[i] = 0
		delete(pc.fs, int32(i))
	}
}

// take returns the comparison of pair p made in the first pass, if it was
// made with p's record by p's method. The comparison pass's workers call
// it at once: it only reads.
func (pc *precompare) take(p check.Pair) ([]check.Finding, bool) {
	if pc == nil || p.By != check.ByText || p.Image >= len(pc.rec) || pc.rec[p.Image] != int32(p.Record)+1 {
		return nil, false
	}
	return pc.fs[int32(p.Image)], true
}

// findingsBytes estimates the heap findings hold.
func findingsBytes(fs []check.Finding) int {
	n := 0
	for _, f := range fs {
		n += int(unsafe.Sizeof(f)) + len(f.Want) + len(f.Got) + len(f.Message)
		for _, v := range f.Values {
			n += int(unsafe.Sizeof(v)) + len(v.Property) + len(v.Got)
		}
	}
	return n
}

package desk

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"

	"github.com/captag/captag/metadata"
)

// Inspect reads every file under opts.Roots (Recursive, Follow, Workers
// and Progress as for Open; the captions are not used) with the sidecar
// beside each image as one more store. each runs on a worker for every
// file, read or not, and may turn it into what the caller keeps (an
// encoded report: the image is dropped as soon as each returns); emit
// gets the results in path order on the calling goroutine. A root or
// folder that could not be listed comes in its place among the files, as
// a File with the error of listing it. Inspect returns how many results were
// emitted: all of them, unless ctx was cancelled (then its error).
func Inspect[R any](ctx context.Context, opts Options, each func(File) R, emit func(i int, r R)) (int, error) {
	if opts.Workers < 0 {
		return 0, errors.New("desk: expected a positive number of workers")
	}
	if opts.Workers == 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	j := &Job{opts: opts}
	sc := &scanner{follow: opts.Follow, recursive: opts.Recursive, sidecars: true, budget: metadata.NewBudget(metadataBudget),
		found: func(n int) { j.progress(Progress{Phase: PhaseList, Total: n}) }}
	files, walkErrs := sc.walk(ctx, opts.Roots)
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	type item struct {
		job     fileJob
		walkErr error
	}
	items := make([]item, 0, len(files)+len(walkErrs))
	for _, f := range files {
		items = append(items, item{job: f})
	}
	for _, we := range walkErrs {
		items = append(items, item{job: fileJob{path: we.Path, explicit: true}, walkErr: we.Err})
	}
	sort.SliceStable(items, func(a, b int) bool { return items[a].job.path < items[b].job.path })
	j.progress(Progress{Phase: PhaseRead, Total: len(items)})
	n := forEachOrdered(ctx, len(items), opts.Workers, func(rd *metadata.Reader, i int) R {
		it := items[i]
		f := File{Path: it.job.path, Explicit: true, Err: it.walkErr}
		if f.Err == nil {
			s := sc.read(rd, it.job)
			f = File{Path: s.path, Explicit: s.explicit, Image: s.img, Err: s.err}
		}
		return each(f)
	}, func(i int, r R) {
		j.progress(Progress{Phase: PhaseRead, Done: i + 1, Total: len(items)})
		emit(i, r)
	})
	return n, ctx.Err()
}

// fileReport is one file in `captag inspect --format json`: each
// store apart.
type fileReport struct {
	SourceFile string          `json:"SourceFile"` // Path, under exiftool's key
	Path       string          `json:"path"`
	Format     string          `json:"format"`
	EXIF       *metadata.Store `json:"exif,omitempty"`
	IPTC       *metadata.Store `json:"iptc,omitempty"`
	XMP        *metadata.Store `json:"xmp,omitempty"`
	Sidecar    *metadata.Store `json:"sidecar,omitempty"`
	// Tags are the stores' values by exiftool -G1 name (StoreTags), as
	// exiftool -j -G1 keys them.
	Tags     map[string]any `json:"tags,omitempty"`
	Warnings []string       `json:"warnings"`
	Error    string         `json:"error,omitempty"`

	PathBytes []byte `json:"path_bytes,omitempty"` // the path's bytes (base64) when they are not UTF-8 (rawName)
}

// JSON returns f as captag inspect --format json prints it (each store
// apart; repeated warnings said once, CollapseRepeats): a value to encode
// with encoding/json.
func (f File) JSON() any { return fileReportOf(f) }

func fileReportOf(f File) fileReport {
	j := fileReport{SourceFile: f.Path, Path: f.Path, PathBytes: rawName(f.Path), Warnings: []string{}}
	if f.Err != nil {
		j.Error = f.Err.Error()
		if ue, ok := f.Err.(*metadata.UnsupportedError); ok {
			j.Format = ue.Format
		}
		return j
	}
	im := f.Image
	j.Format = im.Format
	j.EXIF, j.IPTC, j.XMP, j.Sidecar = im.EXIF, im.IPTC, im.XMP, im.Sidecar
	j.Tags = tagsJSON(im)
	for _, w := range im.Warnings {
		j.Warnings = append(j.Warnings, w.Message)
	}
	j.Warnings = CollapseRepeats(j.Warnings)
	return j
}

// CollapseRepeats says each message of msgs once, in the order first met:
// a message repeated n more times ends in " (… and n more like it)", so
// that a crafted file with 4,096 identical warnings gives one line.
func CollapseRepeats(msgs []string) []string {
	count := make(map[string]int, len(msgs))
	for _, m := range msgs {
		count[m]++
	}
	if len(count) == len(msgs) {
		return msgs
	}
	out := make([]string, 0, len(count))
	for _, m := range msgs {
		switch n := count[m]; {
		case n == 0:
			continue // said already
		case n > 1:
			out = append(out, fmt.Sprintf("%s (… and %s more like it)", m, thousands(n-1)))
		default:
			out = append(out, m)
		}
		count[m] = 0
	}
	return out
}

// thousands writes n with a comma between groups of three digits: 4,094.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

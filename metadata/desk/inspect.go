package desk

import (
	"context"
	"errors"
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

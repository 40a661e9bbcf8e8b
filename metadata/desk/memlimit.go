package desk

import (
	"runtime/debug"
	"runtime/metrics"
)

// A job holds the caption records (about 470 bytes each in its
// caption.Store: the caption text and a fixed 92-byte record, no pointer),
// one check.Key per image (about 170 bytes with its path) and, up to the cache budget (Options.CacheBytes), images kept
// from the first pass; everything else per image is dropped as soon as it
// is used. With Go's default GOGC=100 the heap grows to twice what is live
// before the collector runs, which on a folder of 100,000 images (about
// 100 MB live, nearly all of it caption records) makes a peak RSS of
// about 225 MB.
//
// A soft memory limit (debug.SetMemoryLimit) keeps the heap near what is
// live when, and only when, that matters: the limit is a headroom above
// the live heap, never below memLimitFloor, so that runs whose heap stays
// under the floor (the day's take, a few thousand or tens of thousands of
// images) collect exactly as before, and the larger ones collect more
// often in proportion to their size instead of thrashing against a fixed
// cap. Measured with captag-bench's tiny-JPEG folder of 100,000 images on
// the shared 2-core machine (check --format json): without the limit
// 222-231 MB peak RSS and 5.9-6.3 s of CPU, with it 142-150 MB and
// 8.4-9.8 s; folders under about 60,000 images do not reach the floor and
// run as without it. Lowering GOGC instead (50, 25) cost more time at
// every size and still peaked at 195 and 228 MB, since the caption parse
// and the match make short-lived peaks of their own.
//
// The floor was then lowered from 128 MiB to 96 MiB, once caption.Parse
// shared repeated strings and stopped growing one huge slice: at 100,000
// images the peak went from 140-144 MiB (one run 147 MiB) to a steady
// 136 MiB (wall time 5.3-5.8 s → 6.0-6.5 s), and a 20,000-image folder of
// full wire JPEGs from 132 MB to 99 MB at the same speed (1.1-1.2 s).
//
// It went back to 128 MiB once a job kept its captions in a caption.Store
// (half the bytes, none of them pointers): at 100,000 images the live heap
// is about 80-98 MB, and under a 96 MiB floor the collector ran every 8 MB
// allocated, 111 times on the tiny JPEGs. At 128 MiB, check --format json
// (user + sys, two runs each in turn): 100,000 tiny JPEGs 10.4 and 9.8 s
// → 9.1 and 9.1 s at 114-116 → 131-136 MB peak RSS, 100,000 fixture
// files 14.7 and 15.3 s → 12.4 and 12.0 s at 121 → 134-136 MB (-j 1 and
// -j 8: 133 MB).
const (
	memLimitFloor   = 128 << 20 // bytes
	memLimitPercent = 125       // the limit as a percentage of the live heap, above the floor
)

// tuneEvery is how often (in files) the passes over the images call
// Options.Tune, so that the limit follows the heap as the keys accumulate
// in the first pass and as the match's peak is collected in the next.
const tuneEvery = 1024

// MemoryLimit is the soft memory limit for a live heap of live bytes:
// memLimitPercent of it, never below memLimitFloor. Being a fixed share of
// the live heap, the collector is never pinned against it: on a large
// heap it acts as GOGC=35 would.
func MemoryLimit(live int64) int64 { return max(memLimitFloor, live/100*memLimitPercent) }

// TuneMemoryLimit sets the process's soft memory limit
// (debug.SetMemoryLimit) to MemoryLimit of the heap live at the last
// collection. It is a process-wide setting, which desk never makes of
// its own accord: a caller that owns the process passes it as
// Options.Tune (cmd/captag does, unless GOMEMLIMIT or GOGC is set in its
// environment), and calls it once before it loads a large caption file.
func TuneMemoryLimit() {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	debug.SetMemoryLimit(MemoryLimit(int64(s[0].Value.Uint64())))
}

// tune calls Options.Tune, when set: as the listing starts, every
// tuneEvery files of each pass over the images (passProgress) and after
// the match.
func (j *Job) tune() {
	if j.opts.Tune != nil {
		j.opts.Tune()
	}
}

// passProgress says that done of total files of a pass over the images
// (phase) are done: Options.Tune every tuneEvery files, from the first,
// and Progress. The comparison and write passes tune as the first does:
// tuned only after the match, the limit stayed at what the match's peak
// allowed (on 100,000 tiny JPEGs, a heap goal of 152 MB for 116 MB live,
// 184 MB peak RSS) for the whole comparison.
func (j *Job) passProgress(phase Phase, done, total int) {
	if done%tuneEvery == 0 {
		j.tune()
	}
	j.progress(Progress{Phase: phase, Done: done, Total: total})
}

package desk

import (
	"unsafe"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// DefaultCacheBytes bounds what a job holds for its whole run besides the
// image keys: the caption records plus the images kept from the first
// pass. check and write compare or merge each matched image; an image
// kept from the first pass is used as it is, any other is read again
// (job.reread). Reading again costs a second parse of the header, about
// half of check's time on a day's take, so the images are kept while they
// fit: on a few thousand images all of them, on tens of thousands some,
// on a hundred thousand none (the records alone fill the envelope there),
// and the peak memory stays bounded whatever the folder.
//
// The envelope is a third of the soft memory limit's floor
// (memLimitFloor, memlimit.go), so that a heap of what the envelope holds
// and the keys, at the collector's default goal of twice what is live,
// stays under the floor with room for the runtime's own memory: the limit
// then never binds while the records fit. At 64 MiB (more than half the
// floor) it did: on 20,000 wire JPEGs the cache filled the heap to 75 MB
// live under a goal pinned at 76-82 MB, and check ran 57-105 collections,
// a third of its CPU, for images that cost less to read again.
//
// Options.CacheBytes sets another envelope.
const DefaultCacheBytes = memLimitFloor / 3 // bytes

// mergeBudget is the memory that the workers of a write share for merging
// into existing sidecars, apart from the reading budget (metadataBudget):
// each merge holds metadata.XMPCostBound of the sidecar's size while it
// runs. An ordinary sidecar of a few kilobytes holds a few megabytes, so
// a dozen or more merge at once; a crafted one of 16 MB (a quarter of a
// million keywords) merges alone. Without it, write -j 16 on 16 such
// sidecars peaked at 2 GB.
const mergeBudget = 96 << 20 // bytes

// maxKeptImage is the largest image (by Image.HeapSize) that the first pass
// hands on to be kept; a larger one is dropped in the worker and read again
// when it is used. Ordinary images take 1-3 KB; one whose stores are full
// of long values (a crafted file, see metadata's Store limits) could
// otherwise sit in the reorder window of every worker at once.
const maxKeptImage = 64 << 10 // bytes

// keyBytes is what one image costs a job when its image is not kept: its
// check.Key, its path and its slots in the job's slices.
const keyBytes = 200

// imageCacheBudget is how many bytes of images a job may keep within
// envelope after its records and the keys of nfiles images are counted.
func imageCacheBudget(envelope int, recs *caption.Store, nfiles int) int {
	return max(0, envelope-nfiles*keyBytes-recs.HeapSize()-recs.Len()*int(unsafe.Sizeof(runRecord{})))
}

// image returns image i of the job for comparing or merging: the one kept
// from the first pass (then dropped from the job, since each image is
// used once), or else the file read again. Workers call it for distinct
// images at the same time.
func (j *Job) image(rd *metadata.Reader, i int) (*metadata.Image, error) {
	if i < len(j.kept) {
		if img := j.kept[i]; img != nil {
			j.kept[i] = nil
			return img, nil
		}
	}
	return j.reread(rd, i)
}

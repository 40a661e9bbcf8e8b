package metadata

import (
	"sync"

	"github.com/captag/captag/metadata/xmp"
)

// Budget is memory that the Readers of one run share: the metadata bytes
// they read beyond the first block of a file and the XMP nodes they parse
// are charged to it, so that the run's peak stays bounded by the budget
// and not by the number of Readers at work. Each Reader already bounds one
// file (maxMetadataBytes, xmp.MaxNodes); a run of N workers over N crafted
// files would otherwise peak at N times that.
//
// A read charges as it goes and never waits while it holds a charge. When
// a charge does not fit, the read gives back all it holds and reads the
// file again: after waiting (holding nothing) until what it had charged
// plus the charge refused fits, reserved for it at once — again with the
// larger need if the file needs more still, up to maxReservedTries times;
// a file that needs more than the whole budget, or still more after
// those, is read alone, once no other read holds anything, its charges
// then always granted. Reads that start while one waits wait at their start, holding
// nothing. So no two reads wait on each other, and the peak is the budget
// or the dearest single file, whichever is larger. Ordinary files (a few
// kilobytes of metadata) charge little and never wait.
//
// A Budget is safe for concurrent use. The zero Budget is not: use
// NewBudget.
type Budget struct {
	mu      sync.Mutex
	cond    sync.Cond
	limit   int64
	used    int64
	waiting int  // reads waiting to read a file again
	alone   bool // a read is running alone
	peak    int64
	alones  int // reads that ran alone, for tests
}

// NewBudget returns a budget of limit bytes (at least 1).
func NewBudget(limit int64) *Budget {
	b := &Budget{limit: max(limit, 1)}
	b.cond.L = &b.mu
	return b
}

// Peak returns the most bytes charged at once so far.
func (b *Budget) Peak() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.peak
}

// lease is what one read holds of a Budget. A nil lease charges nothing.
type lease struct {
	b       *Budget
	held    int64 // taken from the budget, prepaid included
	prepaid int64 // reserved by beginReserved and not yet charged
	want    int64 // after a refused charge: held plus that charge
	alone   bool
}

// do runs read, which charges l and reports whether a charge did not fit,
// until it fits: as it is, then with what it is known to need reserved,
// then alone (see Budget). A nil Budget runs read once with a nil lease.
func (b *Budget) do(read func(l *lease) (over bool)) {
	l := b.begin()
	over := read(l)
	l.end()
	if !over {
		return
	}
	// Each refused try reserves what the file is now known to need (what
	// it held plus the charge refused, more each time): a file the budget
	// can hold gets room for it after a few tries at most, without
	// stopping the other reads.
	for try := 0; try < maxReservedTries && l.want <= b.limit; try++ {
		l = b.beginReserved(l.want)
		over = read(l)
		l.end()
		if !over {
			return
		}
	}
	l = b.beginAlone()
	read(l)
	l.end()
}

// maxReservedTries caps the reads of one file with a growing reservation
// before it reads alone.
const maxReservedTries = 8

// Hold takes n bytes of the budget for work whose cost the caller
// estimates itself (merging into an existing sidecar, say), waiting,
// holding nothing, until they fit; n beyond the whole budget waits until
// nothing else is held and then runs alone. The caller must hold nothing
// else of b while it waits. release gives the bytes back. A nil Budget
// holds nothing.
func (b *Budget) Hold(n int64) (release func()) {
	if b == nil || n <= 0 {
		return func() {}
	}
	var l *lease
	if n > b.limit {
		l = b.beginAlone()
		l.charge(n)
	} else {
		l = b.beginReserved(n)
	}
	return l.end
}

// XMPCostBound is at most what reading an XMP packet of size bytes into a
// whole tree, changing it and writing it out again allocates, without
// looking at its bytes: a few copies of the text, and a node for every
// four bytes (the shortest element, "<a/>"), up to xmp.MaxNodes.
func XMPCostBound(size int64) int64 {
	if size <= 0 {
		return 0
	}
	nodes := min(size/4+1, xmp.MaxNodes+1)
	return 4*size + nodes*xmpTreeNodeCost
}

// xmpTreeNodeCost bounds what one node costs when a packet is read as a
// whole tree (every element kept, not only the properties a Store reads)
// and written out again.
const xmpTreeNodeCost = 1024

// beginReserved starts a read again with want bytes reserved for it,
// waiting (holding nothing) until they fit.
func (b *Budget) beginReserved(want int64) *lease {
	b.mu.Lock()
	b.waiting++
	for b.alone || b.used+want > b.limit {
		b.cond.Wait()
	}
	b.waiting--
	b.used += want
	b.peak = max(b.peak, b.used)
	b.mu.Unlock()
	return &lease{b: b, held: want, prepaid: want}
}

// begin starts a read that shares the budget, waiting (holding nothing)
// while another read runs alone or waits to.
func (b *Budget) begin() *lease {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	for b.alone || b.waiting > 0 {
		b.cond.Wait()
	}
	b.mu.Unlock()
	return &lease{b: b}
}

// beginAlone starts a read that runs alone: it waits (holding nothing)
// until no other read holds anything.
func (b *Budget) beginAlone() *lease {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	b.waiting++
	for b.alone || b.used > 0 {
		b.cond.Wait()
	}
	b.waiting--
	b.alone = true
	b.alones++
	b.mu.Unlock()
	return &lease{b: b, alone: true}
}

// charge takes n more bytes for the read. It reports false, taking
// nothing, when they do not fit beside what the other reads hold; a read
// running alone is always granted.
func (l *lease) charge(n int64) bool {
	if l == nil || n <= 0 {
		return true
	}
	if l.prepaid >= n {
		l.prepaid -= n
		return true
	}
	n -= l.prepaid
	l.prepaid = 0
	b := l.b
	b.mu.Lock()
	defer b.mu.Unlock()
	// While a read runs alone, no other is granted anything: one that
	// began before it holds nothing yet or waits for it to end.
	if !l.alone && (b.alone || b.used+n > b.limit) {
		l.want = l.held + n
		return false
	}
	b.used += n
	l.held += n
	b.peak = max(b.peak, b.used)
	return true
}

// end gives back all the read holds.
func (l *lease) end() {
	if l == nil {
		return
	}
	b := l.b
	b.mu.Lock()
	b.used -= l.held
	l.held = 0
	if l.alone {
		b.alone = false
		l.alone = false
	}
	b.mu.Unlock()
	b.cond.Broadcast()
}

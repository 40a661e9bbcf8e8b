package metadata

import "sync"

// Budget is memory that the Readers of one run share: the metadata bytes
// they read beyond the first block of a file and the XMP nodes they parse
// are charged to it, so that the run's peak stays bounded by the budget
// and not by the number of Readers at work. Each Reader already bounds one
// file (maxMetadataBytes, xmp.MaxNodes); a run of N workers over N crafted
// files would otherwise peak at N times that.
//
// A read charges as it goes and never waits while it holds a charge: when
// a charge does not fit, the read gives back all it holds, waits until no
// other read holds anything and reads the file again alone, its charges
// then always granted. Reads that start while one waits to run alone wait
// at their start, holding nothing. So no two reads wait on each other, and
// the peak is the budget or the dearest single file, whichever is larger.
// Ordinary files (a few kilobytes of metadata) charge little and never
// wait.
//
// A Budget is safe for concurrent use. The zero Budget is not: use
// NewBudget.
type Budget struct {
	mu      sync.Mutex
	cond    sync.Cond
	limit   int64
	used    int64
	waiting int  // reads waiting to run alone
	alone   bool // a read is running alone
	// Peak is the most charged at once, for tests and reports.
	peak int64
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
	b     *Budget
	held  int64
	alone bool
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
	b := l.b
	b.mu.Lock()
	defer b.mu.Unlock()
	if !l.alone && b.used+n > b.limit {
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

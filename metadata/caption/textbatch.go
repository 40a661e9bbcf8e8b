package caption

import (
	"runtime"

	"github.com/captag/captag/metadata/names"
)

// This file is the text format's file-level driver past the split into
// paragraphs: the paragraphs are parsed in batches on every core while the
// file is still being read, and the records are kept in the file's order.
// parseText reads nothing but its arguments, so a record does not depend on
// which goroutine parsed it or when.

// textBatchSize is how many paragraphs one goroutine parses at a time.
const textBatchSize = 256

// textItem is one paragraph waiting for its record: either rec is final
// (a paragraph too long, binary data) or text (after its file name line)
// is to be parsed.
type textItem struct {
	rec   Record
	final bool
	text  string
	file  string
	start int
}

// textBatches collects the paragraphs of a text file and parses them in
// batches, at most workers batches at a time, adding their records to recs
// in the file's order.
type textBatches struct {
	year    int
	al      *names.Aliases
	recs    *recordList
	batch   []textItem
	pending []chan []Record // the batches in flight, oldest first
	workers int
	size    int // paragraphs per batch
}

func newTextBatches(p *parser, recs *recordList) *textBatches {
	size := p.textBatch
	if size <= 0 {
		size = textBatchSize
	}
	return &textBatches{year: p.year, al: p.al, recs: recs, workers: max(1, runtime.GOMAXPROCS(0)), size: size}
}

// add queues one paragraph.
func (b *textBatches) add(it textItem) {
	b.batch = append(b.batch, it)
	if len(b.batch) >= b.size {
		b.launch()
	}
}

// launch parses the batch in a goroutine of its own, after waiting for the
// oldest batch in flight when workers are.
func (b *textBatches) launch() {
	items := b.batch
	b.batch = make([]textItem, 0, min(b.size, textBatchSize))
	if len(b.pending) >= b.workers {
		b.collect()
	}
	res := make(chan []Record, 1)
	b.pending = append(b.pending, res)
	go func() { res <- parseItems(items, b.year, b.al) }()
}

// collect adds the records of the oldest batch in flight.
func (b *textBatches) collect() {
	for _, r := range <-b.pending[0] {
		b.recs.add(r)
	}
	b.pending[0] = nil
	b.pending = b.pending[1:]
}

// finish parses what is left and adds every record still in flight.
func (b *textBatches) finish() {
	if len(b.pending) == 0 {
		for _, r := range parseItems(b.batch, b.year, b.al) {
			b.recs.add(r)
		}
		b.batch = b.batch[:0]
		return
	}
	if len(b.batch) > 0 {
		b.launch()
	}
	for len(b.pending) > 0 {
		b.collect()
	}
}

// parseItems returns the records of a batch of paragraphs.
func parseItems(items []textItem, year int, al *names.Aliases) []Record {
	out := make([]Record, len(items))
	memo := newCreditMemo()
	for i, it := range items {
		if it.final {
			out[i] = it.rec
			continue
		}
		r := parseTextMemo(it.text, year, al, memo)
		r.Line, r.File = it.start, it.file
		if r.Text == "" {
			r.fail(ProblemNoText, "expected caption text, found only a file name")
		}
		out[i] = r
	}
	return out
}

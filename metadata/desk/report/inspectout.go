package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/captag/captag/metadata/desk"
)

// InspectReport writes the report of Inspect as the files come, in path
// order: in text a block per file (fileText) and a summary line; in
// JSON an array of desk.File.JSON, the layout writeJSONArray gives, well formed
// even when the run is cut short; in CSV a row per file (inspectCSV),
// written at the end, since the columns are the names some file has. Encode runs in Inspect's workers, Add on
// the calling goroutine, End once after Inspect:
//
//	r, _ := NewInspectReport(w, o)
//	Inspect(ctx, opts, r.Encode, r.Add)
//	err := r.End(ctx.Err() != nil)
type InspectReport struct {
	b      *bufio.Writer
	json   bool
	csv    bool
	rows   []*inspectCSVRow // the CSV's, written by End
	text   TextOptions
	n      int // files added
	counts [3]int
	failed bool
	err    error // the first encoding error
}

// InspectedFile is one file's report, encoded by the worker that read it.
type InspectedFile struct {
	b      []byte
	row    *inspectCSVRow
	kind   int  // inspectRead, inspectUnsupported, inspectFailed
	failed bool // counts against the exit status (InspectReport.Failed)
	err    error
}

const (
	inspectRead = iota
	inspectUnsupported
	inspectFailed
)

// NewInspectReport starts the inspect report in o.Format ("" is text) on
// w, the text through SafeWriter; nothing is written before the first
// file.
func NewInspectReport(w io.Writer, o Options) (*InspectReport, error) {
	f := formatOf((*InspectReport)(nil), o)
	if f == "" {
		return nil, fmt.Errorf("report: inspect format: expected one of text, json, csv, found %q", o.Format)
	}
	if f == FormatText || f == FormatCSV {
		w = SafeWriter(w)
	}
	return &InspectReport{b: bufio.NewWriter(w), json: f == FormatJSON, csv: f == FormatCSV, text: o.Text}, nil
}

// Encode makes f's report; the image can be dropped once it returns.
func (r *InspectReport) Encode(f desk.File) InspectedFile {
	out := InspectedFile{failed: f.Err != nil && (f.Explicit || !f.Unsupported())}
	switch {
	case f.Err == nil:
		out.kind = inspectRead
	case f.Unsupported():
		out.kind = inspectUnsupported
	default:
		out.kind = inspectFailed
	}
	switch {
	case r.csv:
		out.row = inspectRow(f)
	case r.json:
		out.b, out.err = json.MarshalIndent(f.JSON(), "  ", "  ")
	default:
		var tb bytes.Buffer
		fileText(&tb, f, r.text)
		out.b = tb.Bytes()
	}
	return out
}

// Add writes the i-th file's report.
func (r *InspectReport) Add(i int, f InspectedFile) {
	r.n++
	r.counts[f.kind]++
	r.failed = r.failed || f.failed
	if f.err != nil && r.err == nil {
		r.err = f.err
	}
	if r.csv {
		r.rows = append(r.rows, f.row)
		return
	}
	if r.json {
		if i == 0 {
			r.b.WriteString("[\n")
		} else {
			r.b.WriteString(",\n")
		}
		r.b.WriteString("  ")
	}
	r.b.Write(f.b)
}

// Failed reports whether some file could not be read: malformed,
// unreadable, or named in Options.Roots and of a type captag does not
// read (a file of such a type found in a folder does not count).
func (r *InspectReport) Failed() bool { return r.failed }

// End finishes the report: the JSON array's end, or the text summary
// line ("10 files: 9 read, 1 unsupported, 0 could not be read"). After an
// interrupt (interrupted) the array of the files done so far is closed
// and no summary is written; the error is then the caller's to ignore.
func (r *InspectReport) End(interrupted bool) error {
	if r.json && r.n == 0 && !interrupted {
		r.b.WriteString("[]")
	}
	if r.json && r.n > 0 {
		r.b.WriteString("\n]")
	}
	switch {
	case r.csv:
		if err := inspectCSV(r.b, r.rows); err != nil && r.err == nil {
			r.err = err
		}
	case interrupted:
		if r.json && r.n > 0 {
			r.b.WriteByte('\n')
		}
		return r.b.Flush()
	case r.json:
		r.b.WriteByte('\n')
	default:
		fmt.Fprintf(r.b, "%s: %d read, %d unsupported, %d could not be read\n", Plural(r.n, "file"),
			r.counts[inspectRead], r.counts[inspectUnsupported], r.counts[inspectFailed])
	}
	err := r.b.Flush()
	if r.err != nil {
		err = r.err
	}
	return err
}

// Outcome: OutcomeProblems when a file could not be read (Failed).
func (r *InspectReport) Outcome() desk.Outcome {
	if r.Failed() {
		return desk.OutcomeProblems
	}
	return desk.OutcomeClean
}

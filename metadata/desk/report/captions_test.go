package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/desk"
)

import ()

// TestCaptionsReport: the records of every file in one JSON array, or the
// text through SafeWriter; a record with an error-level problem is a
// problem of the run; EncodingDoubt says when the encoding was guessed.
func TestCaptionsReport(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	res, err := desk.LoadCaptions(ctx, desk.CaptionSource{Path: sampleCaptions})
	if err != nil {
		t.Fatal(err)
	}
	rep := &CaptionsReport{Files: []CaptionFile{{Name: "a.txt", Records: res.Records}, {Name: "b.txt", Records: res.Records[:1]}}}
	var b bytes.Buffer
	if err := Render(ctx, &b, rep, Options{Format: FormatJSON}); err != nil {
		t.Fatal(err)
	}
	var recs []struct {
		Line int    `json:"line"`
		Date string `json:"date"`
	}
	if err := json.Unmarshal(b.Bytes(), &recs); err != nil || len(recs) != len(res.Records)+1 || recs[0].Date != res.Records[0].DateString() {
		t.Errorf("json: %d records, %v; want %d", len(recs), err, len(res.Records)+1)
	}
	if got := rep.Outcome(); got != desk.OutcomeClean {
		t.Errorf("sample: %v, want clean", got)
	}
	if guessed, lost := encodingDoubt(res); guessed || lost {
		t.Errorf("sample: encoding guessed %v, lost %v; want neither", guessed, lost)
	}

	hostile := "ALEPPO, SYRIA - DECEMBER 19: A girl \x1b]0;pwned\x07 on December 19, 2016. ( Aref Watad - Anadolu Agency )\n"
	bad, _ := desk.LoadCaptions(ctx, desk.CaptionSource{Reader: strings.NewReader("caf\xe9 " + hostile), Name: "c.txt"})
	rep = &CaptionsReport{Files: []CaptionFile{{Name: "c.txt", Records: bad.Records}}}
	b.Reset()
	if err := Render(ctx, &b, rep, Options{}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(b.String(), "\x07\x1b") {
		t.Errorf("text report lets a control through: %q", b.String())
	}
	if guessed, _ := encodingDoubt(bad); !guessed {
		t.Errorf("Windows-1252 text: notes %q, want the encoding guessed", bad.Notes)
	}
	if err := Render(ctx, &b, rep, Options{Format: FormatJUnit}); err == nil {
		t.Error("junit: no error, want one")
	}
}

// TestReportInputs: a caption file is an input by its path, standard
// input only when it is a regular file; a ReportFile without a path
// writes to Out.
func TestReportInputs(t *testing.T) {
	t.Parallel()
	if in := CaptionInputs(desk.CaptionSource{Path: "c.txt"}); len(in) != 1 || in[0].Path != "c.txt" {
		t.Errorf("path: %+v", in)
	}
	if in := CaptionInputs(desk.CaptionSource{Reader: strings.NewReader("")}); len(in) != 0 {
		t.Errorf("a pipe: %+v, want none", in)
	}
	f, err := os.Open(sampleCaptions)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in := CaptionInputs(desk.CaptionSource{Reader: f, Name: "stdin"})
	if len(in) != 1 || in[0].Info == nil {
		t.Fatalf("a regular file on stdin: %+v", in)
	}
	if err := (&Output{Path: sampleCaptions, Inputs: in}).Check(); err == nil {
		t.Error("a report over the captions read from stdin: no error")
	}

	var b bytes.Buffer
	rf := &Output{Out: &b}
	w, err := rf.Start(nil)
	if err != nil || rf.Check() != nil {
		t.Fatal(err)
	}
	w.Write([]byte("report\n"))
	if err := rf.Close(true); err != nil || b.String() != "report\n" {
		t.Errorf("to Out: %q, %v", b.String(), err)
	}
	if left, _ := filepath.Glob(".*.tmp"); len(left) > 0 {
		t.Errorf("left %v", left)
	}
}

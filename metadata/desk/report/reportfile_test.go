package report

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestReportFile: a report file replaces its path only when complete, and
// never when that path is an input of the run; the error names no option.
func TestReportFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "captions.txt")
	if err := os.WriteFile(in, []byte("caption\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var pe *PathError
	err := (&Output{Path: in, Inputs: []Input{{What: "the caption file", Path: in}}}).Check()
	if !errors.As(err, &pe) || pe.Path != in || err.Error() != "expected a report file, found the caption file; captag never writes a report over a file it reads" {
		t.Errorf("over an input: %v", err)
	}

	out := filepath.Join(dir, "report.txt")
	for _, ok := range []bool{false, true} {
		rf := &Output{Path: out}
		w, err := rf.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("report\n"))
		if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("ok %v: the report is in place before Close: %v", ok, err)
		}
		if err := rf.Close(ok); err != nil {
			t.Fatal(err)
		}
		if err := rf.Close(true); err != nil {
			t.Errorf("second Close: %v", err)
		}
		b, err := os.ReadFile(out)
		if ok != (err == nil) || ok && string(b) != "report\n" {
			t.Errorf("ok %v: %q, %v", ok, b, err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
			t.Errorf("ok %v: left %v", ok, left)
		}
		os.Remove(out)
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/sidecar"
)

// testEnv is an env with captured streams, a fixed environment and
// streams that are terminals or not as the test says.
func testEnv(stdoutTTY, stderrTTY bool, vars map[string]string) (*env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	e := &env{
		stdin:  strings.NewReader(""),
		stdout: &out,
		stderr: &errb,
		getenv: func(k string) string { return vars[k] },
		isTerminal: func(w io.Writer) bool {
			return (w == io.Writer(&out) && stdoutTTY) || (w == io.Writer(&errb) && stderrTTY)
		},
	}
	return e, &out, &errb
}

// copySample copies the sample images (testdata/aleppo) into a new folder.
func copySample(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "aleppo")
	if err := copyTree(filepath.Join("..", "..", "testdata", "aleppo"), dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

var sampleCaptions = filepath.Join("..", "..", "testdata", "aleppo-2016-captions.txt")

// TestWriteInterrupted cancels the context (as Ctrl-C does) after the
// first sidecar: the run stops before starting another, reports what it
// did, exits 130, and leaves no temporary file and no torn sidecar.
func TestWriteInterrupted(t *testing.T) {
	t.Parallel() // the interrupt is the env's progressed, not package state
	dir := copySample(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := 0
	e, out, errb := testEnv(false, false, nil)
	e.progressed = func(p desk.Progress) {
		if p.Phase == desk.PhaseWrite && p.Done > 0 { // a sidecar task is done
			done++
			cancel()
		}
	}
	code := runEnv(ctx, e, []string{"write", "--captions", sampleCaptions, "--caption-order", "newest-first", "-j", "1", dir})
	if code != exitInterrupted {
		t.Fatalf("exit code %d, want %d; stderr:\n%s", code, exitInterrupted, errb)
	}
	if done != 1 {
		t.Errorf("%d sidecars were started after the interrupt, want 1 in all", done)
	}
	if !strings.Contains(errb.String(), "captag: error: interrupted") {
		t.Errorf("stderr %q does not say the run was interrupted", errb)
	}
	if !strings.Contains(out.String(), "14 sidecars: 1 created, ") || !strings.Contains(out.String(), "interrupted, 13 not started") {
		t.Errorf("the report does not say what was done:\n%s", out)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var sidecars []string
	for _, ent := range ents {
		name := ent.Name()
		if sidecar.IsTemp(name) || strings.HasSuffix(name, sidecar.TempSuffix) {
			t.Errorf("temporary file %s left behind", name)
		}
		if strings.HasSuffix(name, ".xmp") {
			sidecars = append(sidecars, name)
		}
	}
	if len(sidecars) != 1 {
		t.Fatalf("sidecars %v after the interrupt, want exactly one", sidecars)
	}
	f, err := os.Open(filepath.Join(dir, sidecars[0]))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _, err := metadata.ReadSidecar(f)
	if err != nil || st == nil || len(st.Creators) == 0 {
		t.Errorf("the sidecar written before the interrupt does not read back whole: store %+v, err %v", st, err)
	}
}

// TestInterruptedBeforeStart: a context cancelled before the run starts
// writes nothing and exits 130, for every command that reads images.
func TestInterruptedBeforeStart(t *testing.T) {
	for _, args := range [][]string{
		{"write", "--captions", sampleCaptions},
		{"check", "--captions", sampleCaptions},
		{"match", "--captions", sampleCaptions},
		{"inspect"},
	} {
		t.Run(args[0], func(t *testing.T) {
			dir := copySample(t)
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			e, _, errb := testEnv(false, false, nil)
			if code := runEnv(ctx, e, append(args, dir)); code != exitInterrupted {
				t.Fatalf("exit code %d, want %d; stderr:\n%s", code, exitInterrupted, errb)
			}
			matches, _ := filepath.Glob(filepath.Join(dir, "*.xmp"))
			if len(matches) > 0 {
				t.Errorf("sidecars written after the interrupt: %v", matches)
			}
		})
	}
}

// TestProgressOnlyOnTerminal: the progress line goes to stderr only when
// stderr is a terminal and neither --no-progress nor --quiet is given;
// stdout never carries it.
func TestProgressOnlyOnTerminal(t *testing.T) {
	dir := copySample(t)
	for _, tc := range []struct {
		name      string
		stderrTTY bool
		flags     []string
		want      bool
	}{
		{"terminal", true, nil, true},
		{"redirected", false, nil, false},
		{"no-progress", true, []string{"--no-progress"}, false},
		{"quiet", true, []string{"-q"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, out, errb := testEnv(false, tc.stderrTTY, nil)
			args := append([]string{"inspect"}, tc.flags...)
			if code := runEnv(context.Background(), e, append(args, dir)); code != exitOK {
				t.Fatalf("exit code %d, want 0; stderr:\n%s", code, errb)
			}
			got := strings.Contains(errb.String(), "\r\x1b[K")
			if got != tc.want {
				t.Errorf("progress control sequence on stderr: %v, want %v (stderr %q)", got, tc.want, errb)
			}
			if strings.Contains(out.String(), "\x1b[") {
				t.Errorf("stdout carries terminal control sequences: %q", out)
			}
		})
	}
}

// TestColourOnlyOnTerminal: the check report is coloured only when stdout
// is a terminal and NO_COLOR is unset.
func TestColourOnlyOnTerminal(t *testing.T) {
	dir := copySample(t)
	for _, tc := range []struct {
		name      string
		stdoutTTY bool
		vars      map[string]string
		want      bool
	}{
		{"terminal", true, nil, true},
		{"redirected", false, nil, false},
		{"NO_COLOR", true, map[string]string{"NO_COLOR": "1"}, false},
		{"dumb terminal", true, map[string]string{"TERM": "dumb"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, out, _ := testEnv(tc.stdoutTTY, false, tc.vars)
			if code := runEnv(context.Background(), e, []string{"check", "-c", sampleCaptions, dir}); code != exitProblems {
				t.Fatalf("exit code %d, want 1 (the sample has three wrong images)", code)
			}
			if got := strings.Contains(out.String(), "\x1b[31m"); got != tc.want {
				t.Errorf("red in the report: %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSuggestCommand(t *testing.T) {
	for _, tc := range []struct{ typed, want string }{
		{"chek", "check"},
		{"cheque", ""},
		{"wirte", "write"},
		{"insp", "inspect"},
		{"caption", "captions"},
		{"frobnicate", ""},
	} {
		if got := suggestCommand(tc.typed); got != tc.want {
			t.Errorf("suggestCommand(%q) = %q, want %q", tc.typed, got, tc.want)
		}
	}
}

// TestHelpShowsPlainBooleans: pflag v1.1.0 renders booleans as
// "--flag[=true|false]"; captag's help shows "--flag" as people type it,
// for every command.
func TestHelpShowsPlainBooleans(t *testing.T) {
	for _, c := range commands() {
		e, out, _ := testEnv(false, false, nil)
		if code := runEnv(context.Background(), e, []string{"help", c.name}); code != exitOK {
			t.Fatalf("help %s: exit %d", c.name, code)
		}
		h := out.String()
		if strings.Contains(h, "[=true|false]") {
			t.Errorf("help %s shows pflag's boolean form:\n%s", c.name, h)
		}
		for _, section := range []string{"Usage: captag " + c.name, "\nOptions:\n", "\nExamples:\n", "\nEXIT STATUS\n"} {
			if !strings.Contains(h, section) {
				t.Errorf("help %s lacks %q", c.name, section)
			}
		}
	}
}

// TestJUnitReportParses: the JUnit report is well-formed XML that a CI
// dashboard can read: one testcase per sample image, the three wrong ones
// failed with their first finding as the message.
func TestJUnitReportParses(t *testing.T) {
	dir := copySample(t)
	e, out, errb := testEnv(false, false, nil)
	if code := runEnv(context.Background(), e, []string{"check", "-c", sampleCaptions, "--format", "junit", dir}); code != exitProblems {
		t.Fatalf("exit code %d, want 1; stderr:\n%s", code, errb)
	}
	// What a dashboard reads of it.
	var doc struct {
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Type string `xml:"type,attr"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("the JUnit report is not XML: %v\n%s", err, out)
	}
	if len(doc.Suites) != 1 || len(doc.Suites[0].Cases) != 16 {
		t.Fatalf("got %d suites and %d testcases, want 1 suite of 16", len(doc.Suites), len(doc.Suites[0].Cases))
	}
	var failed []string
	for _, c := range doc.Suites[0].Cases {
		if c.Failure != nil {
			failed = append(failed, filepath.Base(c.Name)+" "+c.Failure.Type)
		}
	}
	want := []string{"aleppo-01.jpg date", "aleppo-12.jpg creator", "aleppo-16.jpg credit"}
	if strings.Join(failed, ", ") != strings.Join(want, ", ") || doc.Failures != 3 {
		t.Errorf("failed testcases %v (failures=%d), want %v", failed, doc.Failures, want)
	}
}

package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func ms(v ...int) []time.Duration {
	out := make([]time.Duration, len(v))
	for i, x := range v {
		out[i] = time.Duration(x) * time.Millisecond
	}
	return out
}

func TestMedianAndMinimum(t *testing.T) {
	tests := []struct {
		name     string
		in       []time.Duration
		med, min time.Duration
	}{
		{"empty", nil, 0, 0},
		{"one", ms(7), 7 * time.Millisecond, 7 * time.Millisecond},
		{"odd count, unsorted", ms(9, 1, 5), 5 * time.Millisecond, time.Millisecond},
		{"even count takes the mean of the middle two", ms(4, 1, 10, 2), 3 * time.Millisecond, time.Millisecond},
		{"outlier does not move the median", ms(100, 101, 5000, 99, 102), 101 * time.Millisecond, 99 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := slices.Clone(tt.in)
			if got := median(tt.in); got != tt.med {
				t.Errorf("median = %v, want %v", got, tt.med)
			}
			if got := minimum(tt.in); got != tt.min {
				t.Errorf("minimum = %v, want %v", got, tt.min)
			}
			if !slices.Equal(before, tt.in) {
				t.Errorf("median reordered its input: %v, was %v", tt.in, before)
			}
		})
	}
}

// sampleResults is one set as the bench measures it: 2000 files.
func sampleResults() []*result {
	return []*result{
		{Tool: toolFloor, Label: "floor", Files: 2000, Times: ms(100, 110, 90), PeakRSSKiB: 8 * 1024},
		{Tool: toolCheck, Label: "captag check", Files: 2000, Times: ms(250, 240, 260), PeakRSSKiB: 30 * 1024},
		{Tool: toolWrite, Label: "captag write", Files: 2000, Times: ms(400, 420, 380), PeakRSSKiB: 35 * 1024},
		{Tool: toolExiv2, Label: "exiv2 read", Files: 2000, Times: ms(500, 520, 480), PeakRSSKiB: 9 * 1024},
		{Tool: toolExiftoolRead, Label: "exiftool read", Files: 2000, Times: ms(10000, 10100, 9900), PeakRSSKiB: 20 * 1024},
		{Tool: toolExiftoolWrite, Label: "exiftool write", Files: 2000, Times: ms(9000, 9100, 8900), PeakRSSKiB: 44 * 1024},
		{Tool: toolInspect, Label: "captag inspect", Files: 2000, Skipped: "failed: exit status 2"},
	}
}

func TestRowsRatios(t *testing.T) {
	rs := rows(sampleResults())
	byLabel := map[string]row{}
	for _, r := range rs {
		byLabel[r.Label] = r
	}
	check := byLabel["captag check"]
	if check.Median != 250*time.Millisecond || check.Min != 240*time.Millisecond {
		t.Errorf("check median/min = %v/%v, want 250ms/240ms", check.Median, check.Min)
	}
	if math.Abs(check.VsExiv2-0.5) > 1e-9 {
		t.Errorf("check vs exiv2 = %v, want 0.5", check.VsExiv2)
	}
	if math.Abs(check.VsFloor-2.5) > 1e-9 {
		t.Errorf("check vs floor = %v, want 2.5", check.VsFloor)
	}
	if inspect := byLabel["captag inspect"]; inspect.Skipped == "" || inspect.Rounds != 0 {
		t.Errorf("a skipped tool got times: %+v", inspect)
	}
	// Without an exiv2 row the ratio is unknown, not 0 or infinite.
	noExiv2 := rows([]*result{{Tool: toolCheck, Label: "c", Files: 1, Times: ms(1)}})
	if !math.IsNaN(noExiv2[0].VsExiv2) || !math.IsNaN(noExiv2[0].VsFloor) {
		t.Errorf("ratios without references = %v, %v, want NaN", noExiv2[0].VsExiv2, noExiv2[0].VsFloor)
	}
}

func TestFormatTableGolden(t *testing.T) {
	got := formatTable(rows(sampleResults()))
	golden := filepath.Join("testdata", "table.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("reading the golden table (run go test -update): %v", err)
	}
	if got != string(want) {
		t.Errorf("table differs from %s (run go test -update if the change is meant):\n%s\nwant:\n%s", golden, got, want)
	}
	// Every line has the same width, so the Markdown lines up in a terminal.
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	for _, l := range lines {
		if displayWidth(l) != displayWidth(lines[0]) {
			t.Errorf("line %q is %d wide, header is %d", l, displayWidth(l), displayWidth(lines[0]))
		}
	}
}

func TestEvaluateTargets(t *testing.T) {
	verdicts := func(ts []target) map[string]string {
		m := map[string]string{}
		for _, x := range ts {
			m[x.Name] = x.Verdict
		}
		return m
	}
	slow := sampleResults()
	slow[1].Times = ms(700, 700, 700) // check: 1.4× exiv2, 14× faster than exiftool, 7× the floor
	slow[2].Times = ms(600, 600, 600) // write: 10× faster than exiftool
	noTools := []*result{
		{Tool: toolFloor, Label: "floor", Files: 10, Times: ms(1)},
		{Tool: toolCheck, Label: "captag check", Files: 10, Times: ms(2)},
		{Tool: toolExiv2, Label: "exiv2", Files: 10, Skipped: "exiv2 is not on PATH"},
	}
	const (
		le    = "captag check ≤ exiv2 read [fixture set]"
		x20   = "captag check ≥ 20× faster than exiftool read [fixture set]"
		floor = "captag check within 3× of the floor [fixture set]"
		write = "captag write ≥ 20× faster than exiftool write [fixture set]"
	)
	tests := []struct {
		name string
		rs   []*result
		want map[string]string
	}{
		{"all met", sampleResults(), map[string]string{le: verdictPass, x20: verdictPass, floor: verdictPass, write: verdictPass}},
		{"all missed", slow, map[string]string{le: verdictFail, x20: verdictFail, floor: verdictFail, write: verdictFail}},
		{"missing tools are skipped", noTools, map[string]string{le: verdictSkip, x20: verdictSkip, floor: verdictPass}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := verdicts(evaluate([]string{"fixture"}, map[string][]*result{"fixture": tt.rs}, nil))
			for name, v := range tt.want {
				if got[name] != v {
					t.Errorf("%s: %s, want %s", name, got[name], v)
				}
			}
			if _, ok := got[write]; ok && tt.want[write] == "" {
				t.Errorf("write target judged without write or exiftool write measured: %v", got[write])
			}
		})
	}
}

func TestEvaluateMem(t *testing.T) {
	pts := func(kib ...int64) *memResult {
		m := &memResult{}
		for i, k := range kib {
			m.Points = append(m.Points, memPoint{Images: 25000 << i, PeakRSSKiB: k})
		}
		return m
	}
	tests := []struct {
		name         string
		mem          *memResult
		peak, growth string
	}{
		{"not asked", nil, verdictSkip, ""},
		{"flat and small", pts(20000, 21000, 23000), verdictPass, verdictPass},
		{"linear", pts(30000, 55000, 105000), verdictPass, verdictPass},
		{"linear with a GC step", pts(20000, 27000, 60000), verdictPass, verdictPass},
		{"over the cap", pts(60000, 110000, 210000), verdictFail, verdictPass},
		{"quadratic", pts(10000, 40000, 140000), verdictPass, verdictFail},
		{"failed run", &memResult{Skipped: "captag check failed"}, verdictSkip, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := evaluateMem(tt.mem)
			if ts[0].Verdict != tt.peak {
				t.Errorf("peak: %s, want %s", ts[0], tt.peak)
			}
			if tt.growth == "" {
				if len(ts) > 1 {
					t.Errorf("growth judged without points: %s", ts[1])
				}
				return
			}
			if len(ts) < 2 || ts[1].Verdict != tt.growth {
				t.Errorf("growth: %v, want %s", ts, tt.growth)
			}
		})
	}
}

func TestChunksRespectTheBudget(t *testing.T) {
	var names []string
	for i := range 1000 {
		names = append(names, fmt.Sprintf("AA%07d.jpg", i))
	}
	const budget = 4096
	cs := chunks(names, budget)
	var all []string
	for _, c := range cs {
		size := 0
		for _, n := range c {
			size += len(n) + 1 + 8
		}
		if size > budget {
			t.Errorf("a chunk of %d names takes %d bytes, over the budget %d", len(c), size, budget)
		}
		all = append(all, c...)
	}
	if !slices.Equal(all, names) {
		t.Errorf("chunks lost or reordered names: %d in, %d out", len(names), len(all))
	}
	if len(cs) < 2 {
		t.Errorf("expected several chunks, got %d", len(cs))
	}
	if got := chunks(nil, budget); len(got) != 0 {
		t.Errorf("chunks(nil) = %v, want none", got)
	}
}

// paragraphs splits a caption file into its non-empty paragraphs.
func paragraphs(b []byte) []string {
	var out []string
	for _, p := range strings.Split(string(b), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func TestBuildFixtureCorpus(t *testing.T) {
	for _, tiny := range []bool{false, true} {
		t.Run(fmt.Sprintf("tiny=%v", tiny), func(t *testing.T) {
			const n = 60
			dir := t.TempDir()
			c, err := buildFixtureCorpus(filepath.Join(dir, "img"), filepath.Join(dir, "captions.txt"), n, tiny)
			if err != nil {
				t.Fatal(err)
			}
			entries, err := os.ReadDir(c.Dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != n || len(c.Files) != n {
				t.Fatalf("folder holds %d files, corpus lists %d, want %d", len(entries), len(c.Files), n)
			}
			for _, e := range entries {
				b, err := os.ReadFile(filepath.Join(c.Dir, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				s := jpegSegments(b)
				if s.EXIF == 0 || s.IRB == 0 {
					t.Errorf("%s: expected EXIF and IPTC segments, found %+v", e.Name(), s)
				}
				if tiny != (s.XMP == 0) {
					t.Errorf("%s (tiny=%v): XMP segment bytes %d", e.Name(), tiny, s.XMP)
				}
			}
			text, err := os.ReadFile(c.Captions)
			if err != nil {
				t.Fatal(err)
			}
			ps := paragraphs(text)
			if len(ps) != n {
				t.Errorf("caption file has %d paragraphs, want one per image (%d)", len(ps), n)
			}
			if !strings.Contains(c.Facts, fmt.Sprintf("%d JPEGs", n)) {
				t.Errorf("facts do not say how many files: %q", c.Facts)
			}
		})
	}
}

// TestCaptionsSayWhatImagesSay parses the generated caption file with
// captag's own parser: every record must carry the date, photographer and
// agency of exactly one picture, or captag check would report errors on a
// corpus that is meant to be clean.
func TestCaptionsSayWhatImagesSay(t *testing.T) {
	const n = 400
	items := makeItems(n, 0)
	texts := make([]string, n)
	want := map[string]int{}
	for i, it := range items {
		texts[i] = it.Caption
		want[fmt.Sprintf("%04d-%02d-%02d|%s|%s", it.Year, it.Month, it.Day, it.Photographer, it.Agency.Credit)]++
		if len(it.Caption) < 250 || len(it.Caption) > 600 {
			t.Errorf("caption of %d bytes, want a wire-sized 250–600: %q", len(it.Caption), it.Caption)
		}
	}
	recs, err := caption.Parse(bytes.NewReader(captionFile(texts, 1)), caption.Options{Format: caption.FormatText})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != n {
		t.Fatalf("parsed %d records, want %d", len(recs), n)
	}
	aliases := map[string]string{"AP": "AP", "Reuters": "Reuters", "Getty Images": "Getty Images", "Anadolu Agency": "Anadolu Agency"}
	got := map[string]int{}
	for _, r := range recs {
		for _, p := range r.Problems {
			if p.Severity == metadata.SeverityError {
				t.Errorf("line %d: %s", r.Line, p.Message)
			}
		}
		got[fmt.Sprintf("%04d-%02d-%02d|%s|%s", r.Date.Year, r.Date.Month, r.Date.Day, strings.Join(r.Creators, "; "), aliases[r.Agency])]++
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %d records, want %d", k, got[k], v)
		}
	}
}

func TestCaptionFileShuffledAndDeterministic(t *testing.T) {
	texts := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	one, two := captionFile(texts, 1), captionFile(texts, 1)
	if !bytes.Equal(one, two) {
		t.Error("the same seed gave two caption files")
	}
	ps := paragraphs(one)
	if slices.Equal(ps, texts) {
		t.Error("caption order is the image order: content matching has nothing to do")
	}
	slices.Sort(ps)
	if !slices.Equal(ps, texts) {
		t.Errorf("caption file holds %v, want a permutation of %v", ps, texts)
	}
	if a, b := makeItems(50, 0), makeItems(50, 0); !slices.EqualFunc(a, b, func(x, y item) bool { return x.Caption == y.Caption && x.Name == y.Name }) {
		t.Error("makeItems is not deterministic")
	}
}

func TestFloorReadsTheHeadOfEveryFile(t *testing.T) {
	dir := t.TempDir()
	sizes := []int{0, 10, floorReadSize, floorReadSize + 5000}
	var want int64
	for i, s := range sizes {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.jpg", i)), make([]byte, s), 0o644); err != nil {
			t.Fatal(err)
		}
		want += int64(min(s, floorReadSize))
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	st, err := runFloor(dir)
	if err != nil {
		t.Fatal(err)
	}
	if st.Files != len(sizes) || st.Bytes != want {
		t.Errorf("floor read %d files, %d bytes; want %d files (folders skipped), %d bytes", st.Files, st.Bytes, len(sizes), want)
	}
	var out, errOut bytes.Buffer
	if code := floorMain(nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "usage") {
		t.Errorf("floor without a folder: exit %d, stderr %q; want 2 and a usage line", code, errOut.String())
	}
}

func TestCheckNotesReportMisses(t *testing.T) {
	report := `{"summary":{"images":3,"records":3,"matched":3,"errors":1,"warnings":0},
	 "results":[{"image":"/x/A.jpg","matched_by":"date+creator","findings":[]},
	            {"image":"/x/B.jpg","matched_by":"date","findings":[{"severity":"error","field":"creator","store":"exif","want":"Ann Lee","got":"Bob Roe","message":"different person"}]},
	            {"image":"/x/C.jpg","matched_by":"date+creator","findings":[]}],
	 "unmatched_records":[],"unmatched_images":[]}`
	path := filepath.Join(t.TempDir(), "check.json")
	if err := os.WriteFile(path, []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	notes, err := checkNotes("captag check", path, 3)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(notes, "\n")
	for _, want := range []string{"3 images, 3 records, 3 matched, 1 errors", "date 1, date+creator 2", `B.jpg: creator exif: different person (want "Ann Lee", got "Bob Roe")`} {
		if !strings.Contains(all, want) {
			t.Errorf("notes lack %q:\n%s", want, all)
		}
	}
	if err := os.WriteFile(path, []byte("captag: error"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := checkNotes("captag check", path, 3); err == nil || !strings.Contains(err.Error(), "expected a JSON report") {
		t.Errorf("non-JSON report: err = %v, want one saying a JSON report was expected", err)
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
		only    []string
	}{
		{args: nil},
		{args: []string{"-n", "20000", "-rounds", "3", "-only", "check,exiv2"}, only: []string{"check", "exiv2"}},
		{args: []string{"-only", "check,exiftool"}, wantErr: `found "exiftool"`},
		{args: []string{"-n", "0"}, wantErr: "expected -n ≥ 1"},
		{args: []string{"stray"}, wantErr: "expected no arguments"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			o, err := parseFlags(tt.args, &stderr)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range toolKeys {
				if want := tt.only == nil || slices.Contains(tt.only, k); o.keep(k) != want {
					t.Errorf("keep(%s) = %v, want %v", k, o.keep(k), want)
				}
			}
		})
	}
}

func TestWorkDirRefusesAFolderWithFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "precious.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := workDir(dir); err == nil || !strings.Contains(err.Error(), "expected an empty or absent folder") {
		t.Errorf("workDir on a folder with files: %v, want a refusal (it is removed at the end)", err)
	}
	fresh := filepath.Join(dir, "new")
	got, err := workDir(fresh)
	if err != nil || got != fresh {
		t.Errorf("workDir(absent) = %q, %v; want %q created", got, err, fresh)
	}
}

func TestBuildExiftoolCorpusBursts(t *testing.T) {
	exiftool, missing := lookTool("exiftool")
	if exiftool == "" {
		t.Skip(missing + ": the exiftool-written set cannot be built")
	}
	const n, templates = 7, 3
	work := t.TempDir()
	c, err := buildExiftoolCorpus(exiftool, work, filepath.Join(work, "et"), filepath.Join(work, "et.txt"), n, templates)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Files) != n {
		t.Fatalf("%d files, want %d", len(c.Files), n)
	}
	for _, name := range c.Files {
		b, err := os.ReadFile(filepath.Join(c.Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if s := jpegSegments(b); s.EXIF == 0 || s.XMP == 0 || s.IRB == 0 {
			t.Errorf("%s: exiftool did not write all three stores: %+v", name, s)
		}
	}
	text, err := os.ReadFile(c.Captions)
	if err != nil {
		t.Fatal(err)
	}
	ps := paragraphs(text)
	distinct := map[string]bool{}
	for _, p := range ps {
		distinct[p] = true
	}
	if len(ps) != n || len(distinct) != templates {
		t.Errorf("caption file: %d paragraphs, %d distinct; want %d and %d (bursts share a caption)", len(ps), len(distinct), n, templates)
	}
	if !strings.Contains(c.Facts, "bursts of 2–3 identical files") {
		t.Errorf("facts do not describe the bursts: %q", c.Facts)
	}
}

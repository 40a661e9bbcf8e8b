package caption

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/date"
)

// storeSources are caption files of every format whose records a Store
// must give back as Parse gave them.
func storeSources(t *testing.T) map[string][]Record {
	t.Helper()
	out := map[string][]Record{}
	parseFile := func(name, path string, opt Options) {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		opt.Name = path
		recs, err := Parse(f, opt)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = recs
	}
	parseFile("aleppo text", filepath.Join("..", "..", "testdata", "aleppo-2016-captions.txt"), Options{})
	csvs, _ := filepath.Glob(filepath.Join("testdata", "exiftool-12.57", "*.csv"))
	for _, p := range csvs {
		parseFile(filepath.Base(p), p, Options{})
	}
	for _, name := range tuningFiles {
		parseFile(name, filepath.Join("testdata", "realworld", name), Options{Format: FormatJSONL})
	}
	recs, err := Parse(strings.NewReader(strings.Join(tuningCaptions(t), "\n\n")), Options{Format: FormatText, Year: 2020})
	if err != nil {
		t.Fatal(err)
	}
	out["tuning captions as text"] = recs
	out["built"] = []Record{
		{},
		{Line: 1 << 40, Text: "a line past 32 bits"},
		{Line: 3, Date: date.DayOf(1<<33, 1, 2), DateInferred: true},
		{Line: 4, Date: date.Day{Year: 2020, Month: 300, Day: 1, Precision: date.PrecDay}},
		{Line: 5, DateSpan: -1 << 40},
		{Line: 6, Creators: []string{}, CreatorsAsWritten: []string{}, Agencies: []string{}, Keywords: []string{}, Problems: []Problem{}},
		{Line: 7, Creators: []string{"A", "B"}, CreatorsAsWritten: []string{"A", "B"}, Agencies: []string{"AB"}, Keywords: []string{"k", ""},
			PersonsShown: []string{"P"}, Headline: "h", Title: "t", Copyright: "c", Instructions: "i", JobID: "j", Sublocation: "s",
			Event: "e", UsageTerms: "u", Source: "src", File: "f.jpg", Archive: true, Undated: true, PictureDate: true,
			Problems: []Problem{{Severity: metadata.SeverityError, Code: ProblemNoDate, Message: "m"}, {Severity: metadata.SeverityWarning, Message: "n"}}},
		{Line: 8, Creators: []string{"AB"}, Agencies: []string{"A", "B"}, Problems: []Problem{{Severity: metadata.SeverityWarning, Message: "n"}}},
	}
	return out
}

func TestStoreGivesBackEachRecord(t *testing.T) {
	for name, recs := range storeSources(t) {
		t.Run(name, func(t *testing.T) {
			st := StoreOf(recs)
			if st.Len() != len(recs) {
				t.Fatalf("Len %d, want %d", st.Len(), len(recs))
			}
			for i := range recs {
				want := recs[i]
				if got := st.At(i); !reflect.DeepEqual(got, want) {
					t.Fatalf("record %d:\n got %#v\nwant %#v", i, got, want)
				}
				if st.Line(i) != want.Line || st.Text(i) != want.Text || st.File(i) != want.File || st.Date(i) != want.Date ||
					st.Agency(i) != want.Agency || !reflect.DeepEqual(st.Creators(i), want.Creators) {
					t.Fatalf("record %d: an accessor differs from the record", i)
				}
			}
			if !reflect.DeepEqual(st.Records(), recs) && len(recs) > 0 {
				t.Fatal("Records differs from the records given")
			}
		})
	}
}

// TestCompactParseAsParse: with Options.Compact, Parse's Store holds the
// records Parse gives without it, and the same error, for every file of
// storeSources and for files that are no caption file at all.
func TestCompactParseAsParse(t *testing.T) {
	type source struct {
		name string
		src  func() (string, error)
		opt  Options
	}
	file := func(path string) func() (string, error) {
		return func() (string, error) { b, err := os.ReadFile(path); return string(b), err }
	}
	text := func(s string) func() (string, error) { return func() (string, error) { return s, nil } }
	srcs := []source{
		{"aleppo", file(filepath.Join("..", "..", "testdata", "aleppo-2016-captions.txt")), Options{}},
		{"tuning as text", text(strings.Join(tuningCaptions(t), "\n\n")), Options{Format: FormatText, Year: 2020}},
		{"empty", text(""), Options{Format: FormatText}},
		{"binary", text("\x01\x02\x03\x04 binary"), Options{Format: FormatText}},
		{"blank lines", text("\n\n  \n"), Options{Format: FormatText}},
		{"replacement", text("BEIRUT, Dec 1 (Reuters) - caf\uFFFD. REUTERS/Joseph Eid\n\n"), Options{Format: FormatText}},
		{"text past the record cap", text("A\n\n" + strings.Repeat("x", MaxRecordBytes+1) + "\n\nB"), Options{Format: FormatText}},
	}
	for _, name := range tuningFiles {
		srcs = append(srcs, source{name, file(filepath.Join("testdata", "realworld", name)), Options{Format: FormatJSONL}})
	}
	csvs, _ := filepath.Glob(filepath.Join("testdata", "exiftool-12.57", "*.csv"))
	for _, p := range csvs {
		srcs = append(srcs, source{filepath.Base(p), file(p), Options{Name: p}})
	}
	for _, s := range srcs {
		t.Run(s.name, func(t *testing.T) {
			src, err := s.src()
			if err != nil {
				t.Fatal(err)
			}
			want, werr := ParseFile(strings.NewReader(src), s.opt)
			c := s.opt
			c.Compact = true
			got, gerr := ParseFile(strings.NewReader(src), c)
			if fmt.Sprint(gerr) != fmt.Sprint(werr) || !reflect.DeepEqual(got.Notes, want.Notes) {
				t.Fatalf("Compact: error %v, notes %q; without: %v, %q", gerr, got.Notes, werr, want.Notes)
			}
			if got.Records != nil || got.Store == nil {
				t.Fatalf("Compact: Records %v and Store %v, want the records in the Store alone", got.Records != nil, got.Store != nil)
			}
			if recs := got.Store.Records(); len(recs) != len(want.Records) || len(recs) > 0 && !reflect.DeepEqual(recs, want.Records) {
				t.Fatalf("Compact: %d records, without %d, or they differ", len(recs), len(want.Records))
			}
		})
	}
}

func TestStoreAppendAfterSeal(t *testing.T) {
	recs := storeSources(t)["built"]
	st := StoreOf(recs)
	st.Append(&Record{Line: 99, Text: "added after Seal", City: "Aleppo", Creators: []string{"A", "B"}})
	for i := range recs {
		if got := st.At(i); !reflect.DeepEqual(got, recs[i]) {
			t.Fatalf("record %d changed with an Append: %#v", i, got)
		}
	}
	if got := st.At(len(recs)); got.Text != "added after Seal" || got.City != "Aleppo" || !reflect.DeepEqual(got.Creators, []string{"A", "B"}) {
		t.Fatalf("the record appended after Seal: %#v", got)
	}
	k := st.At(6).Keywords
	k[0] = "changed"
	if st.At(6).Keywords[0] != "k" {
		t.Fatal("a change to a record's Keywords changed the store's")
	}
}

// storeRecordBudget is the most heap a Store may take for one parsed wire
// caption besides the bytes of its text: the fixed part of its record
// (about 100 bytes) and its share of the chunks' slack and of the
// tables. A []Record took 488 bytes a record for the struct alone, its
// text a heap object of its own.
const storeRecordBudget = 160 // bytes

func TestStoreBytesPerRecord(t *testing.T) {
	const n = 10_000
	var caps []string // one paragraph each
	for _, c := range tuningCaptions(t) {
		if c = strings.TrimSpace(c); c != "" && !strings.Contains(c, "\n") {
			caps = append(caps, c)
		}
	}
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(caps[i%len(caps)])
	}
	src := b.String()
	recs, err := Parse(strings.NewReader(src), Options{Format: FormatText, Year: 2020})
	if err != nil || len(recs) != n {
		t.Fatalf("%d records, %v; want %d", len(recs), err, n)
	}
	text := 0
	for i := range recs {
		text += len(recs[i].Text) + len(recs[i].File)
	}
	recs = nil
	asStore := heldBy(t, src, func(recs []Record) any { return StoreOf(recs) })
	asSlice := heldBy(t, src, func(recs []Record) any { return recs })
	per := (int(asStore) - text) / n
	t.Logf("%d records, %d bytes of text: a Store holds %d bytes (%d a record besides the text), the []Record %d (%d)",
		n, text, asStore, per, asSlice, (int(asSlice)-text)/n)
	if per > storeRecordBudget {
		t.Errorf("a Store takes %d bytes a record besides its text, want at most %d", per, storeRecordBudget)
	}
}

// heldBy is the heap that keep's result holds, after a collection, for
// the records of the caption file src.
func heldBy(t *testing.T, src string, keep func([]Record) any) uint64 {
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	base := heap()
	recs, err := Parse(strings.NewReader(src), Options{Format: FormatText, Year: 2020})
	if err != nil {
		t.Fatal(err)
	}
	kept := keep(recs)
	recs = nil
	held := heap() - base
	runtime.KeepAlive(kept)
	return held
}

package desk

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkReportJSON is a check report as captag check --format json writes
// it (trimmed): images with a finding each, clean ones, an unmatched
// caption of a folder's caption file, and its folder.
func checkReportJSON(folder, order string, images ...string) string {
	var results []string
	errs := 1 // the unmatched caption
	for i, im := range images {
		switch i % 3 {
		case 0:
			results = append(results, fmt.Sprintf(`{"image": %q, "record": {"line": %d, "text": "x", "captions": %q}, "matched_by": "date+creator", "findings": []}`, im, 2*i+1, folder+"/captions.txt"))
		case 1:
			errs++
			results = append(results, fmt.Sprintf(`{"image": %q, "record": {"line": %d, "text": "y", "captions": %q}, "matched_by": "order", "group": {"by": "date+creator", "captions": 2, "texts": 2, "images": 2, "creators": ["Aref Watad"], "date": "2016-12-19", "direction": "newest-first", "rank": 1},
				"findings": [{"severity": "error", "field": "credit", "store": "iptc", "want": "Anadolu Agency", "got": "Reuters", "message": "caption says Anadolu Agency; IIM Credit says Reuters"}]}`, im, 2*i+1, folder+"/captions.txt"))
		case 2:
			errs++
			results = append(results, fmt.Sprintf(`{"image": %q, "record": null, "matched_by": "", "findings": [{"severity": "error", "field": "match", "store": "", "want": "", "got": "", "message": "image not matched to any caption"}]}`, im))
		}
	}
	var unmatched []string
	for i, im := range images {
		if i%3 == 2 {
			unmatched = append(unmatched, fmt.Sprintf("%q", im))
		}
	}
	return fmt.Sprintf(`{
  "summary": {"images": %d, "not_images": 0, "records": %d, "matched": %d, "errors": %d, "warnings": 0,
    "not_checked": {"date": 0, "creator": 0, "credit": 0},
    "caption_order": {"direction": %q, "from": "detected", "reason": "r"}, "out_of_scope": 0},
  "results": [%s],
  "unmatched_records": [{"line": 99, "text": "z", "captions": %q}],
  "unmatched_images": [%s],
  "superseded": [],
  "folders": [{"folder": %q, "captions": %q, "caption_order": {"direction": %q, "from": "detected", "reason": "r"}}]
}
`, len(images), len(images)-len(unmatched)+1, len(images)-len(unmatched), errs, order, strings.Join(results, ",\n"), folder+"/captions.txt",
		strings.Join(unmatched, ", "), folder, folder+"/captions.txt", order)
}

// TestParseCheckReportRefuses: merge reads only check reports whose
// counts agree with their lists, and says what it found instead.
func TestParseCheckReportRefuses(t *testing.T) {
	t.Parallel()
	good := checkReportJSON("a", "newest-first", "a/1.jpg", "a/2.jpg", "a/3.jpg")
	if _, err := ParseCheckReport([]byte(good)); err != nil {
		t.Fatalf("a check report: %v\n%s", err, good)
	}
	for _, tc := range []struct{ name, json, want string }{
		{"empty", "", "found an empty file"},
		{"not JSON", "images: 3", "malformed JSON"},
		{"an array", "[]", "found a JSON array"},
		{"other JSON", `{"a": 1}`, "found other JSON"},
		{"a match plan", `{"summary": {"images": 0, "records": 0, "matched": 0, "unreadable": 0}, "pairs": [], "results": [], "unmatched_records": [], "unmatched_images": []}`, `without "errors"`},
		{"two reports", good + good, "more JSON after it"},
		{"a result short", strings.Replace(good, `"images": 3`, `"images": 4`, 1), "as many results as the summary's 4 images, found 3"},
		{"an error not counted", strings.Replace(good, `"errors": 3`, `"errors": 1`, 1), "do not"},
		{"an odd severity", strings.Replace(good, `"severity": "error"`, `"severity": "fatal"`, 1), `found "fatal"`},
		{"an unmatched image not listed", strings.Replace(good, `"unmatched_images": ["a/3.jpg"]`, `"unmatched_images": []`, 1), "expected 0 unmatched images"},
		{"a number for a name", strings.Replace(good, `"image": "a/1.jpg"`, `"image": 7`, 1), "a number where results.image should be a string"},
	} {
		if _, err := ParseCheckReport([]byte(tc.json)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}

// TestMerge: the counts are summed, the results and lists in one run's
// order, the caption order combined; reports that overlap are refused,
// naming both files.
func TestMerge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	b := write("b.json", checkReportJSON("b", "oldest-first", "b/1.jpg", "b/2.jpg"))
	a := write("a.json", checkReportJSON("a", "newest-first", "a/1.jpg", "a/2.jpg", "a/3.jpg"))
	rep, err := MergeFiles([]string{b, a})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Summary
	if s.Images != 5 || s.Errors != 3+2 || s.Matched != 4 || s.Records != 6 || rep.Len() != 5 {
		t.Errorf("summary %+v, %d results; want 5 images, 5 errors, 4 matched, 6 records", s, rep.Len())
	}
	var paths []string
	for i := range rep.Len() {
		paths = append(paths, rep.Result(i).Image)
	}
	if got := strings.Join(paths, " "); got != "a/1.jpg a/2.jpg a/3.jpg b/1.jpg b/2.jpg" {
		t.Errorf("results in order %s", got)
	}
	if rep.Folders[0].Folder != "a" || rep.UnmatchedRecords[0].Captions != "a/captions.txt" || rep.UnmatchedFindings[1].Severity != "error" {
		t.Errorf("folders %+v, unmatched %+v %+v", rep.Folders, rep.UnmatchedRecords, rep.UnmatchedFindings)
	}
	if c := s.CaptionOrder; c.Direction != DirectionMixed || c.Reason != "2 caption files, one per folder: 1 newest-first, 1 oldest-first" {
		t.Errorf("caption order %+v", c)
	}
	if r := rep.Result(1); r.Pair.Group == nil || r.Pair.Group.Label() != "Aref Watad, 2016-12-19" || rep.Job().Plan().Pairs[1].Group != r.Pair.Group {
		t.Errorf("the order pair's group: %+v", r.Pair)
	}
	again := write("again.json", checkReportJSON("c", "newest-first", "c/1.jpg", "a/2.jpg"))
	if _, err := MergeFiles([]string{a, b, again}); err == nil || !strings.Contains(err.Error(), a+" and "+again+" both report a/2.jpg") {
		t.Errorf("overlapping images: %v", err)
	}
	folder := write("folder.json", checkReportJSON("a", "newest-first", "a/9.jpg"))
	if _, err := MergeFiles([]string{a, folder}); err == nil || !strings.Contains(err.Error(), "both report the folder a") {
		t.Errorf("overlapping folders: %v", err)
	}
	shard := func(name, folder string, k, n int) string {
		return write(name, strings.Replace(checkReportJSON(folder, "unknown", folder+"/1.jpg"), `"superseded": [],`, fmt.Sprintf(`"superseded": [], "shard": {"k": %d, "n": %d},`, k, n), 1))
	}
	s1, s2, s3, t1 := shard("s1.json", "f1", 1, 3), shard("s2.json", "f2", 2, 3), shard("s3.json", "f3", 3, 3), shard("t1.json", "f4", 1, 4)
	if m, err := MergeFiles([]string{s3, s1, s2}); err != nil || m.Shard != nil || m.Len() != 3 {
		t.Errorf("three shards of three: %v", err)
	}
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{s1, s3}, "expected the 3 shards of the run, found no report of shard 2/3"},
		{[]string{s1, s2, s3, s1}, "are both shard 1/3"},
		{[]string{s1, s2, s3, t1}, "s1.json is shard 1/3, " + t1 + " shard 1/4"},
		{[]string{s1, s2, s3, a}, "the report of a whole run"},
		{[]string{write("bad.json", strings.Replace(checkReportJSON("g", "unknown"), `"superseded": [],`, `"superseded": [], "shard": {"k": 4, "n": 3},`, 1))}, "expected a shard K/N with 1 ≤ K ≤ N, found 4/3"},
	} {
		if _, err := MergeFiles(tc.files); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.files, err, tc.want)
		}
	}
	if _, err := MergeFiles([]string{write("plan.json", "{}")}); err == nil || !strings.Contains(err.Error(), "plan.json") {
		t.Errorf("not a check report: %v", err)
	}
}

// TestShard: K/N is 1-based; a folder's shard is FNV-1a of its path
// under the root, pinned here so that a change of hash is seen (it would
// move folders between the shards of runs already scheduled).
func TestShard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want Shard
		ok   bool
	}{{"", Shard{}, true}, {"1/1", Shard{1, 1}, true}, {"3/7", Shard{3, 7}, true}, {"0/3", Shard{}, false}, {"4/3", Shard{}, false}, {"1/0", Shard{}, false}, {"2", Shard{}, false}, {"a/b", Shard{}, false}} {
		got, err := ParseShard(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseShard(%q) = %v, %v", tc.in, got, err)
		}
	}
	for _, tc := range []struct {
		rel   string
		n, in int
	}{{".", 7, 7}, {"wire/day1", 7, 1}, {"sport", 7, 4}, {"2016/12/19", 7, 1}, {".", 3, 2}, {"sport", 3, 3}, {"sport", 1, 1}} {
		if got := ShardOf(tc.rel, tc.n); got != tc.in {
			t.Errorf("ShardOf(%q, %d) = %d, want %d", tc.rel, tc.n, got, tc.in)
		}
	}
}

// FuzzParseCheckReport: merge parses reports it did not write (files
// from other machines, cut short, edited): it never panics, and what it
// accepts merges into a report whose counts hold.
func FuzzParseCheckReport(f *testing.F) {
	f.Add([]byte(checkReportJSON("a", "newest-first", "a/1.jpg", "a/2.jpg", "a/3.jpg")))
	f.Add([]byte(checkReportJSON("b", "unknown")))
	f.Add([]byte(`{"summary": {"images": 0}, "results": [], "unmatched_records": [], "unmatched_images": []}`))
	f.Add([]byte(`{"summary": null, "results": [{"findings": null}]}`))
	f.Add([]byte(`[{"summary": 1}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := ParseCheckReport(data)
		if err != nil {
			return
		}
		m, err := Merge([]string{"x"}, []*CheckReport{rep})
		if err != nil {
			return // a report of one image twice
		}
		if m.Len() != m.Summary.Images || len(m.UnmatchedFindings) != len(m.UnmatchedRecords) {
			t.Errorf("merged: %d results for %d images, %d findings for %d unmatched captions", m.Len(), m.Summary.Images, len(m.UnmatchedFindings), len(m.UnmatchedRecords))
		}
		for i := range m.Len() {
			_ = m.Result(i)
		}
	})
}

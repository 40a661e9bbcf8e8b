package desk

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
)

// MaxReportBytes caps a check report MergeFiles reads: a report on a
// million images is under a gigabyte.
const MaxReportBytes = 1 << 30

// MergeFiles reads the check reports (captag check --format json) at
// paths, the shards of one run, and merges them (Merge).
func MergeFiles(paths []string) (*CheckReport, error) {
	if len(paths) == 0 {
		return nil, errors.New("desk: merge: expected at least one check report (check --format json), found none")
	}
	parts := make([]*CheckReport, len(paths))
	for i, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, fmt.Errorf("desk: merge: %w", err)
		}
		data, err := io.ReadAll(io.LimitReader(f, MaxReportBytes+1))
		f.Close()
		if err == nil && len(data) > MaxReportBytes {
			err = fmt.Errorf("expected a check report of at most %d bytes, found more", MaxReportBytes)
		}
		if err == nil {
			parts[i], err = ParseCheckReport(data)
		}
		if err != nil {
			return nil, fmt.Errorf("desk: merge: %s: %w", p, err)
		}
	}
	return Merge(paths, parts)
}

// checkJSONDoc is a check report as its JSON has it.
type checkJSONDoc struct {
	Summary          json.RawMessage `json:"summary"`
	Results          []Result        `json:"results"`
	UnmatchedRecords []RecordRef     `json:"unmatched_records"`
	UnmatchedImages  []string        `json:"unmatched_images"`
	Superseded       []Superseded    `json:"superseded"`
	Folders          []FolderRun     `json:"folders"`
	Shard            *Shard          `json:"shard"`
}

// summaryKeys are the keys only a check report's summary has all of.
var summaryKeys = []string{"images", "records", "matched", "errors", "warnings", "not_checked", "caption_order"}

// ParseCheckReport reads a check report as captag check --format json
// writes it. It refuses what is not one (a match or write report, other
// JSON), and one whose counts disagree with its lists. The parsed report
// has no job: its results have no Caption, Stores or Thumb, and a pair
// only the method and group the JSON gives.
func ParseCheckReport(data []byte) (*CheckReport, error) {
	var doc checkJSONDoc
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("expected a check report (captag check --format json), found %s", jsonProblem(err))
	}
	if dec.More() {
		return nil, fmt.Errorf("expected one check report, found more JSON after it")
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(doc.Summary, &keys) != nil || doc.Results == nil || doc.UnmatchedRecords == nil || doc.UnmatchedImages == nil {
		return nil, fmt.Errorf("expected a check report (captag check --format json) with summary, results, unmatched_records and unmatched_images, found other JSON")
	}
	for _, k := range summaryKeys {
		if _, ok := keys[k]; !ok {
			return nil, fmt.Errorf("expected a check report, found a summary without %q (a match or write report?)", k)
		}
	}
	if s := doc.Shard; s != nil && (s.N < 1 || s.K < 1 || s.K > s.N) {
		return nil, fmt.Errorf("expected a shard K/N with 1 ≤ K ≤ N, found %d/%d", s.K, s.N)
	}
	rep := &CheckReport{UnmatchedRecords: doc.UnmatchedRecords, UnmatchedImages: doc.UnmatchedImages, Superseded: doc.Superseded, Folders: doc.Folders, Shard: doc.Shard}
	if err := json.Unmarshal(doc.Summary, &rep.Summary); err != nil {
		return nil, fmt.Errorf("expected a check report's summary, found %s", jsonProblem(err))
	}
	if rep.Superseded == nil {
		rep.Superseded = []Superseded{}
	}
	if err := parsedCounts(rep, doc.Results); err != nil {
		return nil, err
	}
	unmatched := 0
	for _, r := range doc.Results {
		if r.Record == nil && len(r.Findings) > 0 && r.Findings[0].Field == check.FieldMatch {
			unmatched++
		}
	}
	if unmatched != len(rep.UnmatchedImages) {
		return nil, fmt.Errorf("expected %d unmatched images as results without a caption, found %d", len(rep.UnmatchedImages), unmatched)
	}
	for range rep.UnmatchedRecords {
		rep.UnmatchedFindings = append(rep.UnmatchedFindings, check.Finding{})
	}
	rep.setResults(doc.Results)
	return rep, nil
}

// parsedCounts checks that the summary of a parsed report counts what
// its lists hold; it sets the findings of its unmatched captions from
// the count of errors and warnings left over.
func parsedCounts(rep *CheckReport, results []Result) error {
	s := rep.Summary
	if s.Images != len(results) {
		return fmt.Errorf("expected as many results as the summary's %d images, found %d", s.Images, len(results))
	}
	var found CheckSummary
	for _, r := range results {
		if r.Image == "" {
			return fmt.Errorf("expected every result to name its image, found one without")
		}
		for _, f := range r.Findings {
			if f.Severity != metadata.SeverityError && f.Severity != metadata.SeverityWarning {
				return fmt.Errorf("expected findings of severity error or warning, found %q in %s", f.Severity, r.Image)
			}
		}
		found.count(r.Findings)
	}
	left := s.Errors + s.Warnings - found.Errors - found.Warnings
	if s.Errors < found.Errors || s.Warnings < found.Warnings || left != len(rep.UnmatchedRecords) {
		return fmt.Errorf("expected the summary's %d errors and %d warnings to count the results' %d and %d and one per unmatched caption (%d), found they do not",
			s.Errors, s.Warnings, found.Errors, found.Warnings, len(rep.UnmatchedRecords))
	}
	return nil
}

// setResults makes results the report's, in the order given.
func (rep *CheckReport) setResults(results []Result) {
	groups := map[string]*check.Group{} // one *check.Group per group, as a run shares it
	var pairs []check.Pair
	for i := range results {
		r := &results[i]
		if r.Findings == nil {
			r.Findings = []check.Finding{}
		}
		if r.Record == nil {
			continue
		}
		r.Pair = check.Pair{By: check.Method(r.MatchedBy), Text: 1}
		if g := r.Group; g != nil {
			k := fmt.Sprintf("%s|%d|%d|%d|%q|%s|%s", g.By, g.Captions, g.Texts, g.Images, g.Creators, g.Date, g.Direction)
			cg := groups[k]
			if cg == nil {
				cg = &check.Group{By: check.Method(g.By), Captions: g.Captions, Texts: g.Texts, Images: g.Images, Creators: g.Creators, Day: g.Date, Direction: check.Direction(g.Direction)}
				groups[k] = cg
			}
			r.Pair.Group, r.Pair.Rank = cg, int32(g.Rank)
		}
		pairs = append(pairs, r.Pair)
	}
	rep.n = len(results)
	rep.result = func(i int) Result { return results[i] }
	rep.fill = func(*metadata.Reader, int, *Result, Previews) {}
	rep.job = &Job{plan: check.Plan{Pairs: pairs}, outOfScope: make([]int, rep.Summary.OutOfScope)}
}

// jsonProblem words a JSON decoding error.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case err == io.EOF:
		return "an empty file"
	case errors.As(err, &se):
		return fmt.Sprintf("malformed JSON at byte %d (%v)", se.Offset, err)
	case errors.As(err, &te) && te.Field == "":
		return "a JSON " + te.Value
	case errors.As(err, &te):
		return fmt.Sprintf("a %s where %s should be a %s", te.Value, te.Field, te.Type)
	}
	return err.Error()
}

// Merge merges check reports of disjoint parts of one run (the shards of
// a run over folders, Options.Shard; names name them in errors) into the
// report of the whole: the counts summed, the results in path order,
// the unmatched and superseded lists and the folders merged in the order
// one run gives them (sortReport), the caption order combined as one run
// over the folders combines it. A second report of one image or folder is
// refused. The unmatched captions' findings are not kept by the JSON:
// the merged report renders them as a match finding of the severity
// their count in each summary implies.
func Merge(names []string, parts []*CheckReport) (*CheckReport, error) {
	if err := allShards(names, parts); err != nil {
		return nil, err
	}
	rep := &CheckReport{UnmatchedRecords: []RecordRef{}, UnmatchedImages: []string{}, Superseded: []Superseded{}}
	var results []Result
	seen := map[string]string{}
	var orders []FolderRun
	for p, part := range parts {
		for i := range part.Len() {
			r := part.Result(i)
			if prev, ok := seen[r.Image]; ok {
				return nil, fmt.Errorf("desk: merge: %s and %s both report %s: expected reports of disjoint shards", prev, names[p], r.Image)
			}
			seen[r.Image] = names[p]
			results = append(results, r)
		}
		for _, f := range part.Folders {
			if prev, ok := seen["\x00"+f.Folder]; ok {
				return nil, fmt.Errorf("desk: merge: %s and %s both report the folder %s: expected reports of disjoint shards", prev, names[p], f.Folder)
			}
			seen["\x00"+f.Folder] = names[p]
			rep.Folders = append(rep.Folders, f)
		}
		if part.Folders == nil {
			co := part.Summary.CaptionOrder
			orders = append(orders, FolderRun{CaptionOrder: &co})
		}
		rep.Summary.add(part.Summary)
		rep.UnmatchedImages = append(rep.UnmatchedImages, part.UnmatchedImages...)
		rep.Superseded = append(rep.Superseded, part.Superseded...)
		rep.UnmatchedRecords = append(rep.UnmatchedRecords, part.UnmatchedRecords...)
		rep.UnmatchedFindings = append(rep.UnmatchedFindings, unmatchedFindings(part)...)
	}
	rep.Summary.CaptionOrder = combineOrders(append(orders, rep.Folders...))
	if rep.Folders == nil && len(parts) == 1 {
		rep.Summary.CaptionOrder = parts[0].Summary.CaptionOrder
	}
	sort.SliceStable(results, func(a, b int) bool { return results[a].Image < results[b].Image })
	sortReport(rep)
	rep.setResults(results)
	return rep, nil
}

// unmatchedFindings are the findings of a parsed report's unmatched
// captions: errors while its summary has errors left over after its
// results', then warnings (--allow-unmatched).
func unmatchedFindings(part *CheckReport) []check.Finding {
	if part.job == nil || len(part.UnmatchedFindings) == 0 || part.UnmatchedFindings[0].Message != "" {
		return part.UnmatchedFindings
	}
	var inResults CheckSummary
	for i := range part.Len() {
		inResults.count(part.Result(i).Findings)
	}
	errs := part.Summary.Errors - inResults.Errors
	out := make([]check.Finding, len(part.UnmatchedRecords))
	for i := range out {
		out[i] = check.UnmatchedFinding("record", "", i >= errs)
		if c := part.UnmatchedRecords[i].Captions; c != "" {
			out[i].Message = "caption of " + c + " not matched to any image"
		}
	}
	return out
}

// allShards checks that the reports that are shards are all the shards
// of one run, each once, and that no report of a whole run is among them.
func allShards(names []string, parts []*CheckReport) error {
	var first int = -1
	seen := map[int]string{}
	for p, part := range parts {
		s := part.Shard
		if s == nil {
			continue
		}
		if first < 0 {
			first = p
		}
		if f := parts[first].Shard; s.N != f.N {
			return fmt.Errorf("desk: merge: %s is shard %d/%d, %s shard %d/%d: expected the shards of one run", names[first], f.K, f.N, names[p], s.K, s.N)
		}
		if prev, ok := seen[s.K]; ok {
			return fmt.Errorf("desk: merge: %s and %s are both shard %d/%d: expected each shard once", prev, names[p], s.K, s.N)
		}
		seen[s.K] = names[p]
	}
	if first < 0 {
		return nil
	}
	n := parts[first].Shard.N
	for p, part := range parts {
		if part.Shard == nil {
			return fmt.Errorf("desk: merge: %s is shard %d/%d, %s the report of a whole run: expected the shards of one run", names[first], parts[first].Shard.K, n, names[p])
		}
	}
	var missing []string
	for k := 1; k <= n; k++ {
		if seen[k] == "" {
			missing = append(missing, fmt.Sprintf("%d/%d", k, n))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("desk: merge: expected the %d shards of the run, found no report of shard %s: its folders would be missing from the merged report", n, strings.Join(missing, ", "))
	}
	return nil
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
	"github.com/spf13/pflag"
)

// checkFlags are the options of captag check.
type checkFlags struct {
	job            jobFlags
	format         string
	failOn         string
	allowMissing   []string
	allowUnmatched bool
	aliases        string
	dayGrace       time.Duration
}

func checkCommand() *command {
	var cf checkFlags
	return &command{
		name:    "check",
		summary: "check each image's date and credit against its caption",
		usage:   "captag check --captions FILE [options] FOLDER|FILE...",
		about: `Matches each caption to its image (as captag match does) and compares what the
caption says with what every store of the image says - EXIF, IPTC-IIM,
embedded XMP and an XMP sidecar beside it:

  date     the caption's date against each store's own calendar date (the
           date as the file states it). A store stamped in UTC (+00:00, Z)
           is read in the scene's offset when another store gives one
           within 2 hours of it, or a clock that is the UTC time plus a
           real offset; with neither, a day that UTC explains is a
           warning. A time up to --day-grace after midnight (or before it)
           is a warning. A file picture's date is a warning.
  creator  the photographers against EXIF Artist, IPTC By-line, dc:creator
           (case, accents, punctuation and spacing do not matter;
           Büttner matches Buettner and Buttner, Søreide Soereide; an
           agency or "Staff" in place of a person is a warning)
  credit   any agency of the caption's credit chain (NHLI via Getty
           Images: NHLI or Getty Images) against IPTC/XMP Credit and
           Source, and a copyright that names an agency (AA = Anadolu
           Agency, Getty Images North America = Getty Images, ...; add your
           own with --aliases). Agency codes in Source (Reuters' X90024,
           RTR) are fine.
  match    captions and images that could not be paired
  caption  problems in the caption record itself
  file     images that could not be read, stale IPTC digests, IPTC text
           without a charset

No check is skipped silently: a caption whose date, creator or agency
could not be read (or that says the picture is undated) gets a warning
"date not checked: ...", and the summary counts them; --fail-on warning
stops on those too. Stores that disagree with each other are a warning.
The text report lists the images with findings, one line per field, as
"field: caption says X; PROPERTY and PROPERTY say Y" naming the
properties to fix (EXIF DateTimeOriginal, IIM Credit, XMP dc:creator,
...), then a summary line; --format json and --format junit are for
programs and CI dashboards. Images are never modified.`,
		example: `  # the gate before upload: exit 1 when anything is wrong
  captag check --captions captions.txt photos/

  # strict: warnings fail too; JSON for a script
  captag check -c captions.txt --fail-on warning --format json photos/

  # a JUnit report for the CI dashboard
  captag check -c captions.csv --by name --format junit -r shoot/ > check.xml

  # the camera writes no creator; the agency calls itself "Anadolu Ajansi"
  captag check -c captions.txt --allow-missing creator --aliases agencies.txt photos/

  # a night game: pictures up to 2 hours past midnight are warnings
  captag check -c captions.txt --day-grace 2h photos/`,
		exits: `  0    no finding at or above --fail-on (default: no error)
  1    findings at or above --fail-on (the report says which)
  2    could not run: usage error (--day-grace outside 0..12h, ...),
       unreadable caption file, aliases file or folder, or the --by
       strategy cannot work on these inputs
  130  interrupted`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			cf.job.add(fs)
			newEnum(fs, &cf.format, "format", "", "text", []string{"text", "json", "junit"}, "report format")
			newEnum(fs, &cf.failOn, "fail-on", "", "error", []string{"error", "warning"}, "the lowest severity that makes the exit status 1")
			fs.StringSliceVar(&cf.allowMissing, "allow-missing", nil, "`FIELDS` (date, creator) that may be missing from every store: a warning instead of an error")
			fs.BoolVar(&cf.allowUnmatched, "allow-unmatched", false, "unmatched captions and images are warnings, not errors")
			fs.StringVar(&cf.aliases, "aliases", "", "extra agency names from `FILE`: one agency per line, its names separated by \"=\" (AA = Anadolu Agency = Anadolu Ajansi)")
			fs.DurationVar(&cf.dayGrace, "day-grace", time.Hour, "a store time up to `DURATION` after the midnight that ends the caption's day (or before the one that starts it) is a warning, not an error; 0 for none, at most 12h")
			return func(ctx context.Context, e *env, args []string) int {
				return runCheck(ctx, e, args, &cf)
			}
		},
	}
}

// checkReport is the JSON report of captag check (a stable schema: see
// README.md). Its results are not held as a list: result(i) builds the
// i-th (in image path order) from the job's keys and records and the
// findings of the comparison pass, so that a report on a hundred thousand
// images holds only the findings, not a result per image.
type checkReport struct {
	Summary          checkSummary
	UnmatchedRecords []recordRef
	UnmatchedImages  []string

	// nResults is the number of results: every image read, matched or
	// not, and every file that could not be read.
	nResults int
	result   func(i int) checkResult

	// unmatchedFindings go with UnmatchedRecords, one each, for the text
	// and JUnit reports.
	unmatchedFindings []check.Finding

	// orderNote says, in the text report, which pairs were chosen by order
	// among different captions (orderNote).
	orderNote string
}

type checkSummary struct {
	Images     int             `json:"images"`
	Records    int             `json:"records"`
	Matched    int             `json:"matched"`
	Errors     int             `json:"errors"`
	Warnings   int             `json:"warnings"`
	NotChecked notCheckedCount `json:"not_checked"`
	// CaptionOrder is which way the caption file was taken to run, as in
	// match's summary: it decided the pairs chosen by order.
	CaptionOrder captionOrderJSON `json:"caption_order"`
}

// notCheckedCount counts, per field, the pairs whose field could not be
// checked because the caption does not give it.
type notCheckedCount struct {
	Date    int `json:"date"`
	Creator int `json:"creator"`
	Credit  int `json:"credit"`
}

func (n notCheckedCount) total() int { return n.Date + n.Creator + n.Credit }

type checkResult struct {
	Image     string          `json:"image"`
	Record    *recordRef      `json:"record"`
	MatchedBy string          `json:"matched_by"`
	Group     *groupJSON      `json:"group,omitempty"` // the pair was chosen by order among different captions
	Findings  []check.Finding `json:"findings"`

	ImageBytes []byte `json:"image_bytes,omitempty"` // the path's bytes (base64) when they are not UTF-8 (rawName)

	pair check.Pair // the pair, for the text report's "matched by order among 8 (Aref Watad, 2016-12-19)"
}

func runCheck(ctx context.Context, e *env, args []string, cf *checkFlags) int {
	opts := check.Options{}
	for _, f := range cf.allowMissing {
		switch strings.TrimSpace(f) {
		case "date":
			opts.AllowMissingDate = true
		case "creator":
			opts.AllowMissingCreator = true
		default:
			e.errorf("check: --allow-missing: expected date or creator, found %q", f)
			return exitCannotRun
		}
	}
	if cf.dayGrace < 0 || cf.dayGrace > check.MaxDayGrace {
		e.errorf("check: --day-grace: expected a duration from 0 to 12h, found %s", cf.dayGrace)
		e.hintf("for example --day-grace 30m, or --day-grace 0 to make every other day an error")
		return exitCannotRun
	}
	opts.DayGrace = cf.dayGrace
	opts.Aliases = check.DefaultAliases()
	if cf.aliases != "" {
		f, err := os.Open(cf.aliases)
		if err != nil {
			e.errorf("check: cannot read the aliases file: %v", err)
			return exitCannotRun
		}
		al, err := check.LoadAliases(f, check.DefaultAliases())
		f.Close()
		if err != nil {
			e.errorf("%s: %v", cf.aliases, err)
			e.hintf("one agency per line, its names separated by \"=\", for example: AA = Anadolu Agency = Anadolu Ajansi")
			return exitCannotRun
		}
		opts.Aliases = al
	}

	j, code := prepare(ctx, e, "check", &cf.job, args, true, true)
	if code != exitOK {
		return code
	}
	warnTemps(e, j)
	prog := newProgress(e, cf.job.scan, "checked")
	rep := buildCheckReport(ctx, j, opts, cf.allowUnmatched, prog)
	prog.finish()
	if ctx.Err() != nil {
		return exitInterrupted
	}

	code = exitOK
	if rep.Summary.Errors > 0 || (cf.failOn == "warning" && rep.Summary.Warnings > 0) {
		code = exitProblems
	}
	switch cf.format {
	case "json":
		if err := writeCheckJSON(e.stdout, rep); err != nil {
			e.errorf("check: writing the report: %v", err)
			return exitCannotRun
		}
	case "junit":
		if err := writeJUnit(e.stdout, rep, cf.failOn); err != nil {
			e.errorf("check: %v", err)
			return exitCannotRun
		}
	default:
		writeCheckText(termWriter(e.stdout), palette{e.useColour()}, rep)
	}
	return code
}

// writeCheckJSON writes rep as MarshalIndent would, one result at a time.
func writeCheckJSON(w io.Writer, rep *checkReport) error {
	b := bufio.NewWriter(w)
	err := writeJSONObject(b, []jsonField{
		{"summary", indented(rep.Summary)},
		{"results", func(w *bufio.Writer) error {
			return writeJSONArray(w, "  ", rep.nResults, func(i int) any { return rep.result(i) })
		}},
		{"unmatched_records", indented(rep.UnmatchedRecords)},
		{"unmatched_images", indented(rep.UnmatchedImages)},
	})
	if err != nil {
		return err
	}
	return b.Flush()
}

// buildCheckReport compares every pair and adds the unmatched and
// unreadable files. Results are in image path order.
//
// The pairs are compared in a bounded pool: each image is taken from the
// first pass's cache or read again (job.image), compared with its record
// and dropped; only its findings are kept, and most pairs have none. The summary, which the JSON and
// JUnit reports print before the results, is complete when this returns.
func buildCheckReport(ctx context.Context, j *job, opts check.Options, allowUnmatched bool, prog *progress) *checkReport {
	rep := &checkReport{
		UnmatchedRecords: []recordRef{},
		UnmatchedImages:  []string{},
	}
	count := func(fs []check.Finding) {
		for _, f := range fs {
			if f.Severity == metadata.SeverityError {
				rep.Summary.Errors++
			} else {
				rep.Summary.Warnings++
			}
			if f.NotChecked {
				switch f.Field {
				case check.FieldDate:
					rep.Summary.NotChecked.Date++
				case check.FieldCreator:
					rep.Summary.NotChecked.Creator++
				case check.FieldCredit:
					rep.Summary.NotChecked.Credit++
				}
			}
		}
	}

	pairs := j.plan.Pairs // in image path order
	prog.reset("checked", len(pairs))
	found := map[int][]check.Finding{} // pair index → findings, for the pairs that have some
	forEachOrdered(ctx, len(pairs), j.sc.flags.jobs, func(rd *metadata.Reader, k int) []check.Finding {
		p := pairs[k]
		img, err := j.image(rd, p.Image)
		if err != nil {
			// The file changed or went away since it was matched.
			return []check.Finding{{
				Severity: metadata.SeverityError, Field: check.FieldFile,
				Message: "the image could not be read: " + err.Error(),
			}}
		}
		return check.Readings(p, check.Compare(j.recs[p.Record], img, p.By, opts))
	}, func(k int, fs []check.Finding) {
		prog.did()
		count(fs)
		if len(fs) > 0 {
			found[k] = fs
		}
	})
	if ctx.Err() != nil {
		return rep
	}

	// The results merge three lists, each in path order: the images (paired
	// or not), then the unreadable files.
	pairOf := make([]int32, len(j.keys)) // image → pair index + 1, 0 when unmatched
	for k, p := range pairs {
		pairOf[p.Image] = int32(k + 1)
	}
	unmatchedImg := make(map[int]check.Finding, len(j.plan.UnmatchedImages))
	for _, u := range j.plan.UnmatchedImages {
		f := check.UnmatchedFinding("image", u.Reason, allowUnmatched)
		unmatchedImg[u.Index] = f
		rep.UnmatchedImages = append(rep.UnmatchedImages, j.keys[u.Index].Path)
		count([]check.Finding{f})
	}
	badFinding := func(b scanned) check.Finding {
		return check.Finding{Severity: metadata.SeverityError, Field: check.FieldFile, Message: "the image could not be read: " + b.err.Error()}
	}
	for _, b := range j.bad {
		count([]check.Finding{badFinding(b)})
	}
	sort.Strings(rep.UnmatchedImages)
	for _, u := range j.plan.UnmatchedRecords {
		rep.UnmatchedRecords = append(rep.UnmatchedRecords, refOf(j.recs[u.Index]))
		rep.unmatchedFindings = append(rep.unmatchedFindings, check.UnmatchedFinding("record", u.Reason, allowUnmatched))
	}
	count(rep.unmatchedFindings)

	// order[i] is the i-th result: an image index, or -1-b for j.bad[b].
	order := make([]int32, 0, len(j.keys)+len(j.bad))
	for i, b := 0, 0; i < len(j.keys) || b < len(j.bad); {
		if b == len(j.bad) || i < len(j.keys) && j.keys[i].Path < j.bad[b].path {
			order = append(order, int32(i))
			i++
		} else {
			order = append(order, int32(-1-b))
			b++
		}
	}
	rep.nResults = len(order)
	rep.result = func(n int) checkResult {
		o := int(order[n])
		if o < 0 {
			b := j.bad[-1-o]
			return checkResult{Image: b.path, ImageBytes: rawName(b.path), Findings: []check.Finding{badFinding(b)}}
		}
		path := j.keys[o].Path
		if k := int(pairOf[o]) - 1; k >= 0 {
			p := pairs[k]
			ref := refOf(j.recs[p.Record])
			fs := found[k]
			if fs == nil {
				fs = []check.Finding{}
			}
			return checkResult{Image: path, ImageBytes: rawName(path), Record: &ref, MatchedBy: string(p.By), Group: groupOf(p), Findings: fs, pair: p}
		}
		return checkResult{Image: path, ImageBytes: rawName(path), Findings: []check.Finding{unmatchedImg[o]}}
	}
	rep.orderNote = orderNote(pairs)
	rep.Summary.Images = len(j.keys) + len(j.bad)
	rep.Summary.Records = len(j.recs)
	rep.Summary.Matched = len(pairs)
	rep.Summary.CaptionOrder = captionOrderOf(j.plan)
	return rep
}

// findingLine words a finding for people: the message alone for a check
// not made ("date not checked: …"), "field: message" when the message
// names the stores' properties (a comparison of the caption with
// the stores: "date: caption says X; EXIF DateTimeOriginal and IIM
// DateCreated say Y"), else "field store: message".
func findingLine(f check.Finding) string {
	if f.NotChecked {
		return f.Message // "date not checked: …" names its field
	}
	head := string(f.Field)
	if f.Store != "" && len(f.Values) == 0 {
		head += " " + string(f.Store)
	}
	// The message names the property ("EXIF DateTimeOriginal says …"), so
	// a desk knows which field to fix; want/got alone cannot say that.
	if f.Message != "" {
		return head + ": " + f.Message
	}
	if f.Want != "" || f.Got != "" {
		want, got := f.Want, f.Got
		if want == "" {
			want = "nothing"
		}
		if got == "" {
			got = "nothing"
		}
		return fmt.Sprintf("%s: caption says %s, image says %s", head, want, got)
	}
	return head + ": " + f.Message
}

func severityWord(p palette, s metadata.Severity) string {
	if s == metadata.SeverityError {
		return p.red("error  ")
	}
	return p.yellow("warning")
}

func writeCheckText(w io.Writer, p palette, rep *checkReport) {
	b := bufio.NewWriter(w)
	defer b.Flush()
	withFindings := 0
	for i := range rep.nResults {
		r := rep.result(i)
		if len(r.Findings) == 0 {
			continue
		}
		withFindings++
		head := p.bold(termSafe(r.Image))
		if r.Record != nil {
			head += fmt.Sprintf("  caption line %d, matched by %s", r.Record.Line, byOf(r.pair))
		}
		b.WriteString(head + "\n")
		seen := map[string]bool{}
		for _, f := range r.Findings {
			// Credit and Source of one store often say the same thing:
			// one line for both (the JSON report keeps each finding).
			line := fmt.Sprintf("  %s  %s\n", severityWord(p, f.Severity), termSafe(findingLine(f)))
			if !seen[line] {
				seen[line] = true
				b.WriteString(line)
			}
		}
	}
	if len(rep.UnmatchedRecords) > 0 {
		b.WriteString(p.bold("captions without an image") + "\n")
		for i, r := range rep.UnmatchedRecords {
			fmt.Fprintf(b, "  %s  line %d: %s\n", severityWord(p, rep.unmatchedFindings[i].Severity), r.Line, termSafe(rep.unmatchedFindings[i].Message))
		}
	}
	s := rep.Summary
	verdict := p.green("all images agree with their captions")
	switch {
	case s.Errors > 0:
		verdict = p.red(fmt.Sprintf("%s, %s", plural(s.Errors, "error"), plural(s.Warnings, "warning")))
	case s.Warnings > 0:
		verdict = p.yellow(fmt.Sprintf("0 errors, %s", plural(s.Warnings, "warning")))
	}
	if withFindings > 0 || len(rep.UnmatchedRecords) > 0 {
		b.WriteString("\n")
	}
	if rep.orderNote != "" {
		b.WriteString(rep.orderNote + "\n")
	}
	fmt.Fprintf(b, "%s, %s, %d matched: %s", plural(s.Images, "image"), plural(s.Records, "caption"), s.Matched, verdict)
	if withFindings > 0 {
		fmt.Fprintf(b, " (in %s)", plural(withFindings, "image"))
	}
	if n := s.NotChecked; n.total() > 0 {
		var parts []string
		for _, c := range []struct {
			field string
			n     int
		}{{"date", n.Date}, {"creator", n.Creator}, {"credit", n.Credit}} {
			if c.n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", c.field, c.n))
			}
		}
		b.WriteString("; not checked: " + strings.Join(parts, ", "))
	}
	b.WriteString("\n")
}

// JUnit XML: one testsuite, one testcase per image (and per caption left
// without an image). A testcase fails when it has a finding at or above
// --fail-on; every finding is listed in its failure text or system-out.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// writeJUnit writes the JUnit report as xml.MarshalIndent would write the
// whole document, one testcase at a time: the totals in the header are
// counted in a first pass over the results (they are built from memory,
// not read again), then the testcases are encoded as they come.
func writeJUnit(w io.Writer, rep *checkReport, failOn string) error {
	fails := func(f check.Finding) bool {
		return f.Severity == metadata.SeverityError || failOn == "warning"
	}
	newCase := func(name string, fs []check.Finding) junitCase {
		c := junitCase{Name: name, Classname: "captag.check"}
		var failed, other []string
		failType := ""
		for _, f := range fs {
			line := string(f.Severity) + ": " + findingLine(f)
			if fails(f) {
				failed = append(failed, line)
				if failType == "" {
					failType = string(f.Field)
				}
			} else {
				other = append(other, line)
			}
		}
		if len(failed) > 0 {
			c.Failure = &junitFailure{Message: failed[0], Type: failType, Text: strings.Join(failed, "\n")}
		}
		if len(other) > 0 {
			c.SystemOut = strings.Join(other, "\n")
		}
		return c
	}
	eachCase := func(fn func(junitCase) error) error {
		for i := range rep.nResults {
			r := rep.result(i)
			if err := fn(newCase(r.Image, r.Findings)); err != nil {
				return err
			}
		}
		for i, r := range rep.UnmatchedRecords {
			if err := fn(newCase(fmt.Sprintf("caption line %d", r.Line), []check.Finding{rep.unmatchedFindings[i]})); err != nil {
				return err
			}
		}
		return nil
	}
	suite := junitSuite{Name: "captag check"}
	eachCase(func(c junitCase) error {
		suite.Tests++
		if c.Failure != nil {
			suite.Failures++
		}
		return nil
	})
	doc := junitSuites{Name: "captag check", Tests: suite.Tests, Failures: suite.Failures, Suites: []junitSuite{suite}}
	head, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	b.WriteString(xml.Header)
	// The document without its testcases ends "...></testsuite>\n</testsuites>";
	// the testcases go between the testsuite's tags.
	const emptySuite = "></testsuite>"
	cut := bytes.LastIndex(head, []byte(emptySuite))
	if suite.Tests == 0 || cut < 0 {
		b.Write(head)
	} else {
		b.Write(head[:cut+1])
		b.WriteString("\n")
		enc := xml.NewEncoder(b)
		enc.Indent("    ", "  ")
		start := xml.StartElement{Name: xml.Name{Local: "testcase"}}
		if err := eachCase(func(c junitCase) error { return enc.EncodeElement(c, start) }); err != nil {
			return err
		}
		b.WriteString("\n  </testsuite>")
		b.Write(head[cut+len(emptySuite):])
	}
	b.WriteString("\n")
	return b.Flush()
}

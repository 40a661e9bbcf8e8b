package main

import (
	"bufio"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

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
           date as the file states it, never converted to another zone)
  creator  the photographers against EXIF Artist, IPTC By-line, dc:creator
           (case, accents, punctuation and spacing do not matter)
  credit   the agency against IPTC/XMP Credit and Source, and a copyright
           that names an agency (AA = Anadolu Agency, AP = Associated
           Press, ...; add your own with --aliases)
  match    captions and images that could not be paired
  caption  problems in the caption record itself
  file     images that could not be read, stale IPTC digests, IPTC text
           without a charset

Stores that disagree with each other are a warning. The text report lists
the images with findings, each as "field store: caption says X, image says
Y", then a summary line; --format json and --format junit are for programs
and CI dashboards. Images are never modified.`,
		example: `  # the gate before upload: exit 1 when anything is wrong
  captag check --captions captions.txt photos/

  # strict: warnings fail too; JSON for a script
  captag check -c captions.txt --fail-on warning --format json photos/

  # a JUnit report for the CI dashboard
  captag check -c captions.csv --by name --format junit -r shoot/ > check.xml

  # the camera writes no creator; the agency calls itself "Anadolu Ajansi"
  captag check -c captions.txt --allow-missing creator --aliases agencies.txt photos/`,
		exits: `  0    no finding at or above --fail-on (default: no error)
  1    findings at or above --fail-on (the report says which)
  2    could not run: usage error, unreadable caption file, aliases file or
       folder, or the --by strategy cannot work on these inputs
  130  interrupted`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			cf.job.add(fs)
			newEnum(fs, &cf.format, "format", "", "text", []string{"text", "json", "junit"}, "report format")
			newEnum(fs, &cf.failOn, "fail-on", "", "error", []string{"error", "warning"}, "the lowest severity that makes the exit status 1")
			fs.StringSliceVar(&cf.allowMissing, "allow-missing", nil, "`FIELDS` (date, creator) that may be missing from every store: a warning instead of an error")
			fs.BoolVar(&cf.allowUnmatched, "allow-unmatched", false, "unmatched captions and images are warnings, not errors")
			fs.StringVar(&cf.aliases, "aliases", "", "extra agency names from `FILE`: one agency per line, its names separated by \"=\" (AA = Anadolu Agency = Anadolu Ajansi)")
			return func(ctx context.Context, e *env, args []string) int {
				return runCheck(ctx, e, args, &cf)
			}
		},
	}
}

// checkReport is the JSON report of captag check (a stable schema: see
// README.md).
type checkReport struct {
	Summary          checkSummary  `json:"summary"`
	Results          []checkResult `json:"results"`
	UnmatchedRecords []recordRef   `json:"unmatched_records"`
	UnmatchedImages  []string      `json:"unmatched_images"`

	// unmatchedFindings go with UnmatchedRecords, one each, for the text
	// and JUnit reports.
	unmatchedFindings []check.Finding
}

type checkSummary struct {
	Images   int `json:"images"`
	Records  int `json:"records"`
	Matched  int `json:"matched"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

type checkResult struct {
	Image     string          `json:"image"`
	Record    *recordRef      `json:"record"`
	MatchedBy string          `json:"matched_by"`
	Findings  []check.Finding `json:"findings"`
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

	j, code := prepare(ctx, e, "check", &cf.job, args, true)
	if code != exitOK {
		return code
	}
	rep := buildCheckReport(j, opts, cf.allowUnmatched)
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
		writeCheckText(e.stdout, palette{e.useColour()}, rep)
	}
	return code
}

// writeCheckJSON writes rep as MarshalIndent would, one result at a time.
func writeCheckJSON(w io.Writer, rep *checkReport) error {
	b := bufio.NewWriter(w)
	err := writeJSONObject(b, []jsonField{
		{"summary", indented(rep.Summary)},
		{"results", func(w *bufio.Writer) error {
			return writeJSONArray(w, "  ", len(rep.Results), func(i int) any { return rep.Results[i] })
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
func buildCheckReport(j *job, opts check.Options, allowUnmatched bool) *checkReport {
	rep := &checkReport{
		Results:          []checkResult{},
		UnmatchedRecords: []recordRef{},
		UnmatchedImages:  []string{},
	}
	for _, p := range j.plan.Pairs {
		rec := j.recs[p.Record]
		ref := refOf(rec)
		rep.Results = append(rep.Results, checkResult{
			Image: j.imgs[p.Image].Path, Record: &ref, MatchedBy: string(p.By),
			Findings: check.Compare(rec, j.imgs[p.Image], p.By, opts),
		})
	}
	for _, u := range j.plan.UnmatchedImages {
		path := j.imgs[u.Index].Path
		rep.UnmatchedImages = append(rep.UnmatchedImages, path)
		rep.Results = append(rep.Results, checkResult{
			Image: path, Findings: []check.Finding{check.UnmatchedFinding("image", u.Reason, allowUnmatched)},
		})
	}
	for _, b := range j.bad {
		rep.Results = append(rep.Results, checkResult{
			Image: b.path, Findings: []check.Finding{{
				Severity: check.SeverityError, Field: check.FieldFile,
				Message: "the image could not be read: " + b.err.Error(),
			}},
		})
	}
	sort.SliceStable(rep.Results, func(a, b int) bool { return rep.Results[a].Image < rep.Results[b].Image })
	sort.Strings(rep.UnmatchedImages)
	for _, u := range j.plan.UnmatchedRecords {
		rep.UnmatchedRecords = append(rep.UnmatchedRecords, refOf(j.recs[u.Index]))
		rep.unmatchedFindings = append(rep.unmatchedFindings, check.UnmatchedFinding("record", u.Reason, allowUnmatched))
	}

	rep.Summary = checkSummary{Images: len(j.imgs) + len(j.bad), Records: len(j.recs), Matched: len(j.plan.Pairs)}
	count := func(fs []check.Finding) {
		for _, f := range fs {
			if f.Severity == check.SeverityError {
				rep.Summary.Errors++
			} else {
				rep.Summary.Warnings++
			}
		}
	}
	for _, r := range rep.Results {
		count(r.Findings)
	}
	count(rep.unmatchedFindings)
	return rep
}

// findingLine words a finding for people: "date exif: caption says X,
// image says Y" when it compares values, else "field store: message".
func findingLine(f check.Finding) string {
	head := f.Field
	if f.Store != "" {
		head += " " + f.Store
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

func severityWord(p palette, s check.Severity) string {
	if s == check.SeverityError {
		return p.red("error  ")
	}
	return p.yellow("warning")
}

func writeCheckText(w io.Writer, p palette, rep *checkReport) {
	b := bufio.NewWriter(w)
	defer b.Flush()
	withFindings := 0
	for _, r := range rep.Results {
		if len(r.Findings) == 0 {
			continue
		}
		withFindings++
		head := p.bold(r.Image)
		if r.Record != nil {
			head += fmt.Sprintf("  caption line %d, matched by %s", r.Record.Line, r.MatchedBy)
		}
		b.WriteString(head + "\n")
		seen := map[string]bool{}
		for _, f := range r.Findings {
			// Credit and Source of one store often say the same thing:
			// one line for both (the JSON report keeps each finding).
			line := fmt.Sprintf("  %s  %s\n", severityWord(p, f.Severity), findingLine(f))
			if !seen[line] {
				seen[line] = true
				b.WriteString(line)
			}
		}
	}
	if len(rep.UnmatchedRecords) > 0 {
		b.WriteString(p.bold("captions without an image") + "\n")
		for i, r := range rep.UnmatchedRecords {
			fmt.Fprintf(b, "  %s  line %d: %s\n", severityWord(p, rep.unmatchedFindings[i].Severity), r.Line, rep.unmatchedFindings[i].Message)
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
	fmt.Fprintf(b, "%s, %s, %d matched: %s", plural(s.Images, "image"), plural(s.Records, "caption"), s.Matched, verdict)
	if withFindings > 0 {
		fmt.Fprintf(b, " (in %s)", plural(withFindings, "image"))
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

func writeJUnit(w io.Writer, rep *checkReport, failOn string) error {
	fails := func(f check.Finding) bool {
		return f.Severity == check.SeverityError || failOn == "warning"
	}
	suite := junitSuite{Name: "captag check"}
	addCase := func(name string, fs []check.Finding) {
		c := junitCase{Name: name, Classname: "captag.check"}
		var failed, other []string
		failType := ""
		for _, f := range fs {
			line := string(f.Severity) + ": " + findingLine(f)
			if fails(f) {
				failed = append(failed, line)
				if failType == "" {
					failType = f.Field
				}
			} else {
				other = append(other, line)
			}
		}
		if len(failed) > 0 {
			c.Failure = &junitFailure{Message: failed[0], Type: failType, Text: strings.Join(failed, "\n")}
			suite.Failures++
		}
		if len(other) > 0 {
			c.SystemOut = strings.Join(other, "\n")
		}
		suite.Cases = append(suite.Cases, c)
		suite.Tests++
	}
	for _, r := range rep.Results {
		addCase(r.Image, r.Findings)
	}
	for i, r := range rep.UnmatchedRecords {
		addCase(fmt.Sprintf("caption line %d", r.Line), []check.Finding{rep.unmatchedFindings[i]})
	}
	doc := junitSuites{Name: "captag check", Tests: suite.Tests, Failures: suite.Failures, Suites: []junitSuite{suite}}
	b, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, xml.Header+string(b)+"\n")
	return err
}

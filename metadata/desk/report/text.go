package report

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
)

// The reports for people: plain text with optional colours, every value
// from a file escaped by metadata.Visible so that it cannot drive a
// terminal. The caller says whether to colour (TextOptions.Colour): the
// library never asks whether its writer is a terminal, nor reads the
// environment. What a reason adds in the caller's terms comes from
// Options.Hints, as in the JSON and HTML reports.

// TextOptions tune the text reports (Render's FormatText).
type TextOptions struct {
	// Colour wraps severities, verdicts and headers in ANSI colours.
	Colour bool
}

// palette wraps text in ANSI colours, or leaves it alone
// (TextOptions.Colour).
type palette struct{ On bool }

func (p palette) wrap(code, s string) string {
	if !p.On {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p palette) Red(s string) string    { return p.wrap("31", s) }
func (p palette) Yellow(s string) string { return p.wrap("33", s) }
func (p palette) Green(s string) string  { return p.wrap("32", s) }
func (p palette) Bold(s string) string   { return p.wrap("1", s) }

func severityWord(p palette, s metadata.Severity) string {
	if s == metadata.SeverityError {
		return p.Red("error  ")
	}
	return p.Yellow("warning")
}

// checkText writes the check report for people (captag check): the
// images with findings, a line per finding, the captions without an
// image, the order notes (OrderNote) and the summary line.
func checkText(w io.Writer, rep *desk.CheckReport, o TextOptions) error {
	b := bufio.NewWriter(w)
	p := palette{On: o.Colour}
	orderNote := OrderNote(rep.Job().Plan().Pairs)
	withFindings := 0
	for i := range rep.Len() {
		r := rep.Result(i)
		if len(r.Findings) == 0 {
			continue
		}
		withFindings++
		head := p.Bold(metadata.Visible(r.Image))
		if r.Record != nil {
			head += fmt.Sprintf("  caption line %d, matched by %s", r.Record.Line, desk.PairText(r.Pair))
		}
		b.WriteString(head + "\n")
		seen := map[string]bool{}
		for _, f := range r.Findings {
			// Credit and Source of one store often say the same thing:
			// one line for both (the JSON report keeps each finding).
			line := fmt.Sprintf("  %s  %s\n", severityWord(p, f.Severity), metadata.Visible(FindingText(f)))
			if !seen[line] {
				seen[line] = true
				b.WriteString(line)
			}
		}
	}
	if len(rep.UnmatchedRecords) > 0 {
		b.WriteString(p.Bold("captions without an image") + "\n")
		for i, r := range rep.UnmatchedRecords {
			fmt.Fprintf(b, "  %s  line %d: %s\n", severityWord(p, rep.UnmatchedFindings[i].Severity), r.Line, metadata.Visible(rep.UnmatchedFindings[i].Message))
		}
	}
	if len(rep.Superseded) > 0 {
		b.WriteString(p.Bold("captions superseded (a later caption names the same image)") + "\n")
		writeSuperseded(b, rep.Superseded)
	}
	s := rep.Summary
	verdict := p.Green("all images agree with their captions")
	switch {
	case s.Errors > 0:
		verdict = p.Red(fmt.Sprintf("%s, %s", Plural(s.Errors, "error"), Plural(s.Warnings, "warning")))
	case s.Warnings > 0:
		verdict = p.Yellow(fmt.Sprintf("0 errors, %s", Plural(s.Warnings, "warning")))
	}
	if withFindings > 0 || len(rep.UnmatchedRecords) > 0 || len(rep.Superseded) > 0 {
		b.WriteString("\n")
	}
	for _, l := range orderNote {
		b.WriteString(metadata.Visible(l) + "\n")
	}
	if len(orderNote) > 0 {
		b.WriteString("\n")
	}
	b.WriteString(checkSummary(s, verdict, withFindings) + "\n")
	return b.Flush()
}

// checkSummary is the check report's summary line: the counts, verdict,
// the files with findings, the checks not made.
func checkSummary(s desk.CheckSummary, verdict string, withFindings int) string {
	images := Plural(s.Images, "image")
	if s.NotImages > 0 {
		// "5 images" would count as images the files that are none.
		images = Plural(s.Images-s.NotImages, "image") + " and " + Plural(s.NotImages, "file") + " named like one"
	}
	line := fmt.Sprintf("%s, %s, %d matched: %s", images, Plural(s.Records, "caption"), s.Matched, verdict)
	if withFindings > 0 {
		what := "image"
		if s.NotImages > 0 {
			what = "file"
		}
		line += fmt.Sprintf(" (in %s)", Plural(withFindings, what))
	}
	if n := s.NotChecked; n.Total() > 0 {
		var parts []string
		for _, c := range []struct {
			field string
			n     int
		}{{"date", n.Date}, {"creator", n.Creator}, {"credit", n.Credit}} {
			if c.n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", c.field, c.n))
			}
		}
		line += "; not checked: " + strings.Join(parts, ", ")
	}
	return line + OutOfScopeNote(s.OutOfScope)
}

// writeSuperseded lists the captions set aside for a later one naming
// the same image, a line each.
func writeSuperseded(b *bufio.Writer, ss []desk.Superseded) {
	for _, s := range ss {
		fmt.Fprintf(b, "  line %d: superseded by line %d, which names %s too\n", s.Line, s.By, metadata.Visible(s.Image))
	}
}

// matchText writes the plan for people (captag match): a line per pair,
// the captions and images left over, which way the caption file runs and
// the summary line.
func matchText(w io.Writer, out *desk.MatchReport, o TextOptions) error {
	b := bufio.NewWriter(w)
	p := palette{On: o.Colour}
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	byMethod := map[check.Method]int{}
	var groups []*check.Group // in the order their first pair is listed
	inGroup := map[*check.Group]int{}
	for _, pj := range out.Pairs {
		pr := pj.Pair
		byMethod[pr.By]++
		by := desk.PairText(pr)
		if pr.By != check.ByName && pr.By != check.ByDateCreator && pr.By != check.ByText {
			by = p.Yellow(by)
		}
		if pr.Group != nil {
			if _, ok := inGroup[pr.Group]; !ok {
				groups = append(groups, pr.Group)
			}
			inGroup[pr.Group]++
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", metadata.Visible(pj.Image), metadata.Visible(RecordText(pj.Caption)), by)
		if x := pj.Explain; x != nil {
			tw.Flush()
			writeExplain(b, x, true)
		}
	}
	tw.Flush()
	if len(out.UnmatchedRecords) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.Red("captions without an image:"))
		for _, u := range out.UnmatchedRecords {
			fmt.Fprintf(b, "  line %d: %s\n", u.Line, metadata.Visible(u.Reason))
		}
	}
	if len(out.UnmatchedImages) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.Red("images without a caption:"))
		for _, u := range out.UnmatchedImages {
			fmt.Fprintf(b, "  %s: %s\n", metadata.Visible(u.Image), metadata.Visible(u.Reason))
			if u.Explain != nil {
				writeExplain(b, u.Explain, false) // the reason is the why
			}
		}
	}
	if len(out.Superseded) > 0 {
		fmt.Fprintf(b, "\n%s\n", "captions superseded (a later caption names the same image):")
		writeSuperseded(b, out.Superseded)
	}
	// Which way the caption file runs, and what was chosen by order.
	co := out.Summary.CaptionOrder
	fmt.Fprintf(b, "\ncaption file: %s (%s: %s)\n", strings.ReplaceAll(co.Direction, "-", " "), co.From, metadata.Visible(co.Reason))
	if len(groups) > 0 {
		fmt.Fprintf(b, "%s\n", p.Yellow("chosen by order among different captions that fit alike (not certain; write leaves them alone"+out.Job().Hint(check.ReasonOrderNotGiven)+"):"))
		for _, g := range groups {
			fmt.Fprintf(b, "  %s: %d images among %d captions (%d different texts), read %s\n", metadata.Visible(g.Label()), inGroup[g], g.Captions, g.Texts, strings.ReplaceAll(string(g.Direction), "-", " "))
		}
	}
	fmt.Fprintf(b, "\n%s\n", matchSummary(out, byMethod))
	return b.Flush()
}

// matchSummary is the plan's summary line: the counts, the pairs by how
// they were made (byMethod), what is left unmatched.
func matchSummary(out *desk.MatchReport, byMethod map[check.Method]int) string {
	var how []string
	for _, m := range []check.Method{check.ByName, check.ByBaseName, check.ByText, check.ByDateCreator, check.ByCreator, check.ByDate, check.ByOrder} {
		if n := byMethod[m]; n > 0 {
			how = append(how, fmt.Sprintf("%d by %s", n, m))
		}
	}
	summary := fmt.Sprintf("%s, %s: %d matched", Plural(out.Summary.Images, "image"), Plural(out.Summary.Records, "caption"), out.Summary.Matched)
	if len(how) > 0 {
		summary += " (" + strings.Join(how, ", ") + ")"
	}
	summary += fmt.Sprintf(", %d captions and %d images unmatched", len(out.UnmatchedRecords), len(out.UnmatchedImages))
	return summary + OutOfScopeNote(out.Summary.OutOfScope)
}

// writeExplain prints one image's explanation under its line.
func writeExplain(b *bufio.Writer, x *desk.Explained, why bool) {
	if why {
		fmt.Fprintf(b, "    why: %s\n", metadata.Visible(x.Why))
	}
	for _, c := range x.Candidates {
		mark := " "
		if c.Chosen {
			mark = "*"
		}
		text := "no text"
		if c.Text != nil {
			text = fmt.Sprintf("text %.2f", *c.Text)
		}
		fmt.Fprintf(b, "    %s line %-5d %-9s  date %-3s  creator %s\n", mark, c.Line, text, yesNo(c.Date), yesNo(c.Creator))
	}
	if x.More > 0 {
		fmt.Fprintf(b, "      and %d more captions of its day or creator\n", x.More)
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// writeText writes the write report for people (captag write): a line
// per sidecar, with WriteOptions.Embed a line per image too, then the
// unmatched and the summary.
func writeText(w io.Writer, rep *desk.WriteReport, o TextOptions) error {
	b := bufio.NewWriter(w)
	p := palette{On: o.Colour}
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	var c writeCounts
	for _, t := range rep.Results {
		c.add(tw, p, t, rep.DryRun)
	}
	tw.Flush()
	unmatched := writeUnmatched(b, p, rep.Job())
	fmt.Fprintf(b, "\n%s\n", strings.Join(c.summary(rep, unmatched), "\n"))
	return b.Flush()
}

// writeCounts are the results of a write per status, as its text report
// lists them.
type writeCounts struct {
	sidecars      map[desk.WriteStatus]int
	embeds        map[desk.EmbedStatus]int
	embedWarnings int
}

// add counts t and writes its lines: its sidecar's, its notes, and with
// an embed result the image's.
func (c *writeCounts) add(tw io.Writer, p palette, t desk.WriteResult, dryRun bool) {
	if c.sidecars == nil {
		c.sidecars, c.embeds = map[desk.WriteStatus]int{}, map[desk.EmbedStatus]int{}
	}
	c.sidecars[t.Status]++
	if t.Status == desk.NotDone {
		return
	}
	if word, detail := sidecarWords(p, t, dryRun); t.Status != desk.NoSidecar {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", word, metadata.Visible(t.Target), metadata.Visible(detail))
	}
	for _, n := range t.Notes {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Yellow("warning"), metadata.Visible(t.Target), metadata.Visible(n))
	}
	e := t.Embed
	if e == nil {
		return
	}
	c.embeds[e.Status]++
	c.embedWarnings += len(e.Warnings)
	word, detail := embedWords(p, e, dryRun)
	fmt.Fprintf(tw, "%s\t%s\t%s\n", word, metadata.Visible(t.Image), metadata.Visible(detail))
	if e.Rights != "" && e.Status == desk.Embedded {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", "note", metadata.Visible(t.Image), metadata.Visible("copyright set to \""+e.Rights+"\": the image's named an agency the caption does not credit"))
	}
	for _, n := range e.Warnings {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Yellow("warning"), metadata.Visible(t.Image), metadata.Visible(n))
	}
}

// sidecarWords are the status word and the detail of t's sidecar line.
func sidecarWords(p palette, t desk.WriteResult, dryRun bool) (word, detail string) {
	switch t.Status {
	case desk.Shared:
		word, detail = "shared", "one picture with "+filepath.Base(t.SharedBy)+": written once"
	case desk.Created:
		word, detail = "created", strings.Join(t.Changed, ", ")
		if dryRun {
			word = "would create"
		}
		word = p.Green(word)
	case desk.Updated:
		word, detail = "updated", strings.Join(t.Changed, ", ")
		if dryRun {
			word = "would update"
		}
		word = p.Green(word)
	case desk.Unchanged:
		word = "unchanged"
	case desk.Skipped:
		word, detail = p.Red("left alone"), t.Err.Error()
	case desk.Failed:
		word, detail = p.Red("failed"), t.Err.Error()
	}
	if t.Status == desk.Created || t.Status == desk.Updated || t.Status == desk.Unchanged {
		how := " (by " + desk.PairText(t.Pair)
		if t.Accepted {
			how += " only, accepted"
		}
		detail = strings.TrimPrefix(detail+how+")", " ")
	}
	return word, detail
}

// embedWords are the status word and the detail of an image's embed line.
func embedWords(p palette, e *desk.EmbedResult, dryRun bool) (word, detail string) {
	switch e.Status {
	case desk.Embedded:
		word, detail = p.Green("embedded"), strings.Join(e.Fields(), ", ")
		if dryRun {
			word = p.Green("would embed")
		}
	case desk.EmbedUnchanged:
		word = "unchanged"
	case desk.Refused:
		word, detail = p.Red("refused"), e.Err.Error()
	case desk.EmbedFailed:
		word, detail = p.Red("failed"), e.Err.Error()
	case desk.NotEmbedded:
		word, detail = "not embedded", e.Format+": captag embeds into JPEG only; the sidecar has the caption"
	}
	return word, detail
}

// writeUnmatched lists what a write left unmatched (nothing written from
// it): the captions, the images and files that could not be read, the
// captions superseded. It returns how many captions and images.
func writeUnmatched(b *bufio.Writer, p palette, j *desk.Job) int {
	plan, recs, bad := j.Plan(), j.RecordStore(), j.Unreadable()
	if len(plan.UnmatchedRecords) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.Red("captions without an image (nothing written):"))
		for _, u := range plan.UnmatchedRecords {
			fmt.Fprintf(b, "  line %d: %s\n", recs.Line(u.Index), metadata.Visible(u.Reason))
		}
	}
	if len(plan.UnmatchedImages)+len(bad) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.Red("images without a caption (nothing written):"))
		type item struct{ path, reason string }
		var items []item
		for _, u := range plan.UnmatchedImages {
			items = append(items, item{j.ImagePath(u.Index), u.Reason})
		}
		for _, f := range bad {
			items = append(items, item{f.Path, "could not be read: " + f.Err.Error()})
		}
		sort.Slice(items, func(a, c int) bool { return items[a].path < items[c].path })
		for _, it := range items {
			fmt.Fprintf(b, "  %s: %s\n", metadata.Visible(it.path), metadata.Visible(it.reason))
		}
	}
	if ss := j.Superseded(); len(ss) > 0 {
		fmt.Fprintf(b, "\n%s\n", "captions superseded (a later caption names the same image; nothing written from them):")
		writeSuperseded(b, ss)
	}
	return len(plan.UnmatchedRecords) + len(plan.UnmatchedImages) + len(bad)
}

// summary is the write report's last lines: the sidecars' counts (unless
// every image was embedded into without one), the images' with Embedding,
// the last line ending in what was unmatched and how the run went.
func (c *writeCounts) summary(rep *desk.WriteReport, unmatched int) []string {
	counts, embeds := c.sidecars, c.embeds
	created, updated, embedded := "created", "updated", "embedded"
	if rep.DryRun {
		created, updated, embedded = "to create", "to update", "to embed"
	}
	var lines []string
	if sidecars := len(rep.Results) - counts[desk.Shared] - counts[desk.NoSidecar]; !rep.Embedding || sidecars > 0 {
		lines = append(lines, fmt.Sprintf("%s: %d %s, %d %s, %d unchanged, %d left alone, %d failed",
			Plural(sidecars, "sidecar"), counts[desk.Created], created, counts[desk.Updated], updated,
			counts[desk.Unchanged], counts[desk.Skipped], counts[desk.Failed]))
	}
	if rep.Embedding {
		n := 0
		for _, k := range embeds {
			n += k
		}
		l := fmt.Sprintf("%s: %d %s, %d unchanged, %d refused, %d failed, %d not embedded",
			Plural(n, "image"), embeds[desk.Embedded], embedded, embeds[desk.EmbedUnchanged],
			embeds[desk.Refused], embeds[desk.EmbedFailed], embeds[desk.NotEmbedded])
		if c.embedWarnings > 0 {
			l += "; " + Plural(c.embedWarnings, "warning")
		}
		lines = append(lines, l)
	}
	summary := lines[len(lines)-1]
	if unmatched > 0 {
		summary += fmt.Sprintf("; %d unmatched", unmatched)
	}
	summary += OutOfScopeNote(len(rep.Job().OutOfScope()))
	if rep.DryRun {
		summary += " (dry run: nothing written)"
	}
	if rep.Interrupted {
		summary += fmt.Sprintf("; interrupted, %d not started", counts[desk.NotDone])
	}
	lines[len(lines)-1] = summary
	return lines
}

// inspectRows are the rows of the text table, in order.
var inspectRows = []struct {
	name string
	get  func(*metadata.Store) string
}{
	{"date", func(s *metadata.Store) string {
		if s.Date.IsZero() {
			return ""
		}
		return s.Date.String()
	}},
	{"creators", func(s *metadata.Store) string { return strings.Join(s.Creators, "; ") }},
	{"credit", func(s *metadata.Store) string { return s.Credit }},
	{"source", func(s *metadata.Store) string { return s.Source }},
	{"copyright", func(s *metadata.Store) string { return s.Copyright }},
	{"description", func(s *metadata.Store) string { return s.Description }},
	{"headline", func(s *metadata.Store) string { return s.Headline }},
	{"title", func(s *metadata.Store) string { return s.Title }},
	{"keywords", func(s *metadata.Store) string { return strings.Join(s.Keywords, ", ") }},
	{"city", func(s *metadata.Store) string { return s.City }},
	{"sublocation", func(s *metadata.Store) string { return s.Sublocation }},
	{"region", func(s *metadata.Store) string { return s.Region }},
	{"country", func(s *metadata.Store) string { return s.Country }},
	{"country code", func(s *metadata.Store) string { return s.CountryCode }},
	{"charset", func(s *metadata.Store) string { return s.Charset }},
}

// maxCellRunes caps a cell of the text table; the JSON has the whole text.
const maxCellRunes = 40

func cell(s string) string {
	s = metadata.Visible(strings.Join(strings.Fields(s), " "))
	if utf8.RuneCountInString(s) <= maxCellRunes {
		return s
	}
	r := []rune(s)
	return string(r[:maxCellRunes-1]) + "…"
}

// fileText writes one file's block of the inspect report for people: a
// header line, then a table with a row per field and a column per store,
// then warnings.
func fileText(b io.Writer, f desk.File, o TextOptions) {
	p := palette{On: o.Colour}
	if f.Err != nil {
		if f.Unsupported() {
			fmt.Fprintf(b, "%s  %s\n", p.Bold(metadata.Visible(f.Path)), p.Yellow(metadata.Visible(f.Err.Error())))
		} else {
			fmt.Fprintf(b, "%s  %s\n", p.Bold(metadata.Visible(f.Path)), p.Red("error: "+metadata.Visible(f.Err.Error())))
		}
		return
	}
	im := f.Image
	fmt.Fprintf(b, "%s  %s\n", p.Bold(metadata.Visible(f.Path)), im.Format)
	stores := im.Stores()
	if len(stores) == 0 {
		io.WriteString(b, "  no metadata stores\n")
	} else {
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		fmt.Fprint(tw, "  ")
		for _, s := range stores {
			fmt.Fprintf(tw, "\t%s", s.Kind)
		}
		fmt.Fprintln(tw)
		for _, row := range inspectRows {
			vals := make([]string, len(stores))
			has := false
			for i, s := range stores {
				vals[i] = cell(row.get(s))
				has = has || vals[i] != ""
			}
			if !has {
				continue
			}
			fmt.Fprintf(tw, "  %s", row.name)
			for _, v := range vals {
				if v == "" {
					v = "-"
				}
				fmt.Fprintf(tw, "\t%s", v)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	msgs := make([]string, len(im.Warnings))
	for i, wn := range im.Warnings {
		msgs[i] = wn.Message
	}
	for _, m := range desk.CollapseRepeats(msgs) {
		fmt.Fprintf(b, "  %s %s\n", p.Yellow("warning:"), metadata.Visible(m))
	}
}

// writeRecordText writes one record as a line for people:
// "FILE:LINE  DATE  PLACE  CREATORS / AGENCY" (for a caption whose credit
// no rule read, "no credit" and the model's guess, said to be one), then
// its problems. The
// columns are tab-separated for a tabwriter.
func writeRecordText(b io.Writer, p palette, file string, r caption.Record) {
	date := r.DateString()
	switch {
	case date == "" && r.Dateline() != "":
		date = "????-" + r.Dateline()
	case date == "":
		date = "no date"
	case r.DateInferred:
		date += " (year inferred)"
	}
	place := joinNonEmpty(", ", r.City, r.Region, r.Country)
	if place == "" {
		place = "no place"
	}
	agencies := r.Agency
	if len(r.Agencies) > 1 {
		agencies = strings.Join(r.Agencies, " / ") // the whole chain: "NHLI / Getty Images"
	}
	credit := joinNonEmpty(" / ", strings.Join(r.Creators, ", "), agencies)
	if credit == "" {
		credit = "no credit"
		if g := r.Guess; g != nil {
			// Said to be a guess: nothing is written or checked by it.
			credit += " (a guess: " + joinNonEmpty(" / ", strings.Join(g.Creators, ", "), strings.Join(g.Agencies, " / ")) + ")"
		}
	}
	fmt.Fprintf(b, "%s\t%s\t%s\t%s", p.Bold(fmt.Sprintf("%s:%d", metadata.Visible(file), r.Line)), metadata.Visible(date), metadata.Visible(place), metadata.Visible(credit))
	if r.File != "" {
		fmt.Fprintf(b, "\tfile %s", metadata.Visible(r.File))
	}
	fmt.Fprintln(b)
	for _, pr := range r.Problems {
		sev := string(pr.Severity)
		if pr.Severity == metadata.SeverityError {
			sev = p.Red(sev)
		} else {
			sev = p.Yellow(sev)
		}
		fmt.Fprintf(b, "    %s: %s\n", sev, metadata.Visible(pr.Message))
	}
}

// CaptionFile is one caption file's records, for WriteCaptionsText.
type CaptionFile struct {
	Name    string // as the report names the file
	Records []caption.Record
}

// WriteCaptionsText writes the records of files for people (captag
// captions): a line per record with its problems under it, the columns
// aligned across every file, then the counts.
func captionsText(w io.Writer, files []CaptionFile, o TextOptions) error {
	p := palette{On: o.Colour}
	b := bufio.NewWriter(w)
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	var nrec, nerr, nwarn int
	for _, f := range files {
		for _, r := range f.Records {
			nrec++
			writeRecordText(tw, p, f.Name, r)
			for _, pr := range r.Problems {
				if pr.Severity == metadata.SeverityError {
					nerr++
				} else {
					nwarn++
				}
			}
		}
	}
	tw.Flush()
	fmt.Fprintf(b, "%s, %s, %s\n", Plural(nrec, "record"), Plural(nerr, "error"), Plural(nwarn, "warning"))
	return b.Flush()
}

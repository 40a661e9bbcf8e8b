package report

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/sheet"
)

// SheetOptions tune the contact sheets (Render's FormatHTML): one self-contained
// HTML page, a card per picture (package sheet draws it).
type SheetOptions struct {
	Command string   // the command line shown in the page's header
	Notes   []string // more lines under the summary, after the order notes (OrderNote)
	// Thumbs puts a thumbnail on each card, made by the job's workers as
	// the page is written (the embedded preview, else the picture
	// decoded under the job's memory budget).
	Thumbs bool
}

// previews is what a page asks of each image as it is written: the
// stores read again, and a thumbnail when o.Thumbs.
func (o SheetOptions) previews() desk.Previews {
	p := desk.Previews{Stores: true}
	if o.Thumbs {
		p.Thumbs = &desk.Thumbs{}
	}
	return p
}

// storeOrder is the order of a card's store rows.
var storeOrder = [...]metadata.StoreKind{metadata.StoreEXIF, metadata.StoreIPTC, metadata.StoreXMP, metadata.StoreSidecar}

// checkHTML writes the contact sheet of a check: a card per image
// that was paired or could not be read, in path order; the unmatched
// captions and images in their own section; the summary line and the
// order notes (OrderNote) as the text report words them.
//
// The check was run for its findings only. The summary is counted from
// them first; then each card's stores and thumbnail are made as the page
// is written, by the job's workers a few images ahead (CheckReport.Each),
// and dropped once the card is written: the page's memory does not grow
// with the number of pictures.
func checkHTML(ctx context.Context, w io.Writer, rep *desk.CheckReport, o SheetOptions) error {
	st := &sheet.Stream{Title: "captag check", Command: o.Command}
	s := rep.Summary
	line := fmt.Sprintf("%s, %s, %d matched", Plural(s.Images, "image"), Plural(s.Records, "caption"), s.Matched)
	if n := s.NotChecked; n.Total() > 0 {
		line += fmt.Sprintf("; not checked: date %d, creator %d, credit %d", n.Date, n.Creator, n.Credit)
	}
	st.Notes = append(st.Notes, line+OutOfScopeNote(s.OutOfScope))
	st.Notes = append(st.Notes, supersededNotes(rep.Superseded)...)
	st.Notes = append(st.Notes, captionOrderNote(s.CaptionOrder))
	st.Notes = append(st.Notes, OrderNote(rep.Job().Plan().Pairs)...)
	st.Notes = append(st.Notes, o.Notes...)

	sum := sheet.Summary{ByField: map[string]int{}}
	for i := range rep.Len() {
		res := rep.Result(i)
		if isUnmatchedPicture(&res) {
			sum.Pictures++
			continue
		}
		sum.Add(&sheet.Card{Findings: sheetFindings(res.Findings)})
	}
	sum.Captions = len(rep.UnmatchedRecords)
	sum.Unmatched = sum.Captions + sum.Pictures
	st.Summary = sum

	var cut error // what stopped the cards short
	p := o.previews()
	st.Cards = func(yield func(sheet.Card) bool) {
		err := rep.Each(ctx, p, func(r *desk.Result) bool { return !isUnmatchedPicture(r) }, func(res desk.Result) bool {
			return yield(checkCard(&res))
		})
		cut = firstErr(cut, err)
	}
	st.UnmatchedPictures = func(yield func(sheet.Unmatched) bool) {
		err := rep.Each(ctx, desk.Previews{Thumbs: p.Thumbs}, isUnmatchedPicture, func(res desk.Result) bool {
			reason := ""
			if len(res.Findings) > 0 {
				reason = res.Findings[0].Message
			}
			return yield(sheet.Unmatched{Path: metadata.Visible(res.Image), Thumb: res.Thumb, Reason: reason})
		})
		cut = firstErr(cut, err)
	}
	st.UnmatchedCaptions = func(yield func(sheet.Unmatched) bool) {
		for i, u := range rep.UnmatchedRecords {
			if !yield(sheet.Unmatched{Line: u.Line, Text: u.Text, Reason: rep.UnmatchedFindings[i].Message}) {
				return
			}
		}
	}
	err := sheet.RenderStream(w, st, sheet.Options{NoThumbs: !o.Thumbs})
	return firstErr(cut, err)
}

// firstErr is the first of errs that is not nil.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkCard is the card of one result with its stores and thumbnail.
func checkCard(res *desk.Result) sheet.Card {
	c := sheet.Card{Path: metadata.Visible(res.Image), Thumb: res.Thumb, ThumbNote: res.ThumbNote}
	if res.Caption != nil {
		fillCaption(&c, res.Caption, res.Pair)
	}
	c.Findings = sheetFindings(res.Findings)
	c.Stores = storeRows(res.Stores, res.Findings, res.Record != nil)
	return c
}

// isUnmatchedPicture reports whether a result is an image that was read
// but not paired: shown in the unmatched section, not as a card.
func isUnmatchedPicture(res *desk.Result) bool {
	return res.Record == nil && isUnmatchedImage(res.Findings)
}

// isUnmatchedImage reports whether the findings are those of an image
// that was read but not paired (field match).
func isUnmatchedImage(fs []check.Finding) bool {
	return len(fs) == 1 && fs[0].Field == check.FieldMatch
}

// matchHTML writes the contact sheet of a match: a card per pair in
// path order, with the caption and how it was paired; the unmatched
// captions and images (and the files that could not be read) in their own
// section. The thumbnails are made as the page is written, as
// checkHTML's.
func matchHTML(ctx context.Context, w io.Writer, out *desk.MatchReport, o SheetOptions) error {
	st := &sheet.Stream{Title: "captag match", Command: o.Command}
	s := out.Summary
	st.Notes = append(st.Notes,
		fmt.Sprintf("%s, %s, %d matched, %d unreadable", Plural(s.Images, "image"), Plural(s.Records, "caption"), s.Matched, s.Unreadable)+OutOfScopeNote(s.OutOfScope))
	st.Notes = append(st.Notes, supersededNotes(out.Superseded)...)
	st.Notes = append(st.Notes, captionOrderNote(s.CaptionOrder))
	pairs := make([]check.Pair, len(out.Pairs))
	for i, p := range out.Pairs {
		pairs[i] = p.Pair
	}
	st.Notes = append(st.Notes, OrderNote(pairs)...)
	st.Notes = append(st.Notes, o.Notes...)
	sum := sheet.Summary{ByField: map[string]int{}}
	for range out.Pairs {
		sum.Add(&sheet.Card{}) // a pair has no findings
	}
	sum.Captions, sum.Pictures = len(out.UnmatchedRecords), len(out.UnmatchedImages)
	sum.Unmatched = sum.Captions + sum.Pictures
	st.Summary = sum

	var cut error
	p := o.previews()
	p.Stores = false
	st.Cards = func(yield func(sheet.Card) bool) {
		err := out.EachPair(ctx, p, func(pr desk.MatchPair) bool {
			c := sheet.Card{Path: metadata.Visible(pr.Image), Thumb: pr.Thumb, ThumbNote: pr.ThumbNote}
			fillCaption(&c, pr.Caption, pr.Pair)
			return yield(c)
		})
		cut = firstErr(cut, err)
	}
	st.UnmatchedPictures = func(yield func(sheet.Unmatched) bool) {
		err := out.EachUnmatchedImage(ctx, p, func(u desk.UnmatchedImage) bool {
			return yield(sheet.Unmatched{Path: metadata.Visible(u.Image), Thumb: u.Thumb, Reason: u.Reason})
		})
		cut = firstErr(cut, err)
	}
	st.UnmatchedCaptions = func(yield func(sheet.Unmatched) bool) {
		for _, u := range out.UnmatchedRecords {
			if !yield(sheet.Unmatched{Line: u.Line, Text: u.Text, Reason: u.Reason}) {
				return
			}
		}
	}
	err := sheet.RenderStream(w, st, sheet.Options{NoThumbs: !o.Thumbs})
	return firstErr(cut, err)
}

func captionOrderNote(co desk.CaptionOrder) string {
	return fmt.Sprintf("caption file: %s (%s: %s)", strings.ReplaceAll(co.Direction, "-", " "), co.From, co.Reason)
}

// fillCaption sets what a card says of its caption: text, line, what it
// says of date, creator and credit, and how it was paired.
func fillCaption(c *sheet.Card, rec *caption.Record, p check.Pair) {
	c.Caption, c.Line = rec.Text, rec.Line
	c.Pairing = desk.PairText(p)
	c.Want.Date = rec.DateString()
	if c.Want.Date != "" && rec.DateInferred {
		c.Want.Date += " (year from the image)"
	}
	c.Want.Creator = strings.Join(rec.Creators, "; ")
	c.Want.Credit = strings.Join(rec.Agencies, " / ")
	if c.Want.Credit == "" {
		c.Want.Credit = rec.Agency
	}
}

// sheetFindings are the findings in words, one line for findings that
// read the same (Credit and Source of one store often say one thing), as
// the text report shows them.
func sheetFindings(fs []check.Finding) []sheet.Finding {
	var out []sheet.Finding
	seen := map[sheet.Finding]bool{}
	for _, f := range fs {
		sf := sheet.Finding{Severity: string(f.Severity), Field: string(f.Field), Store: string(f.Store), Message: f.Message}
		if f.NotChecked || f.Message == "" {
			sf.Message = FindingText(f)
		}
		if !seen[sf] {
			seen[sf] = true
			out = append(out, sf)
		}
	}
	return out
}

// storeRows is the card's table: a row per store kind, its values, each
// cell that a finding names marked. A finding marks the cells of the
// stores whose values it quotes; one that quotes none (the field is
// missing from every store) marks the field in the stores it names, or in
// every store the file has.
func storeRows(stores []desk.StoreValues, fs []check.Finding, paired bool) []sheet.StoreRow {
	if !paired && len(stores) == 0 {
		return nil
	}
	type key struct {
		store metadata.StoreKind
		field check.Field
	}
	bad := map[key]bool{}
	quoted := map[key]string{} // a value a finding quotes, for a cell the store's values leave empty (EXIF Copyright)
	for _, f := range fs {
		if f.NotChecked || (f.Field != check.FieldDate && f.Field != check.FieldCreator && f.Field != check.FieldCredit) {
			continue
		}
		if len(f.Values) > 0 {
			for _, v := range f.Values {
				k := key{v.Store, f.Field}
				bad[k] = true
				if _, ok := quoted[k]; !ok && v.Got != "" {
					quoted[k] = v.Got + " (" + v.Property + ")"
				}
			}
			continue
		}
		if f.Store != "" {
			for _, s := range strings.Split(string(f.Store), "/") {
				bad[key{metadata.StoreKind(s), f.Field}] = true
			}
			continue
		}
		for _, k := range storeOrder {
			bad[key{k, f.Field}] = true
		}
	}
	// A store the file has but check could not read carries a warning of
	// field file on it (a sidecar that is a link out of the folder, an XMP
	// packet that does not parse): its row says so rather than "not in the
	// file".
	unreadStore := map[metadata.StoreKind]bool{}
	for _, f := range fs {
		if f.Field == check.FieldFile && f.Store != "" {
			for _, s := range strings.Split(string(f.Store), "/") {
				unreadStore[metadata.StoreKind(s)] = true
			}
		}
	}
	byKind := map[metadata.StoreKind]*desk.StoreValues{}
	for i := range stores {
		byKind[stores[i].Kind] = &stores[i]
	}
	var rows []sheet.StoreRow
	for _, k := range storeOrder {
		v := byKind[k]
		row := sheet.StoreRow{Store: string(k), Absent: v == nil, Unread: v == nil && unreadStore[k]}
		if v != nil {
			row.Date.Value = v.Date
			row.Creator.Value = strings.Join(v.Creators, "; ")
			row.Credit.Value = creditCell(v)
			for _, c := range []struct {
				cell  *sheet.Cell
				field check.Field
			}{{&row.Date, check.FieldDate}, {&row.Creator, check.FieldCreator}, {&row.Credit, check.FieldCredit}} {
				c.cell.Disagrees = bad[key{k, c.field}]
				if c.cell.Value == "" {
					c.cell.Value = quoted[key{k, c.field}]
				}
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// creditCell is what a store says of the credit: its Credit, its Source
// when that says something else, and its copyright notice when it has no
// Credit (EXIF has none: check reads the agency a copyright names).
func creditCell(v *desk.StoreValues) string {
	var parts []string
	if v.Credit != "" {
		parts = append(parts, v.Credit)
	}
	if v.Source != "" && v.Source != v.Credit {
		parts = append(parts, "source: "+v.Source)
	}
	if v.Credit == "" && v.Copyright != "" {
		parts = append(parts, "copyright: "+v.Copyright)
	}
	return strings.Join(parts, "; ")
}

// OutOfScopeNote is what a summary line adds on n captions out of scope
// (Job.OutOfScope): "; 15 captions out of scope (…)", or "" for none.
func OutOfScopeNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %s out of scope (they name none of the images given)", Plural(n, "caption"))
}

// supersededNotes says of each caption superseded which line replaced it.
func supersededNotes(ss []desk.Superseded) []string {
	var out []string
	for _, s := range ss {
		out = append(out, fmt.Sprintf("caption line %d superseded by line %d, which names %s too", s.Line, s.By, s.Image))
	}
	return out
}

// CommandLine is the command that made a report, for a sheet's header
// (SheetOptions.Command): captag, the command name and its words as given,
// quoted where a shell would need it.
func CommandLine(name string, args []string) string {
	words := []string{"captag", name}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		words = append(words, a)
	}
	return strings.Join(words, " ")
}

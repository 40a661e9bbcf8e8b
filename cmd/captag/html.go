package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/sheet"
	"github.com/spf13/pflag"
)

// outputFlags are check's and match's -o and --thumbs.
type outputFlags struct {
	output string
	thumbs bool
}

func (o *outputFlags) add(fs *pflag.FlagSet) {
	fs.StringVarP(&o.output, "output", "o", "", "write the report to `FILE` instead of standard output (written to a temporary file beside it, then renamed; never over an image)")
	fs.BoolVar(&o.thumbs, "thumbs", true, "with --format html, a thumbnail on each card (--thumbs=false for a text-only page)")
}

// previews is what a page asks of each image as it is written: the
// stores read again, and a thumbnail unless --thumbs=false.
func (o *outputFlags) previews() desk.Previews {
	p := desk.Previews{Stores: true}
	if o.thumbs {
		p.Thumbs = &desk.Thumbs{}
	}
	return p
}

// storeOrder is the order of a card's store rows.
var storeOrder = [...]metadata.StoreKind{metadata.StoreEXIF, metadata.StoreIPTC, metadata.StoreXMP, metadata.StoreSidecar}

// commandLine is the command that made a report, for its header: the
// words as given, quoted where a shell would need it.
func commandLine(name string, args []string) string {
	words := []string{"captag", name}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		words = append(words, a)
	}
	return strings.Join(words, " ")
}

// writeCheckSheet writes the contact sheet of a check: a card per image
// that was paired or could not be read, in path order; the unmatched
// captions and images in their own section; the summary line and the
// order notes as the text report words them.
//
// The check was run for its findings only. The summary is counted from
// them first; then each card's stores and thumbnail are made as the page
// is written, by the job's workers a few images ahead (CheckReport.Each),
// and dropped once the card is written: the page's memory does not grow
// with the number of pictures.
func writeCheckSheet(ctx context.Context, w io.Writer, rep *desk.CheckReport, orderNote []string, cmd string, o *outputFlags) error {
	st := &sheet.Stream{Title: "captag check", Command: cmd}
	s := rep.Summary
	line := fmt.Sprintf("%s, %s, %d matched", plural(s.Images, "image"), plural(s.Records, "caption"), s.Matched)
	if n := s.NotChecked; n.Total() > 0 {
		line += fmt.Sprintf("; not checked: date %d, creator %d, credit %d", n.Date, n.Creator, n.Credit)
	}
	st.Notes = append(st.Notes, line)
	st.Notes = append(st.Notes, captionOrderNote(s.CaptionOrder))
	st.Notes = append(st.Notes, orderNote...)

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
			return yield(sheet.Unmatched{Path: res.Image, Thumb: res.Thumb, Reason: reason})
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
	err := sheet.RenderStream(w, st, sheet.Options{NoThumbs: !o.thumbs})
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
	c := sheet.Card{Path: res.Image, Thumb: res.Thumb, ThumbNote: res.ThumbNote}
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

// writeMatchSheet writes the contact sheet of a match: a card per pair in
// path order, with the caption and how it was paired; the unmatched
// captions and images (and the files that could not be read) in their own
// section. The thumbnails are made as the page is written, as
// writeCheckSheet's.
func writeMatchSheet(ctx context.Context, w io.Writer, out *desk.MatchReport, cmd string, o *outputFlags) error {
	st := &sheet.Stream{Title: "captag match", Command: cmd}
	s := out.Summary
	st.Notes = append(st.Notes,
		fmt.Sprintf("%s, %s, %d matched, %d unreadable", plural(s.Images, "image"), plural(s.Records, "caption"), s.Matched, s.Unreadable),
		captionOrderNote(s.CaptionOrder))
	pairs := make([]check.Pair, len(out.Pairs))
	for i, p := range out.Pairs {
		pairs[i] = p.Pair
	}
	st.Notes = append(st.Notes, desk.OrderNote(pairs)...)
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
			c := sheet.Card{Path: pr.Image, Thumb: pr.Thumb, ThumbNote: pr.ThumbNote}
			fillCaption(&c, pr.Caption, pr.Pair)
			return yield(c)
		})
		cut = firstErr(cut, err)
	}
	st.UnmatchedPictures = func(yield func(sheet.Unmatched) bool) {
		err := out.EachUnmatchedImage(ctx, p, func(u desk.UnmatchedImage) bool {
			return yield(sheet.Unmatched{Path: u.Image, Thumb: u.Thumb, Reason: u.Reason})
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
	err := sheet.RenderStream(w, st, sheet.Options{NoThumbs: !o.thumbs})
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
	c.Want.Date = rec.Date()
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
			sf.Message = desk.FindingText(f)
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
	byKind := map[metadata.StoreKind]*desk.StoreValues{}
	for i := range stores {
		byKind[stores[i].Kind] = &stores[i]
	}
	var rows []sheet.StoreRow
	for _, k := range storeOrder {
		v := byKind[k]
		row := sheet.StoreRow{Store: string(k), Absent: v == nil}
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

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// reportWriter is where a report goes: stdout, or the -o file, written to
// a temporary file in the same folder and renamed over it when complete,
// so that a reader never sees half a report and a failed run leaves the
// old one.
type reportWriter struct {
	w    io.Writer
	path string   // "" for stdout
	tmp  *os.File // the temporary file, with path
}

// imageMagic are the first bytes of the files captag reads as images (and
// of other pictures): -o refuses to replace such a file.
var imageMagic = [][]byte{
	{0xFF, 0xD8, 0xFF},             // JPEG
	[]byte("\x89PNG\r\n\x1a\n"),    // PNG
	[]byte("II*\x00"),              // TIFF, DNG, most raw files
	[]byte("MM\x00*"),              // TIFF big-endian
	[]byte("IIRO"), []byte("IIRS"), // Olympus ORF
	[]byte("IIU\x00"),  // Panasonic RW2
	[]byte("FUJIFILM"), // RAF
	[]byte("GIF8"),
	[]byte("8BPS"), // PSD
}

// looksLikeImage reports whether the file at path starts as a picture
// does (RIFF WebP, ISO-BMFF HEIC/AVIF included).
func looksLikeImage(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 12)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	for _, m := range imageMagic {
		if bytes.HasPrefix(head, m) {
			return true
		}
	}
	return len(head) == 12 && (string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP" || string(head[4:8]) == "ftyp")
}

// openReport opens where the report goes. A -o path that is a folder, a
// special file or a picture is refused: nothing is written.
func openReport(e *env, name, path string) (*reportWriter, error) {
	if path == "" || path == "-" {
		return &reportWriter{w: e.stdout}, nil
	}
	if st, err := os.Stat(path); err == nil {
		switch {
		case !st.Mode().IsRegular():
			return nil, fmt.Errorf("%s: -o %s: expected a new or regular file, found %s", name, path, describeMode(st.Mode()))
		case looksLikeImage(path):
			return nil, fmt.Errorf("%s: -o %s: expected a report file, found a picture; captag never writes over an image", name, path)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: -o %s: %v", name, path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("%s: -o %s: cannot create a temporary file beside it: %v", name, path, err)
	}
	return &reportWriter{w: tmp, path: path, tmp: tmp}, nil
}

func describeMode(m os.FileMode) string {
	if m.IsDir() {
		return "a folder"
	}
	return "a special file (" + m.Type().String() + ")"
}

// close finishes the report: with -o, the temporary file is synced and
// renamed over path when ok, else removed.
func (r *reportWriter) close(ok bool) error {
	if r.tmp == nil {
		return nil
	}
	tmp := r.tmp.Name()
	err := r.tmp.Chmod(0o644)
	if err == nil && ok {
		err = r.tmp.Sync()
	}
	if cerr := r.tmp.Close(); err == nil {
		err = cerr
	}
	r.tmp = nil // closed: a second close does nothing
	if !ok || err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, r.path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

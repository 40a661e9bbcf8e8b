package report

import (
	"context"
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/field"
)

// FormatCSV is one row per image, SourceFile first, in exiftool's -csv
// shape (check and inspect).
const FormatCSV Format = "csv"

// The CSV reports. Both are read by Go's encoding/csv and by exiftool:
// inspect's columns are the stores' values by exiftool -G1 name (as
// exiftool -csv -G1 gives them); check's are the verdict, in columns named
// "captag:…" (exiftool knows no group "captag" and leaves those columns
// alone on import: no warning, nothing written), then the caption's
// values by the -G1 names captag write writes them under, so that
// exiftool -csv=check.csv -sep "; " FOLDER imports the captions. Those
// columns are filled only for the pairs captag write would write
// (desk.CheckReport.Writable): exiftool leaves an empty cell alone, so a
// pair that is a guess gets nothing. Lists are joined by "; " (the -sep
// exiftool is given to split them).

// listSep joins a list in a cell.
const listSep = "; "

// checkCSVVerdict are the verdict's columns, after SourceFile.
var checkCSVVerdict = []string{"captag:Status", "captag:MatchedBy", "captag:Line", "captag:Errors", "captag:Warnings", "captag:Findings", "captag:Import"}

// captionColumn is one column of the caption's values: a field and the
// name exiftool writes it under.
type captionColumn struct {
	name string
	f    field.ID
}

// captionFields are the fields captag write writes, in its order
// (sidecar.Properties).
var captionFields = []field.ID{field.Description, field.Creator, field.Credit, field.Source, field.DateCreated,
	field.City, field.Region, field.Country, field.CountryCode, field.Headline, field.Title, field.Keywords,
	field.Copyright, field.Instructions, field.JobID}

// captionColumns are the caption's columns: each field's XMP property and
// IIM dataset (the date's IIM time too), then the members of
// Iptc4xmpExt:LocationCreated.
func captionColumns() []captionColumn {
	var out []captionColumn
	for _, f := range captionFields {
		for _, n := range []string{f.ExiftoolXMP(), f.ExiftoolIIM()} {
			if n != "" {
				out = append(out, captionColumn{n, f})
			}
		}
		if f == field.DateCreated { // IIM keeps the time apart
			out = append(out, captionColumn{field.TimeCreated.ExiftoolIIM(), field.TimeCreated})
		}
	}
	for _, f := range captionFields {
		if n := f.ExiftoolLocation(); n != "" {
			out = append(out, captionColumn{n, f})
		}
	}
	return out
}

// codedCharacterSet is the column that tells exiftool the IIM is UTF-8.
const codedCharacterSet = "IPTC:CodedCharacterSet"

// checkCSV writes the check report as CSV (captag check --format csv).
// The rows come as desk.CheckReport.EachCaption makes them; ctx stops it.
func checkCSV(ctx context.Context, w io.Writer, r *desk.CheckReport) error {
	cw := csv.NewWriter(w)
	cols := captionColumns()
	head := append([]string{"SourceFile"}, checkCSVVerdict...)
	head = append(head, codedCharacterSet)
	for _, c := range cols {
		head = append(head, c.name)
	}
	cw.Write(head)
	err := r.EachCaption(ctx, func(res desk.Result, vals map[field.ID][]string) bool {
		cw.Write(checkCSVRow(res, cols, vals))
		return true
	})
	cw.Flush()
	if err != nil {
		return err
	}
	return cw.Error()
}

// checkCSVRow is one result's row; vals are the caption's values, nil
// for a pair write would not write.
func checkCSVRow(res desk.Result, cols []captionColumn, vals map[field.ID][]string) []string {
	var errs, warns int
	var found []string
	for _, f := range res.Findings {
		if f.Severity == metadata.SeverityError {
			errs++
		} else {
			warns++
		}
		found = append(found, findingLine(f))
	}
	status := "ok"
	switch {
	case errs > 0:
		status = "error"
	case warns > 0:
		status = "warning"
	}
	line := ""
	if res.Record != nil {
		line = strconv.Itoa(res.Record.Line)
	}
	imp := yesNo(vals != nil)
	iimOK := iimTakesUTF8(res.Stores)
	if vals != nil && !iimOK && !isASCII(captionIIM(vals, cols)) {
		imp = "xmp only: the image's IIM is not UTF-8 (" + iimCharset(res.Stores) + "), and declaring it so would change how its other values read"
	}
	row := []string{res.Image, status, res.MatchedBy, line, strconv.Itoa(errs), strconv.Itoa(warns), strings.Join(found, "\n"), imp, ""}
	utf8IIM := false
	for _, c := range cols {
		v := strings.Join(vals[c.f], listSep)
		if d := strings.Join(vals[field.DateCreated], ""); strings.HasPrefix(c.name, "IPTC:") && len(d) > len("2016-12-19") {
			switch c.f { // "2016-12-19T12:19:40+03:00": IIM's date, and its time apart
			case field.DateCreated:
				v = d[:len("2016-12-19")]
			case field.TimeCreated:
				v = d[len("2016-12-19T"):]
			}
		}
		if strings.HasPrefix(c.name, "IPTC:") && !iimOK && !isASCII(captionIIM(vals, cols)) {
			v = ""
		}
		row = append(row, v)
		utf8IIM = utf8IIM || strings.HasPrefix(c.name, "IPTC:") && !isASCII(v)
	}
	if utf8IIM {
		row[len(checkCSVVerdict)+1] = "UTF8"
	}
	return row
}

// captionIIM is every value of vals that goes into an IIM column, for a
// look at its characters.
func captionIIM(vals map[field.ID][]string, cols []captionColumn) string {
	var b strings.Builder
	for _, c := range cols {
		if strings.HasPrefix(c.name, "IPTC:") {
			b.WriteString(strings.Join(vals[c.f], ""))
		}
	}
	return b.String()
}

// findingLine is a finding in a cell: "error date exif/iptc: caption says …".
func findingLine(f check.Finding) string {
	s := string(f.Severity) + " " + string(f.Field)
	if f.Store != "" {
		s += " " + string(f.Store)
	}
	return s + ": " + f.Message
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// inspectCSVRow is one file of the inspect CSV: its path, its values by
// -G1 name, its warnings and error.
type inspectCSVRow struct {
	source string
	tags   map[string]string
	warn   string
	err    string
}

func inspectRow(f desk.File) *inspectCSVRow {
	row := &inspectCSVRow{source: f.Path, tags: map[string]string{}}
	if f.Err != nil {
		row.err = f.Err.Error()
		return row
	}
	for _, s := range f.Image.Stores() {
		for _, t := range desk.StoreTags(s) {
			row.tags[t.Name] = strings.Join(t.Values, listSep)
		}
	}
	var ws []string
	for _, w := range f.Image.Warnings {
		ws = append(ws, w.Message)
	}
	row.warn = strings.Join(desk.CollapseRepeats(ws), "\n")
	return row
}

// inspectCSV writes the rows: SourceFile, then a column for each -G1 name
// some file has (stores in the order EXIF, IPTC, XMP, sidecar, fields in
// the table's order), then captag:Warnings and captag:Error.
func inspectCSV(w io.Writer, rows []*inspectCSVRow) error {
	var names []string
	for _, k := range []metadata.StoreKind{metadata.StoreEXIF, metadata.StoreIPTC, metadata.StoreXMP, metadata.StoreSidecar} {
		for _, f := range field.IDs() {
			n := desk.TagName(k, f)
			if n == "" {
				continue
			}
			for _, r := range rows {
				if _, ok := r.tags[n]; ok {
					names = append(names, n)
					break
				}
			}
		}
	}
	cw := csv.NewWriter(w)
	cw.Write(append(append([]string{"SourceFile"}, names...), "captag:Warnings", "captag:Error"))
	for _, r := range rows {
		line := []string{r.source}
		for _, n := range names {
			line = append(line, r.tags[n])
		}
		cw.Write(append(line, r.warn, r.err))
	}
	cw.Flush()
	return cw.Error()
}

package report

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/field"
)

// FixOptions ask for a fix file instead of a report (check only).
type FixOptions struct {
	// Tool is the tool the fix is for: "exiftool" (FixExiftool), or ""
	// for no fix file.
	Tool string
	// EXIFDates also sets EXIF DateTimeOriginal (the caption's day, the
	// store's time); without it an EXIF date finding is left, and the
	// file says so.
	EXIFDates bool
}

// FixExiftool is FixOptions.Tool for an exiftool argument file.
const FixExiftool = "exiftool"

// FixTools are the tools a fix file is written for.
func FixTools() []string { return []string{FixExiftool} }

// checkFix writes the fix file o asks for rep.
func checkFix(ctx context.Context, w io.Writer, rep *desk.CheckReport, o FixOptions) error {
	if o.Tool != FixExiftool {
		return fmt.Errorf("report: fix: expected one of %s, found %q", strings.Join(FixTools(), ", "), o.Tool)
	}
	return ExiftoolFix(ctx, w, rep, o)
}

// ExiftoolFix writes an exiftool argument file (exiftool -@ FILE) that
// settles every finding of rep the caption can settle: for each image, a
// block of -TAG=VALUE arguments that set each store a finding names (by
// its -G1 tag, check.Value.Tag) to the caption's value (what captag write
// writes: desk.CaptionValues), the file's path, then -execute; a finding
// on the sidecar store is set in the sidecar file check read. A list
// (IPTC:By-line, XMP-dc:Creator) is set item by item, which replaces it;
// non-ASCII IIM values come with -IPTC:CodedCharacterSet=UTF8 and
// -charset iptc=UTF8.
//
// Only pairs known by evidence are settled: by name, base name, text or
// date and creator, and only those captag write would write
// (desk.CheckReport.Writable). On a pair chosen by order, by the date
// alone or the creator alone the finding may mean the pair is wrong, so
// it is left. A flagged copyright notice gets desk.FlaggedRights (write
// --embed's rule; a sidecar's is left). Left too: EXIF dates unless
// o.EXIFDates, findings no store value backs (a field nothing in
// the image holds, the caption's own problems), and values an argument
// file cannot carry. Each is a comment line "# not settled: PATH:
// SEVERITY FIELD STORE: why".
//
// The results are read again (desk.CheckReport.Each) for the charset of
// their IIM: a non-ASCII value is not set in IIM that is Latin-1, where
// declaring UTF-8 would change how its other values read. ctx stops it.
func ExiftoolFix(ctx context.Context, w io.Writer, rep *desk.CheckReport, o FixOptions) error {
	b := bufio.NewWriter(w)
	b.WriteString("# exiftool argument file written by captag check: run exiftool -@ FILE\n" +
		"# Each block sets one file's stores to its caption's values, then -execute.\n" +
		"# \"# not settled:\" lines are findings this file leaves (set by hand, or check the pairing).\n")
	writable := rep.Writable()
	sidecars := rep.SidecarPaths()
	// The images with findings (the others give no line) are read again
	// for their IIM's charset.
	found := func(r *desk.Result) bool { return len(r.Findings) > 0 }
	err := rep.Each(ctx, desk.Previews{Stores: true}, found, func(res desk.Result) bool {
		fixResult(b, res, writable[res.Image], sidecars, o)
		return true
	})
	if err != nil {
		return err
	}
	return b.Flush()
}

// iimTakesUTF8 reports whether the IIM store of stores may be declared
// UTF-8 (-IPTC:CodedCharacterSet=UTF8) without changing how its other
// values read: it has none, is ASCII only, or is UTF-8 already (marked
// or not). A Latin-1 block (marked, or assumed) is not: exiftool does not
// convert the values it leaves.
func iimTakesUTF8(stores []desk.StoreValues) bool {
	for _, s := range stores {
		if s.Kind == metadata.StoreIPTC {
			return s.Charset == "" || strings.HasPrefix(s.Charset, "utf-8")
		}
	}
	return true
}

// fixBlock is the arguments for one file.
type fixBlock struct {
	path string
	args []string
	set  map[string]bool // tags already set
}

// fixResult writes one result's blocks and the findings it leaves.
func fixResult(b *bufio.Writer, res desk.Result, writable bool, sidecars map[string]string, o FixOptions) {
	if len(res.Findings) == 0 {
		return
	}
	var blocks []*fixBlock
	blockOf := func(path string) *fixBlock {
		for _, bl := range blocks {
			if bl.path == path {
				return bl
			}
		}
		bl := &fixBlock{path: path, set: map[string]bool{}}
		blocks = append(blocks, bl)
		return bl
	}
	var left []string
	leave := func(f check.Finding, store metadata.StoreKind, why string) {
		s := string(f.Severity) + " " + string(f.Field)
		if store != "" {
			s += " " + string(store)
		}
		left = append(left, "# not settled: "+oneLine(res.Image)+": "+s+": "+why)
	}
	vals := desk.CaptionValues(res.Caption, nil) // the caption's day: the store's time is no evidence
	for _, f := range res.Findings {
		if why := unfixable(res, f, writable); why != "" {
			leave(f, f.Store, why)
			continue
		}
		for _, v := range f.Values {
			path := res.Image
			if v.Store == metadata.StoreSidecar {
				path = sidecars[res.Image]
			}
			args, why := fixArgs(v, res.Caption, vals, o)
			if why == "" && v.Store == metadata.StoreIPTC && needsUTF8(args) && !iimTakesUTF8(res.Stores) {
				why = "the image's IIM is not UTF-8 (" + iimCharset(res.Stores) + "): declaring it so for this value would change how its other values read"
			}
			if why == "" && path == "" {
				why = "no sidecar file found"
			}
			if why != "" {
				leave(f, v.Store, why)
				continue
			}
			bl := blockOf(path)
			if !bl.set[v.Tag()] {
				bl.set[v.Tag()] = true
				bl.args = append(bl.args, args...)
			}
		}
	}
	for _, bl := range blocks {
		if bl.path != strings.TrimSpace(bl.path) || strings.IndexFunc(bl.path, unicode.IsControl) >= 0 {
			left = append(left, "# not settled: "+oneLine(bl.path)+": its path cannot go in an argument file")
			continue
		}
		writeFixBlock(b, bl, res)
	}
	for _, l := range left {
		b.WriteString(l + "\n")
	}
}

// writeFixBlock writes one file's arguments, its path and -execute.
func writeFixBlock(b *bufio.Writer, bl *fixBlock, res desk.Result) {
	fmt.Fprintf(b, "# %s: caption line %d, paired by %s\n", oneLine(bl.path), res.Record.Line, res.MatchedBy)
	if needsUTF8(bl.args) {
		b.WriteString("-charset\niptc=UTF8\n-IPTC:CodedCharacterSet=UTF8\n")
	}
	for _, a := range bl.args {
		b.WriteString(a + "\n")
	}
	if hasIIM(bl.args) && bl.path == res.Image {
		// exiftool leaves the Photoshop IPTC digest as it was: "new"
		// makes it the edited IIM's, or a reader takes the IIM as
		// edited behind the XMP's back.
		b.WriteString("-Photoshop:IPTCDigest=new\n")
	}
	b.WriteString(argPath(bl.path) + "\n-execute\n")
}

// unfixable says why no value of f is set ("" when its values may be).
func unfixable(res desk.Result, f check.Finding, writable bool) string {
	switch {
	case res.Caption == nil:
		return "no caption is paired with the image"
	case f.Field != check.FieldDate && f.Field != check.FieldCreator && f.Field != check.FieldCredit:
		return "not a store value the caption gives"
	case len(f.Values) == 0:
		return "no store holds a value to set (captag write adds the caption's)"
	case !strongPair(res.Pair.By) || !writable:
		return "paired by " + desk.PairText(res.Pair) + ", not by evidence captag write acts on: the finding may mean the pair is wrong"
	}
	return ""
}

// strongPair reports whether a pair is known by evidence: the caption's
// file name, the image's text, or date and creator together.
func strongPair(m check.Method) bool {
	switch m {
	case check.ByName, check.ByBaseName, check.ByText, check.ByDateCreator:
		return true
	}
	return false
}

// fixArgs are the arguments that set v's tag to the caption's value, or
// why there are none.
func fixArgs(v check.Value, rec *caption.Record, vals map[field.ID][]string, o FixOptions) ([]string, string) {
	tag := v.Tag()
	var f field.ID
	switch v.Prop {
	case check.PropDate:
		f = field.DateCreated
	case check.PropCreator:
		f = field.Creator
	case check.PropCredit:
		f = field.Credit
	case check.PropSource:
		f = field.Source
	case check.PropCopyright:
		f = field.Copyright
	}
	vs := vals[f]
	if f == field.Copyright {
		vs = nil
		if r := desk.FlaggedRights(rec); r != "" {
			vs = []string{r}
		}
	}
	switch {
	case f == field.Copyright && v.Store == metadata.StoreSidecar:
		return nil, "a sidecar's copyright is left as it is (captag write --embed's rule is the image's)"
	case tag == "" || f == field.None:
		return nil, "no exiftool tag for " + v.Property
	case len(vs) == 0:
		return nil, "the caption gives no value to set"
	case v.Store == metadata.StoreEXIF && f == field.DateCreated && !o.EXIFDates:
		return nil, "EXIF dates are set only when asked (" + tag + " says " + v.Got + ")"
	}
	switch {
	case v.Store == metadata.StoreEXIF && f == field.DateCreated && len(vs[0]) != len("2016-12-19"):
		return nil, "the caption's date " + vs[0] + " is not a day"
	case v.Store == metadata.StoreEXIF && f == field.DateCreated:
		vs = []string{exifDate(vs[0], v.Got)}
	case v.Store == metadata.StoreEXIF:
		vs = []string{strings.Join(vs, "; ")} // EXIF Artist is one string
	}
	var args []string
	for _, x := range vs {
		if x != strings.TrimSpace(x) || strings.IndexFunc(x, unicode.IsControl) >= 0 {
			return nil, fmt.Sprintf("the value %q cannot go in an argument file", x)
		}
		if l := f.Limit(); v.Store == metadata.StoreIPTC && l > 0 && len(x) > l && f != field.DateCreated {
			return nil, fmt.Sprintf("%q is longer than %s's %d bytes", x, tag, l)
		}
		args = append(args, "-"+tag+"="+x)
	}
	return args, ""
}

// exifDate is EXIF's "2016:12:19 09:30:12": the caption's day and the
// time of the store's date (midnight when it has none).
func exifDate(day, got string) string {
	t := "00:00:00"
	if len(got) >= 19 && got[10] == 'T' {
		t = got[11:19]
	}
	return strings.ReplaceAll(day, "-", ":") + " " + t
}

// iimCharset is the IIM store's charset, for a message.
func iimCharset(stores []desk.StoreValues) string {
	for _, s := range stores {
		if s.Kind == metadata.StoreIPTC {
			return s.Charset
		}
	}
	return ""
}

// hasIIM reports whether an argument sets an IPTC tag.
func hasIIM(args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, "-IPTC:") {
			return true
		}
	}
	return false
}

// needsUTF8 reports whether an IPTC argument has a non-ASCII value.
func needsUTF8(args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, "-IPTC:") && !isASCII(a) {
			return true
		}
	}
	return false
}

// argPath is a path as an argument line: one starting with "-" or "#"
// (an option, a comment) is made "./…".
func argPath(p string) string {
	if strings.HasPrefix(p, "-") || strings.HasPrefix(p, "#") {
		return "./" + p
	}
	return p
}

// oneLine is s with line breaks shown as spaces, for a comment line.
func oneLine(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}

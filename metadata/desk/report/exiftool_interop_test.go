package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/fixture"
)

// The exiftool interop tests: the CSV report read back by encoding/csv
// and imported by exiftool -csv=, and the fix file run by exiftool -@, on
// copies of a fault folder: the Aleppo sample (a pair by creator only
// with a wrong day, one by date only with another photographer, one by
// date and creator with another agency's credit) and two pictures made
// here (paired by date and creator), with a wrong credit and a wrong EXIF
// day (wire-01), and a wrong IIM By-line and a sidecar with a wrong credit
// (wire-02, whose photographer's name is not ASCII).

const wireCaptions = `

wire-01.jpg
DAMASCUS, SYRIA - DECEMBER 21: Shoppers walk through the old market of Damascus, Syria on December 21, 2016. ( Omar Sanadiki - Reuters )

wire-02.jpg
ANKARA, TURKEY - DECEMBER 21: People gather in Kizilay square, "the heart of Ankara", in Ankara, Turkey on December 21, 2016. ( Hüseyin Nasır - Anadolu Agency )
`

// faultFolder makes the fault folder and its caption file.
func faultFolder(t *testing.T) (dir, captions string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "fault")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	imgs, _ := filepath.Glob(filepath.Join(sampleDir, "*.jpg"))
	for _, p := range imgs {
		copyFile(t, p, filepath.Join(dir, filepath.Base(p)))
	}
	caps, err := os.ReadFile(sampleCaptions)
	if err != nil {
		t.Fatal(err)
	}
	captions = filepath.Join(dir, "captions.txt") // beside the pictures it names
	if err := os.WriteFile(captions, append(caps, wireCaptions...), 0o644); err != nil {
		t.Fatal(err)
	}
	one := fixture.Fields{Date: "20161221", Time: "101500+0300", Creators: []string{"Omar Sanadiki"}, Credit: "AFP", Source: "AFP", City: "Damascus", Country: "Syria"}
	s1 := fixture.All(one)
	s1.EXIF.DateTimeOriginal = "2016:12:22 10:15:00" // the camera's day is wrong
	two := fixture.Fields{Date: "20161221", Time: "111500+0300", Creators: []string{"Hüseyin Nasır"}, Credit: "Anadolu Agency", Source: "Anadolu Agency", City: "Ankara", Country: "Turkey"}
	s2 := fixture.All(two)
	wrong := two
	wrong.Creators = []string{"Someone Else"}
	iim := fixture.IIMFields(wrong)
	iim.Digest = fixture.DigestCurrent
	s2.IIM = &iim
	side := two
	side.Credit, side.Source = "AFP", "AFP"
	for name, data := range map[string][]byte{
		"wire-01.jpg": fixture.JPEG(s1),
		"wire-02.jpg": fixture.JPEG(s2),
		"wire-02.xmp": []byte(fixture.XMPPacket(side, fixture.XMPDate(side))),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, captions
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkFolder runs check on dir (the sidecars are checked too).
func checkFolder(t *testing.T, dir, captions string) *desk.CheckReport {
	t.Helper()
	ctx := context.Background()
	job, err := desk.Open(ctx, desk.Options{Roots: []string{dir}, Captions: desk.CaptionSource{Path: captions}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := job.Check(ctx, desk.CheckOptions{Options: check.Options{Aliases: check.DefaultAliases()}, Ships: desk.ShipsBoth})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func needExiftool(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool is not installed (.ci/run installs libimage-exiftool-perl)")
	}
}

func runExiftool(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command("exiftool", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("exiftool %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// exiftoolRead is exiftool -j -G1's reading of the files, by SourceFile.
func exiftoolRead(t *testing.T, args ...string) map[string]map[string]any {
	t.Helper()
	out, err := exec.Command("exiftool", append([]string{"-j", "-G1"}, args...)...).Output()
	if err != nil {
		t.Fatalf("exiftool -j: %v", err)
	}
	var objs []map[string]any
	if err := json.Unmarshal(out, &objs); err != nil {
		t.Fatal(err)
	}
	m := map[string]map[string]any{}
	for _, o := range objs {
		m[o["SourceFile"].(string)] = o
	}
	return m
}

// storeKey is one store of one image that a finding names.
type storeKey struct {
	image string
	field check.Field
	store metadata.StoreKind
}

// findingStores are the (image, field, store) of every finding value.
func findingStores(rep *desk.CheckReport) map[storeKey]bool {
	out := map[storeKey]bool{}
	for i := range rep.Len() {
		res := rep.Result(i)
		for _, f := range res.Findings {
			for _, k := range f.Store.Kinds() {
				out[storeKey{filepath.Base(res.Image), f.Field, k}] = true
			}
		}
	}
	return out
}

// TestExiftoolFix: exiftool -@ runs the fix file on a copy of the fault
// folder; check then finds only what the file said it left, every other
// finding is gone, and the pixels and the other fields are as they were.
func TestExiftoolFix(t *testing.T) {
	needExiftool(t)
	dir, captions := faultFolder(t)
	before := checkFolder(t, dir, captions)
	var args bytes.Buffer
	if err := Render(context.Background(), &args, before, Options{Fix: FixOptions{Tool: FixExiftool}}); err != nil {
		t.Fatal(err)
	}
	file := args.String()
	for _, want := range []string{
		"-IPTC:By-line=Hüseyin Nasır\n", "-charset\niptc=UTF8\n-IPTC:CodedCharacterSet=UTF8\n",
		"-XMP-photoshop:Credit=Reuters\n", "-IPTC:Credit=Reuters\n",
		"-XMP-photoshop:Credit=Anadolu Agency\n-XMP-photoshop:Source=Anadolu Agency\n" + filepath.Join(dir, "wire-02.xmp") + "\n-execute\n",
		"-XMP-dc:Rights=© 2016 Anadolu Agency\n", // aleppo-16's AFP copyright, as write --embed words it
		"aleppo-01.jpg: error date exif/iptc/xmp: paired by creator",
		"aleppo-12.jpg: error creator exif/iptc/xmp: paired by date",
		"wire-01.jpg: error date exif: EXIF dates are set only when asked",
	} {
		if !strings.Contains(file, want) {
			t.Errorf("the fix file lacks %q:\n%s", want, file)
		}
	}
	if strings.Contains(file, "DateTimeOriginal=") {
		t.Errorf("the fix file sets an EXIF date unasked:\n%s", file)
	}
	left := map[storeKey]bool{}
	for _, l := range strings.Split(file, "\n") {
		rest, ok := strings.CutPrefix(l, "# not settled: ")
		if !ok {
			continue
		}
		parts := strings.SplitN(rest, ": ", 3)
		words := strings.Fields(parts[1]) // severity field store
		for _, k := range metadata.StoreKind(words[2]).Kinds() {
			left[storeKey{filepath.Base(parts[0]), check.Field(words[1]), k}] = true
		}
	}

	imgs, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
	reads := map[string]*metadata.Image{}
	for _, p := range imgs {
		reads[p] = readImage(t, p)
	}
	argsFile := filepath.Join(filepath.Dir(dir), "fix.args")
	if err := os.WriteFile(argsFile, args.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runExiftool(t, "-@", argsFile, "-common_args", "-overwrite_original")
	if strings.Contains(out, "Warning") || strings.Contains(out, "Error") {
		t.Errorf("exiftool -@ said:\n%s", out)
	}

	after := checkFolder(t, dir, captions)
	was, is := findingStores(before), findingStores(after)
	for k := range is {
		if !left[k] {
			t.Errorf("after the fix, check still finds %v, which the file did not leave", k)
		}
	}
	for k := range was {
		if !left[k] && is[k] {
			t.Errorf("%v was settled but remains", k)
		}
	}
	settled := 0
	for k := range was {
		if !left[k] {
			settled++
		}
	}
	if settled < 7 || len(is) == 0 {
		t.Errorf("%d store findings settled, %d left after the fix; want 7 or more settled and some left", settled, len(is))
	}
	t.Logf("store findings: %d before, %d left by the file, %d after", len(was), len(left), len(is))

	for _, p := range imgs {
		samePixels(t, p, filepath.Join(sampleDir, filepath.Base(p)), reads[p])
		got := readImage(t, p)
		for _, pair := range [][2]*metadata.Store{{reads[p].EXIF, got.EXIF}, {reads[p].IPTC, got.IPTC}, {reads[p].XMP, got.XMP}} {
			if a, b := otherFields(pair[0]), otherFields(pair[1]); !reflect.DeepEqual(a, b) {
				t.Errorf("%s: a field the fix does not set changed:\n%+v\n%+v", filepath.Base(p), a, b)
			}
		}
	}
}

// otherFields is the store without the fields a fix sets.
func otherFields(s *metadata.Store) metadata.Store {
	if s == nil {
		return metadata.Store{}
	}
	c := *s
	c.Date, c.Creators, c.Credit, c.Source, c.Copyright, c.Charset = date.Date{}, nil, "", "", "", ""
	return c
}

func readImage(t *testing.T, path string) *metadata.Image {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	im, err := metadata.Read(bytes.NewReader(b), int64(len(b)), path)
	if err != nil {
		t.Fatal(err)
	}
	return im
}

// samePixels fails when the image at path decodes to other pixels than
// before the fix (the sample's original, or the fixture as made).
func samePixels(t *testing.T, path, original string, _ *metadata.Image) {
	t.Helper()
	want, err := os.ReadFile(original)
	if os.IsNotExist(err) {
		return // made here: compared by its stores only
	}
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err1 := jpeg.Decode(bytes.NewReader(want))
	b, err2 := jpeg.Decode(bytes.NewReader(got))
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: decoding: %v, %v", path, err1, err2)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("%s: the pixels changed", filepath.Base(path))
	}
}

// TestCheckCSV: the check CSV read back by encoding/csv (one row per
// image, SourceFile first, quoted commas, quotes, line breaks and UTF-8
// intact), then imported by exiftool -csv= into a copy of the fault
// folder: the pictures write would write carry the caption's fields, the
// others nothing new.
func TestCheckCSV(t *testing.T) {
	dir, captions := faultFolder(t)
	rep := checkFolder(t, dir, captions)
	var out bytes.Buffer
	if err := Render(context.Background(), &out, rep, Options{Format: FormatCSV}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(out.Bytes())).ReadAll()
	if err != nil {
		t.Fatalf("encoding/csv: %v\n%s", err, out.String())
	}
	head := rows[0]
	if head[0] != "SourceFile" || !slices.Contains(head, "XMP-dc:Description") || !slices.Contains(head, "IPTC:By-line") || !slices.Contains(head, "XMP-photoshop:Credit") {
		t.Fatalf("header %v", head)
	}
	if len(rows) != rep.Len()+1 {
		t.Fatalf("%d rows, want %d images and the header", len(rows)-1, rep.Len())
	}
	col := func(name string) int { return slices.Index(head, name) }
	byFile := map[string][]string{}
	for _, r := range rows[1:] {
		if len(r) != len(head) {
			t.Fatalf("row of %d cells, header of %d", len(r), len(head))
		}
		byFile[filepath.Base(r[0])] = r
	}
	w2 := byFile["wire-02.jpg"]
	if w2[col("XMP-dc:Creator")] != "Hüseyin Nasır" || !strings.Contains(w2[col("XMP-dc:Description")], `"the heart of Ankara",`) ||
		w2[col("IPTC:CodedCharacterSet")] != "UTF8" || w2[col("captag:Status")] != "error" || w2[col("captag:MatchedBy")] != "date+creator" || w2[col("captag:Errors")] != "2" {
		t.Errorf("wire-02.jpg's row: %q", w2)
	}
	if a1 := byFile["aleppo-01.jpg"]; a1[col("captag:Import")] != "no" || a1[col("XMP-dc:Description")] != "" || !strings.Contains(a1[col("captag:Findings")], "error date") {
		t.Errorf("aleppo-01.jpg (paired by creator only) row: %q", a1)
	}
	if !strings.Contains(w2[col("captag:Findings")], "Someone Else\nerror credit sidecar") {
		t.Errorf("wire-02.jpg's findings are not one per line: %q", w2[col("captag:Findings")])
	}

	needExiftool(t)
	csvFile := filepath.Join(filepath.Dir(dir), "check.csv")
	if err := os.WriteFile(csvFile, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	msg := runExiftool(t, "-csv="+csvFile, "-sep", "; ", "-overwrite_original", "-ext", "jpg", dir)
	if strings.Contains(msg, "Warning") {
		t.Errorf("exiftool -csv= warned:\n%s", msg)
	}
	got := exiftoolRead(t, "-ext", "jpg", dir)
	imported := 0
	for _, r := range rows[1:] {
		o := got[r[0]]
		desc, _ := o["XMP-dc:Description"].(string)
		switch r[col("captag:Import")] {
		case "yes":
			imported++
			if desc != r[col("XMP-dc:Description")] || o["IPTC:Caption-Abstract"] != r[col("IPTC:Caption-Abstract")] {
				t.Errorf("%s: exiftool reads description %q after the import, want the caption's", filepath.Base(r[0]), desc)
			}
			// The caption's day, with the picture's time when its date
			// (EXIF first) is of that day: not wire-01's, whose camera
			// has the next day (and keeps its IPTC time: an empty cell).
			tm := r[col("IPTC:TimeCreated")]
			if d := strings.ReplaceAll(r[col("IPTC:DateCreated")], "-", ":"); o["IPTC:DateCreated"] != d || tm != "" && o["IPTC:TimeCreated"] != tm || d == "" {
				t.Errorf("%s: IPTC date %v %v after the import, want %q %q", filepath.Base(r[0]), o["IPTC:DateCreated"], o["IPTC:TimeCreated"], d, tm)
			}
			if xd, _ := o["XMP-photoshop:DateCreated"].(string); tm != "" && len(xd) <= len("2016:12:19") {
				t.Errorf("%s: XMP-photoshop:DateCreated %q after the import: the image's time is lost", filepath.Base(r[0]), xd)
			}
			if tm == "" && filepath.Base(r[0]) != "wire-01.jpg" {
				t.Errorf("%s: no time in the CSV", filepath.Base(r[0]))
			}
			if creators := o["XMP-dc:Creator"]; !reflect.DeepEqual(creators, r[col("XMP-dc:Creator")]) && !reflect.DeepEqual(creators, []any{r[col("XMP-dc:Creator")]}) {
				t.Errorf("%s: XMP-dc:Creator %v after the import, want %q", filepath.Base(r[0]), creators, r[col("XMP-dc:Creator")])
			}
		default:
			if desc != "" {
				t.Errorf("%s (not written by captag write) got a description from the import: %q", filepath.Base(r[0]), desc)
			}
		}
		for k := range o {
			if strings.Contains(strings.ToLower(k), "captag:") || strings.HasSuffix(k, ":Status") || strings.HasSuffix(k, ":Findings") {
				t.Errorf("%s: the verdict column %s was imported", filepath.Base(r[0]), k)
			}
		}
	}
	// captag reads the non-ASCII By-line exiftool imported as UTF-8.
	if im := readImage(t, filepath.Join(dir, "wire-02.jpg")); im.IPTC == nil || !reflect.DeepEqual(im.IPTC.Creators, []string{"Hüseyin Nasır"}) {
		t.Errorf("wire-02.jpg's IIM after the import: %+v", im.IPTC)
	}
	if imported < 5 {
		t.Errorf("%d pictures imported, want the 5 of the sample write writes and the 2 named", imported)
	}
}

// TestExiftoolFixEXIFDates: asked, the fix file sets EXIF
// DateTimeOriginal too, to the caption's day at the store's time.
func TestExiftoolFixEXIFDates(t *testing.T) {
	dir, captions := faultFolder(t)
	var args bytes.Buffer
	if err := Render(context.Background(), &args, checkFolder(t, dir, captions), Options{Fix: FixOptions{Tool: FixExiftool, EXIFDates: true}}); err != nil {
		t.Fatal(err)
	}
	if want := "-ExifIFD:DateTimeOriginal=2016:12:21 10:15:00\n"; !strings.Contains(args.String(), want) {
		t.Errorf("the fix file lacks %q:\n%s", want, args.String())
	}
	if strings.Contains(args.String(), "EXIF dates are set only when asked") {
		t.Errorf("an EXIF date is still left:\n%s", args.String())
	}
}

// TestExiftoolKeys: the JSON reports carry exiftool's keys, SourceFile
// on each result and file, and each store value's -G1 tag; the inspect
// CSV is SourceFile then a column per -G1 name.
func TestExiftoolKeys(t *testing.T) {
	ctx := context.Background()
	dir, captions := faultFolder(t)
	var out bytes.Buffer
	if err := Render(ctx, &out, checkFolder(t, dir, captions), Options{Format: FormatJSON}); err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Results []struct {
			SourceFile, Image string
			Findings          []struct {
				Values []struct{ Store, Property, Tag string }
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	tags := map[string]bool{}
	for _, r := range rep.Results {
		if r.SourceFile == "" || r.SourceFile != r.Image {
			t.Errorf("SourceFile %q, image %q", r.SourceFile, r.Image)
		}
		for _, f := range r.Findings {
			for _, v := range f.Values {
				tags[v.Store+" "+v.Property+" = "+v.Tag] = true
			}
		}
	}
	for _, want := range []string{"exif EXIF DateTimeOriginal = ExifIFD:DateTimeOriginal", "iptc IIM By-line = IPTC:By-line",
		"xmp XMP photoshop:Credit = XMP-photoshop:Credit", "iptc IIM CopyrightNotice = IPTC:CopyrightNotice",
		"sidecar sidecar photoshop:Credit = XMP-photoshop:Credit", "exif EXIF Artist = IFD0:Artist"} {
		if !tags[want] {
			t.Errorf("no value %q among %v", want, tags)
		}
	}

	for _, f := range []Format{FormatJSON, FormatCSV} {
		var b bytes.Buffer
		r, err := NewInspectReport(&b, Options{Format: f})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := desk.Inspect(ctx, desk.Options{Roots: []string{dir}}, r.Encode, r.Add); err != nil {
			t.Fatal(err)
		}
		if err := r.End(false); err != nil {
			t.Fatal(err)
		}
		if f == FormatJSON {
			var files []map[string]any
			if err := json.Unmarshal(b.Bytes(), &files); err != nil {
				t.Fatal(err)
			}
			var w2 map[string]any
			for _, f := range files {
				if filepath.Base(f["path"].(string)) == "wire-02.jpg" {
					w2 = f
				}
			}
			tags, _ := w2["tags"].(map[string]any)
			if w2["SourceFile"] != w2["path"] || !reflect.DeepEqual(tags["IPTC:By-line"], []any{"Someone Else"}) || tags["Sidecar:XMP-photoshop:Credit"] != "AFP" {
				t.Errorf("inspect JSON of wire-02.jpg: %v", w2)
			}
			continue
		}
		rows, err := csv.NewReader(&b).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		head, last := rows[0], []string(nil)
		for _, r := range rows {
			if filepath.Base(r[0]) == "wire-02.jpg" {
				last = r
			}
		}
		if head[0] != "SourceFile" || last == nil || len(rows) < 19 {
			t.Fatalf("inspect CSV: %d rows, header %v", len(rows), head)
		}
		if v := last[slices.Index(head, "XMP-dc:Creator")]; v != "Hüseyin Nasır" {
			t.Errorf("inspect CSV: wire-02.jpg's XMP-dc:Creator %q", v)
		}
	}
}

// TestCSVTerminalSafe: a control character a store holds (a crafted
// credit that would set the terminal's title) reaches neither CSV raw:
// CSV quotes, it does not escape, so the CSV goes through SafeWriter.
func TestCSVTerminalSafe(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	evil := fixture.Fields{Date: "20161221", Time: "101500+0300", Creators: []string{"Omar Sanadiki"}, Credit: "AFP\x1b]0;owned\x07", City: "Damascus"}
	if err := os.WriteFile(filepath.Join(dir, "evil.jpg"), fixture.JPEG(fixture.All(evil)), 0o644); err != nil {
		t.Fatal(err)
	}
	caps := filepath.Join(dir, "captions.txt")
	if err := os.WriteFile(caps, []byte("evil.jpg\nDAMASCUS, SYRIA - DECEMBER 21: A market on December 21, 2016. ( Omar Sanadiki - Reuters )\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var chk, ins, fix bytes.Buffer
	rep := checkFolder(t, dir, caps)
	if err := Render(ctx, &chk, rep, Options{Format: FormatCSV}); err != nil {
		t.Fatal(err)
	}
	if err := Render(ctx, &fix, rep, Options{Fix: FixOptions{Tool: FixExiftool}}); err != nil {
		t.Fatal(err)
	}
	r, err := NewInspectReport(&ins, Options{Format: FormatCSV})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := desk.Inspect(ctx, desk.Options{Roots: []string{dir}}, r.Encode, r.Add); err != nil {
		t.Fatal(err)
	}
	if err := r.End(false); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string]*bytes.Buffer{"check CSV": &chk, "inspect CSV": &ins, "fix file": &fix} {
		if bytes.ContainsAny(b.Bytes(), "\x1b\x07") {
			t.Errorf("%s holds a raw control character:\n%q", name, b.String())
		}
		want := "AFP" // the store's credit, escaped
		if name == "fix file" {
			want = "-IPTC:Credit=Reuters\n" // the fix file names the caption's
		}
		if !strings.Contains(b.String(), want) {
			t.Errorf("%s lacks the credit:\n%s", name, b.String())
		}
	}
}

// TestExiftoolFixLatin1: a non-ASCII creator is not set in an IIM block
// that is Latin-1 (declaring it UTF-8 would change its other values);
// the fix file says so, and still sets the XMP; the CSV fills the XMP
// columns only.
func TestExiftoolFixLatin1(t *testing.T) {
	dir := t.TempDir()
	f := fixture.Fields{Date: "20161221", Time: "111500+0300", Creators: []string{"Hüseyin Nasır"}, Credit: "Anadolu Agency", City: "Ankara", Country: "Turkey"}
	spec := fixture.All(f)
	wrong := f
	wrong.Creators, wrong.City = []string{"Someone Else"}, "Çankaya"
	iim := fixture.IIMFields(wrong).ToLatin1()
	spec.IIM = &iim
	wrongXMP := f
	wrongXMP.Creators = []string{"Someone Else"}
	spec.XMP = fixture.XMPPacket(wrongXMP, fixture.XMPDate(wrongXMP))
	if err := os.WriteFile(filepath.Join(dir, "latin.jpg"), fixture.JPEG(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	caps := filepath.Join(dir, "captions.txt")
	if err := os.WriteFile(caps, []byte("latin.jpg\nANKARA, TURKEY - DECEMBER 21: A street in Ankara, Turkey on December 21, 2016. ( Hüseyin Nasır - Anadolu Agency )\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var args bytes.Buffer
	if err := Render(context.Background(), &args, checkFolder(t, dir, caps), Options{Fix: FixOptions{Tool: FixExiftool}}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Render(context.Background(), &out, checkFolder(t, dir, caps), Options{Format: FormatCSV}); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("CSV: %v %q", err, rows)
	}
	cell := func(name string) string { return rows[1][slices.Index(rows[0], name)] }
	if !strings.HasPrefix(cell("captag:Import"), "xmp only: the image's IIM is not UTF-8") || cell("IPTC:By-line") != "" || cell("IPTC:CodedCharacterSet") != "" || cell("XMP-dc:Creator") != "Hüseyin Nasır" {
		t.Errorf("CSV row of a Latin-1 IIM: %q", rows[1])
	}
	file := args.String()
	if strings.Contains(file, "-IPTC:By-line=") || strings.Contains(file, "CodedCharacterSet") || !strings.Contains(file, "-XMP-dc:Creator=Hüseyin Nasır\n") ||
		!strings.Contains(file, "latin.jpg: error creator iptc: the image's IIM is not UTF-8 (windows-1252 (assumed))") {
		t.Errorf("fix file:\n%s", file)
	}
}

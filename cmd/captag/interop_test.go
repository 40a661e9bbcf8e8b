package main

// Interop tests: the "Done when" lines of the reader (inspect), the check
// and the sidecar writer, proved against files written and read by the
// real exiftool (and exiv2). They skip when the tools are not on PATH; CI
// installs them (.ci/run).
//
// Every exiftool call is batched: one process per folder, with an argfile
// and -execute per file. captag runs as a child process (this test binary
// re-executed under the name "captag", which TestMain turns into the
// program) wherever the host time zone could matter, under several TZ
// values whose outputs must be byte-identical.

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
)

// interopZones are the TZ values captag runs under: whole, half-hour,
// the odd -03:30 and the far +14:00. Output must not depend on them.
var interopZones = []string{"UTC", "Asia/Kolkata", "America/St_Johns", "Pacific/Kiritimati"}

// needTools skips the test when one of the tools is not installed.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	if os.Getenv(interopChildEnv) != "" {
		t.Skip("running inside an interop child process")
	}
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (not on PATH); the interop test needs it (.ci/run installs libimage-exiftool-perl and exiv2)", tool)
		}
	}
}

// interopChildEnv marks the child processes: should the test binary ever
// run its tests instead of acting as captag, the interop tests skip there
// rather than start children of their own.
const interopChildEnv = "CAPTAG_INTEROP_CHILD"

// captagBinary returns a path that runs captag as its own process: this
// test binary under the name "captag" (TestMain, through testscript.Main,
// runs the program when its name is "captag"; no go build needed). It
// makes sure the binary really acts as captag.
func captagBinary(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatalf("finding the test binary: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "captag")
	if err := os.Symlink(self, bin); err != nil {
		t.Fatalf("linking the test binary as captag: %v", err)
	}
	if out, _, code := runCaptagChild(t, bin, "UTC", "", "version"); code != 0 || !strings.HasPrefix(out, "captag ") {
		t.Fatalf("the test binary run as %s did not act as captag (exit %d, output %q): TestMain must run the program under the name captag", bin, code, out)
	}
	return bin
}

// runCaptagChild runs captag in dir under the time zone tz and returns its
// stdout, stderr and exit code.
func runCaptagChild(t *testing.T, bin, tz, dir string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TZ=") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "TZ="+tz, "NO_COLOR=1", interopChildEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("running captag %v: %v", args, err)
		}
		code = ee.ExitCode()
	}
	return stdout.String(), stderr.String(), code
}

// runCaptagInProcess runs captag's run in this process (for the commands whose
// output cannot depend on the time zone of the host).
func runCaptagInProcess(args ...string) (string, string, int) {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

// exiftoolBatch runs one exiftool process over an argfile in which each
// command is followed by -execute; common options apply to all of them.
func exiftoolBatch(t *testing.T, dir string, commands [][]string, common ...string) {
	t.Helper()
	var b strings.Builder
	for _, c := range commands {
		for _, a := range c {
			if strings.ContainsAny(a, "\n\r") {
				t.Fatalf("exiftool argument %q has a line break; it cannot go in an argfile", a)
			}
			b.WriteString(a)
			b.WriteByte('\n')
		}
		b.WriteString("-execute\n")
	}
	argfile := filepath.Join(t.TempDir(), "args.txt")
	if err := os.WriteFile(argfile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"-@", argfile, "-common_args", "-q", "-overwrite_original"}, common...)
	cmd := exec.Command("exiftool", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("exiftool %v failed: %v\n%s\nargfile:\n%s", args, err, out, b.String())
	}
	if s := strings.TrimSpace(string(out)); s != "" {
		t.Logf("exiftool says: %s", s)
	}
}

// exiftoolJSON runs exiftool -j with args and returns one object per file,
// keyed by SourceFile's base name. Numbers stay as written (json.Number).
func exiftoolJSON(t *testing.T, dir string, args ...string) map[string]map[string]any {
	t.Helper()
	cmd := exec.Command("exiftool", append([]string{"-j"}, args...)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("exiftool -j %v: %v\n%s", args, err, stderr.String())
	}
	dec := json.NewDecoder(&stdout)
	dec.UseNumber()
	var objs []map[string]any
	if err := dec.Decode(&objs); err != nil {
		t.Fatalf("exiftool -j %v: expected a JSON array, found %v", args, err)
	}
	out := map[string]map[string]any{}
	for _, o := range objs {
		name, _ := o["SourceFile"].(string)
		out[filepath.Base(name)] = o
	}
	return out
}

// etString is exiftool's value of tag as a string ("" when absent).
func etString(o map[string]any, tag string) string {
	v, ok := o[tag]
	if !ok || v == nil {
		return ""
	}
	if l, ok := v.([]any); ok {
		parts := make([]string, len(l))
		for i, x := range l {
			parts[i] = fmt.Sprint(x)
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

// etList is exiftool's value of a list tag (one value or an array).
func etList(o map[string]any, tag string) []string {
	v, ok := o[tag]
	if !ok || v == nil {
		return nil
	}
	if l, ok := v.([]any); ok {
		out := make([]string, len(l))
		for i, x := range l {
			out[i] = fmt.Sprint(x)
		}
		return out
	}
	return []string{fmt.Sprint(v)}
}

// exiftoolISODate maps exiftool's date forms to captag's ISO 8601 form:
// "2016:12:19 10:03:00+03:00" → "2016-12-19T10:03:00+03:00",
// "2016:12:19" → "2016-12-19". A separate offset (EXIF OffsetTimeOriginal)
// is appended when given.
func exiftoolISODate(t *testing.T, s, offset string) string {
	t.Helper()
	if s == "" {
		return ""
	}
	if len(s) < 10 || s[4] != ':' || s[7] != ':' {
		t.Fatalf("exiftool date %q: expected YYYY:MM:DD…", s)
	}
	out := s[:4] + "-" + s[5:7] + "-" + s[8:10]
	if rest := s[10:]; rest != "" {
		if rest[0] != ' ' {
			t.Fatalf("exiftool date %q: expected a space before the time", s)
		}
		out += "T" + rest[1:]
	}
	return out + offset
}

// iptcISO joins exiftool's IPTC DateCreated ("2016:12:19") and TimeCreated
// ("10:03:00+03:00") into captag's form.
func iptcISO(t *testing.T, date, tm string) string {
	t.Helper()
	if date == "" {
		return ""
	}
	if tm == "" {
		return exiftoolISODate(t, date, "")
	}
	return exiftoolISODate(t, date+" "+tm, "")
}

// interopStore is one store of `captag inspect --format json`.
type interopStore struct {
	Date     string   `json:"date"`
	Creators []string `json:"creators"`
	Credit   string   `json:"credit"`
	City     string   `json:"city"`
	Country  string   `json:"country"`
	Charset  string   `json:"charset"`
}

type interopFile struct {
	Path     string        `json:"path"`
	Format   string        `json:"format"`
	EXIF     *interopStore `json:"exif"`
	IPTC     *interopStore `json:"iptc"`
	XMP      *interopStore `json:"xmp"`
	Sidecar  *interopStore `json:"sidecar"`
	Warnings []string      `json:"warnings"`
	Error    string        `json:"error"`
}

// jpegSegments walks a JPEG's marker segments up to SOS and names each
// APP segment by its signature ("exif", "xmp", "photoshop", "APPn").
func jpegSegments(t *testing.T, b []byte) []string {
	t.Helper()
	if len(b) < 2 || b[0] != 0xFF || b[1] != 0xD8 {
		t.Fatalf("expected a JPEG (FF D8), found % x", b[:min(len(b), 2)])
	}
	var out []string
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xFF {
			t.Fatalf("offset %d: expected a marker, found %#x", i, b[i])
		}
		m := b[i+1]
		if m == 0xDA || m == 0xD9 {
			break
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if n < 2 || i+2+n > len(b) {
			t.Fatalf("offset %d: segment length %d runs past the file (%d bytes)", i, n, len(b))
		}
		p := b[i+4 : i+2+n]
		switch {
		case m == 0xE1 && bytes.HasPrefix(p, []byte("Exif\x00")):
			out = append(out, "exif")
		case m == 0xE1 && bytes.HasPrefix(p, []byte("http://ns.adobe.com/xap/1.0/\x00")):
			out = append(out, "xmp")
		case m == 0xED && bytes.HasPrefix(p, []byte("Photoshop 3.0\x00")):
			out = append(out, "photoshop")
		case m >= 0xE0 && m <= 0xEF:
			out = append(out, fmt.Sprintf("APP%d", m-0xE0))
		}
		i += 2 + n
	}
	return out
}

func interopIndex(l []string, s string) int {
	for i, x := range l {
		if x == s {
			return i
		}
	}
	return -1
}

// TestInteropInspectExiftool: captag inspect agrees with exiftool on the
// date, creators and credit, store by store, of files written by exiftool
// with XMP before EXIF, Latin-1 IIM without a charset marker, UTF-8 Arabic
// names, a +05:30 offset and no offset, under any TZ.
func TestInteropInspectExiftool(t *testing.T) {
	needTools(t, "exiftool")
	dir := t.TempDir()
	bare := fixture.JPEG(fixture.Spec{})

	// XMP-first: made by the fixture generator (exiftool would put EXIF
	// first), then exiftool adds IIM to it.
	xmpFirst := fixture.Fields{Creators: []string{"Aref Watad", "Jawad Al Rifai"}, Credit: "Anadolu Agency"}
	files := map[string][]byte{
		"xmp-first.jpg": fixture.JPEG(fixture.Spec{
			XMP:      fixture.XMPPacket(xmpFirst, "2016-12-19T14:05:00+03:00"),
			XMPFirst: true,
			EXIF:     &fixture.EXIF{DateTimeOriginal: "2016:12:19 14:05:00", OffsetTimeOriginal: "+03:00", Artist: "Aref Watad; Jawad Al Rifai"},
		}),
		"latin1.jpg":    bare,
		"arabic.jpg":    bare,
		"offset.jpg":    bare,
		"no-offset.jpg": bare,
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const arabic = "أحمد الأحمد"
	const arabicCredit = "وكالة الأناضول"
	exiftoolBatch(t, dir, [][]string{
		{"-IPTC:By-line=Aref Watad", "-IPTC:By-line=Jawad Al Rifai", "-IPTC:Credit=Anadolu Agency",
			"-IPTC:DateCreated=2016:12:19", "-IPTC:TimeCreated=14:05:00+03:00", "xmp-first.jpg"},
		{"-charset", "iptc=Latin", "-IPTC:By-line=José Müller", "-IPTC:City=Zürich", "-IPTC:Credit=Agence Française",
			"-IPTC:DateCreated=2016:12:19", "-EXIF:DateTimeOriginal=2016:12:19 08:00:00", "latin1.jpg"},
		{"-charset", "exif=utf8", "-codedcharacterset=utf8", "-IPTC:By-line=" + arabic, "-XMP-dc:Creator=" + arabic,
			"-EXIF:Artist=" + arabic, "-IPTC:Credit=" + arabicCredit, "-XMP-photoshop:Credit=" + arabicCredit,
			"-EXIF:DateTimeOriginal=2016:12:19 23:10:00", "-EXIF:OffsetTimeOriginal=+03:00",
			"-XMP-photoshop:DateCreated=2016:12:19 23:10:00+03:00", "arabic.jpg"},
		{"-EXIF:DateTimeOriginal=2021:07:04 18:45:12", "-EXIF:OffsetTimeOriginal=+05:30",
			"-IPTC:DateCreated=2021:07:04", "-IPTC:TimeCreated=18:45:12+05:30",
			"-XMP-photoshop:DateCreated=2021:07:04 18:45:12+05:30",
			"-EXIF:Artist=Priya Raman", "-IPTC:By-line=Priya Raman", "-XMP-dc:Creator=Priya Raman",
			"-IPTC:Credit=Press Trust of India", "-XMP-photoshop:Credit=Press Trust of India", "offset.jpg"},
		// No offset anywhere. (IPTC gets a date only: exiftool writes an
		// IIM time without a zone as +0000, which is an offset.)
		{"-EXIF:DateTimeOriginal=2016:12:19 23:59:59", "-XMP-photoshop:DateCreated=2016:12:19 23:59:59",
			"-IPTC:DateCreated=2016:12:19",
			"-EXIF:Artist=Mustafa Sultan", "-XMP-dc:Creator=Mustafa Sultan", "-XMP-photoshop:Credit=Anadolu Agency",
			"no-offset.jpg"},
	})

	// The files are what the cases say they are.
	b, err := os.ReadFile(filepath.Join(dir, "xmp-first.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	segs := jpegSegments(t, b)
	if x, e, p := interopIndex(segs, "xmp"), interopIndex(segs, "exif"), interopIndex(segs, "photoshop"); x < 0 || e < 0 || p < 0 || x > e {
		t.Fatalf("xmp-first.jpg after exiftool added IIM: expected XMP before EXIF and a Photoshop segment, found segments %v", segs)
	}
	if lb, err := os.ReadFile(filepath.Join(dir, "latin1.jpg")); err != nil {
		t.Fatal(err)
	} else if !bytes.Contains(lb, []byte("Z\xFCrich")) || bytes.Contains(lb, []byte("Zürich")) {
		t.Fatalf("latin1.jpg: expected the IIM city as Latin-1 bytes Z\\xFCrich (and not as UTF-8)")
	}
	raw := exiftoolJSON(t, dir, "-G1", "-a", "-IPTC:CodedCharacterSet", "latin1.jpg", "arabic.jpg")
	if cs := etString(raw["latin1.jpg"], "IPTC:CodedCharacterSet"); cs != "" {
		t.Fatalf("latin1.jpg: expected no IPTC CodedCharacterSet, exiftool reads %q", cs)
	}
	if cs := etString(raw["arabic.jpg"], "IPTC:CodedCharacterSet"); cs == "" {
		t.Fatalf("arabic.jpg: expected an IPTC CodedCharacterSet (UTF-8), exiftool reads none")
	}

	// What exiftool reads, in captag's form.
	want := map[string]map[string]interopStore{}
	et := exiftoolJSON(t, dir, "-G1", "-a", "-DateTimeOriginal", "-OffsetTimeOriginal", "-Artist", "-By-line", "-Credit",
		"-XMP-dc:Creator", "-XMP-photoshop:Credit", "-XMP-photoshop:DateCreated", "-IPTC:DateCreated", "-IPTC:TimeCreated",
		"-ext", "jpg", ".")
	if len(et) != len(files) {
		t.Fatalf("exiftool read %d files, want %d", len(et), len(files))
	}
	for name, o := range et {
		stores := map[string]interopStore{}
		if d, a := etString(o, "ExifIFD:DateTimeOriginal"), etString(o, "IFD0:Artist"); d != "" || a != "" {
			var cr []string
			if a != "" {
				cr = strings.Split(a, "; ")
			}
			stores["exif"] = interopStore{Date: exiftoolISODate(t, d, etString(o, "ExifIFD:OffsetTimeOriginal")), Creators: cr}
		}
		if d, c, cr := etString(o, "IPTC:DateCreated"), etString(o, "IPTC:Credit"), etList(o, "IPTC:By-line"); d != "" || c != "" || cr != nil {
			stores["iptc"] = interopStore{Date: iptcISO(t, d, etString(o, "IPTC:TimeCreated")), Creators: cr, Credit: c}
		}
		if d, c, cr := etString(o, "XMP-photoshop:DateCreated"), etString(o, "XMP-photoshop:Credit"), etList(o, "XMP-dc:Creator"); d != "" || c != "" || cr != nil {
			stores["xmp"] = interopStore{Date: exiftoolISODate(t, d, ""), Creators: cr, Credit: c}
		}
		want[name] = stores
	}
	// Spot checks that the mapping above is what the cases meant, so the
	// comparison cannot pass on two empty readings.
	for _, c := range []struct{ file, store, date, creator, credit string }{
		{"xmp-first.jpg", "exif", "2016-12-19T14:05:00+03:00", "Jawad Al Rifai", ""},
		{"xmp-first.jpg", "iptc", "2016-12-19T14:05:00+03:00", "Aref Watad", "Anadolu Agency"},
		{"xmp-first.jpg", "xmp", "2016-12-19T14:05:00+03:00", "Aref Watad", "Anadolu Agency"},
		{"latin1.jpg", "iptc", "2016-12-19", "José Müller", "Agence Française"},
		{"arabic.jpg", "iptc", "", arabic, arabicCredit},
		{"arabic.jpg", "exif", "2016-12-19T23:10:00+03:00", arabic, ""},
		{"arabic.jpg", "xmp", "2016-12-19T23:10:00+03:00", arabic, arabicCredit},
		{"offset.jpg", "exif", "2021-07-04T18:45:12+05:30", "Priya Raman", ""},
		{"offset.jpg", "iptc", "2021-07-04T18:45:12+05:30", "Priya Raman", "Press Trust of India"},
		{"offset.jpg", "xmp", "2021-07-04T18:45:12+05:30", "Priya Raman", "Press Trust of India"},
		{"no-offset.jpg", "exif", "2016-12-19T23:59:59", "Mustafa Sultan", ""},
		{"no-offset.jpg", "xmp", "2016-12-19T23:59:59", "Mustafa Sultan", "Anadolu Agency"},
	} {
		s := want[c.file][c.store]
		if (c.date != "" && s.Date != c.date) || interopIndex(s.Creators, c.creator) < 0 || s.Credit != c.credit {
			t.Errorf("%s %s: exiftool's reading mapped to %+v; the test expected date %q, creator %q, credit %q (the exiftool write or the mapping is off)",
				c.file, c.store, s, c.date, c.creator, c.credit)
		}
	}

	bin := captagBinary(t)
	var first string
	for _, tz := range interopZones {
		out, stderr, code := runCaptagChild(t, bin, tz, dir, "inspect", "--format", "json", ".")
		if code != 0 {
			t.Fatalf("TZ=%s captag inspect: exit %d, want 0\nstderr: %s", tz, code, stderr)
		}
		if first == "" {
			first = out
		} else if out != first {
			t.Fatalf("TZ=%s: captag inspect output differs from TZ=%s:\n%s\n---\n%s", tz, interopZones[0], out, first)
		}
	}
	var got []interopFile
	if err := json.Unmarshal([]byte(first), &got); err != nil {
		t.Fatalf("captag inspect --format json: %v\n%s", err, first)
	}
	if len(got) != len(files) {
		t.Fatalf("captag inspect listed %d files, want %d:\n%s", len(got), len(files), first)
	}
	compared := 0
	for _, f := range got {
		name := filepath.Base(f.Path)
		if f.Error != "" || f.Format != "jpeg" {
			t.Errorf("%s: captag says format %q, error %q; want a readable jpeg", name, f.Format, f.Error)
			continue
		}
		stores := map[string]*interopStore{"exif": f.EXIF, "iptc": f.IPTC, "xmp": f.XMP}
		for _, store := range []string{"exif", "iptc", "xmp"} {
			w, ok := want[name][store]
			g := stores[store]
			if g == nil {
				if ok {
					t.Errorf("%s %s: exiftool reads date %q, creators %q, credit %q; captag sees no %s store", name, store, w.Date, w.Creators, w.Credit, store)
				}
				continue
			}
			// A store exiftool has none of these tags in must not have
			// them in captag's reading either (w is then zero).
			compared++
			if g.Date != w.Date {
				t.Errorf("%s %s date: exiftool reads %q, captag %q", name, store, w.Date, g.Date)
			}
			if !reflect.DeepEqual(g.Creators, w.Creators) {
				t.Errorf("%s %s creators: exiftool reads %q, captag %q", name, store, w.Creators, g.Creators)
			}
			if g.Credit != w.Credit {
				t.Errorf("%s %s credit: exiftool reads %q, captag %q", name, store, w.Credit, g.Credit)
			}
		}
		if name == "latin1.jpg" {
			if f.IPTC == nil || f.IPTC.City != "Zürich" {
				t.Errorf("latin1.jpg iptc city: want Zürich (Latin-1 without a charset marker), captag reads %+v", f.IPTC)
			}
			if !strings.Contains(strings.Join(f.Warnings, "\n"), "charset") && !strings.Contains(strings.ToLower(strings.Join(f.Warnings, "\n")), "latin") &&
				!strings.Contains(strings.Join(f.Warnings, "\n"), "1252") {
				t.Errorf("latin1.jpg: expected a warning about IIM text without a charset marker, found %q", f.Warnings)
			}
		}
	}
	if compared < 12 {
		t.Errorf("compared only %d stores with exiftool's reading; the five files have at least 12", compared)
	}
}

// aleppoImage is one image of the exiftool-tagged sample folder: what
// exiftool wrote into it, from one caption record.
type aleppoImage struct {
	name     string // file name
	record   caption.Record
	date     string // "2016:12:19"
	time     string // "10:03:00"
	offset   string // "+03:00"
	creator  string
	agency   string
	city     string
	country  string
	captured string // ISO, as captag and the sidecar should state it
}

// aleppoCaptions parses the repository's sample caption file.
func aleppoCaptions(t *testing.T) (string, []caption.Record) {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "aleppo-2016-captions.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the sample caption file: %v", err)
	}
	defer f.Close()
	recs, err := caption.Parse(f, caption.Options{Name: path})
	if err != nil {
		t.Fatalf("parsing %s: %v", path, err)
	}
	if len(recs) != 16 {
		t.Fatalf("%s: expected 16 captions, found %d", path, len(recs))
	}
	for _, r := range recs {
		if r.DateString() == "" || len(r.Creators) != 1 || r.Agency == "" || r.City == "" || r.Country == "" {
			t.Fatalf("%s line %d: expected a date, one creator, an agency, a city and a country, parsed %+v", path, r.Line, r)
		}
	}
	return path, recs
}

// interopHexName is a deterministic name that says nothing about caption order.
func interopHexName(i int) string {
	sum := md5.Sum([]byte(fmt.Sprintf("aleppo image %d", i)))
	return hex.EncodeToString(sum[:8]) + ".jpg"
}

// buildAleppoFolder writes, with exiftool (one process), a folder of 16
// images whose stores say what the 16 sample captions say: image i from
// record i, taken on the caption's date at 10:00 + i minutes, +03:00.
func buildAleppoFolder(t *testing.T, recs []caption.Record, name func(int) string) (string, []aleppoImage) {
	t.Helper()
	dir := t.TempDir()
	bare := fixture.JPEG(fixture.Spec{})
	var imgs []aleppoImage
	var cmds [][]string
	for i, r := range recs {
		im := aleppoImage{
			name: name(i), record: r,
			date: strings.ReplaceAll(r.DateString(), "-", ":"), time: fmt.Sprintf("10:%02d:00", i), offset: "+03:00",
			creator: r.Creators[0], agency: r.Agency, city: r.City, country: r.Country,
		}
		im.captured = r.DateString() + "T" + im.time + im.offset
		imgs = append(imgs, im)
		if err := os.WriteFile(filepath.Join(dir, im.name), bare, 0o644); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, []string{
			"-codedcharacterset=utf8",
			"-EXIF:DateTimeOriginal=" + im.date + " " + im.time,
			"-EXIF:OffsetTimeOriginal=" + im.offset,
			"-EXIF:Artist=" + im.creator,
			"-IPTC:By-line=" + im.creator,
			"-IPTC:Credit=" + im.agency,
			"-IPTC:Source=" + im.agency,
			"-IPTC:DateCreated=" + im.date,
			"-IPTC:TimeCreated=" + im.time + im.offset,
			"-IPTC:City=" + im.city,
			"-IPTC:Country-PrimaryLocationName=" + im.country,
			"-XMP-dc:Creator=" + im.creator,
			"-XMP-photoshop:Credit=" + im.agency,
			"-XMP-photoshop:DateCreated=" + im.date + " " + im.time + im.offset,
			"-Photoshop:IPTCDigest=new", // as Photoshop leaves it
			im.name,
		})
	}
	exiftoolBatch(t, dir, cmds)
	return dir, imgs
}

// copyInteropFolder copies the regular files of src into a new folder, renaming
// them with rename (nil keeps the names).
func copyInteropFolder(t *testing.T, src string, rename map[string]string) string {
	t.Helper()
	dst := t.TempDir()
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		name := e.Name()
		if n, ok := rename[name]; ok {
			name = n
		}
		if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// interopReport is `captag check --format json`.
type interopReport struct {
	Summary struct {
		Images, Records, Matched, Errors, Warnings int
	} `json:"summary"`
	Results []struct {
		Image  string `json:"image"`
		Record *struct {
			Line int    `json:"line"`
			Text string `json:"text"`
		} `json:"record"`
		MatchedBy string `json:"matched_by"`
		Findings  []struct {
			Severity, Field, Store, Want, Got, Message string
		} `json:"findings"`
	} `json:"results"`
	UnmatchedRecords []json.RawMessage `json:"unmatched_records"`
	UnmatchedImages  []string          `json:"unmatched_images"`
}

// errorsByImage returns, per image base name, the distinct error-level
// findings as "field store" strings, sorted (IIM Credit and Source are two
// findings on one store).
func (r interopReport) errorsByImage() map[string][]string {
	out := map[string][]string{}
	for _, res := range r.Results {
		for _, f := range res.Findings {
			if f.Severity == "error" {
				k, v := filepath.Base(res.Image), f.Field+" "+f.Store
				if interopIndex(out[k], v) < 0 {
					out[k] = append(out[k], v)
				}
			}
		}
	}
	for _, v := range out {
		sort.Strings(v)
	}
	return out
}

// writeCaptionFile writes the records' texts as a wire text caption file,
// in the given order.
func writeCaptionFile(t *testing.T, recs []caption.Record, reverse bool) string {
	t.Helper()
	var paras []string
	for _, r := range recs {
		paras = append(paras, r.Text)
	}
	if reverse {
		for i, j := 0, len(paras)-1; i < j; i, j = i+1, j-1 {
			paras[i], paras[j] = paras[j], paras[i]
		}
	}
	path := filepath.Join(t.TempDir(), "captions.txt")
	if err := os.WriteFile(path, []byte(strings.Join(paras, "\n\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestInteropCheckExiftool: on a folder tagged by exiftool from the sample
// captions, check exits 0 with no error; with a wrong date, another
// photographer and another agency planted by exiftool in three images, it
// exits 1 with errors on exactly those images, on the right field —
// whatever the file names, the caption file's order or the TZ.
func TestInteropCheckExiftool(t *testing.T) {
	needTools(t, "exiftool")
	_, recs := aleppoCaptions(t)
	seqName := func(i int) string { return fmt.Sprintf("aleppo-%02d.jpg", i+1) }
	clean, imgs := buildAleppoFolder(t, recs, seqName)

	// Plant: a wrong date in a Mustafa Sultan image (every store), another
	// photographer in a Jawad Al Rifai image, another agency in an Aref
	// Watad image.
	pick := func(creator string) int {
		for i, im := range imgs {
			if im.creator == creator {
				return i
			}
		}
		t.Fatalf("no sample caption by %s", creator)
		return -1
	}
	wrongDate, otherCreator, otherAgency := pick("Mustafa Sultan"), pick("Jawad Al Rifai"), pick("Aref Watad")
	planted := copyInteropFolder(t, clean, nil)
	wd := imgs[wrongDate]
	exiftoolBatch(t, planted, [][]string{
		{"-EXIF:DateTimeOriginal=2016:12:17 " + wd.time, "-IPTC:DateCreated=2016:12:17",
			"-XMP-photoshop:DateCreated=2016:12:17 " + wd.time + wd.offset, wd.name},
		{"-codedcharacterset=utf8", "-EXIF:Artist=Karim Haddad", "-IPTC:By-line=Karim Haddad", "-XMP-dc:Creator=Karim Haddad", imgs[otherCreator].name},
		{"-codedcharacterset=utf8", "-IPTC:Credit=AFP", "-IPTC:Source=AFP", "-XMP-photoshop:Credit=AFP", imgs[otherAgency].name},
	})
	// One error per field, naming every store that is wrong.
	wantPlanted := map[string][]string{
		imgs[wrongDate].name:    {"date exif/iptc/xmp"},
		imgs[otherCreator].name: {"creator exif/iptc/xmp"},
		imgs[otherAgency].name:  {"credit iptc/xmp"},
	}

	plantedGot := map[string]string{"date": "2016-12-17", "creator": "Karim Haddad", "credit": "AFP"}

	// Names that do not follow caption order.
	hexNames := map[string]string{}
	for i := range imgs {
		hexNames[seqName(i)] = interopHexName(i)
	}
	forward, reverse := writeCaptionFile(t, recs, false), writeCaptionFile(t, recs, true)
	bin := captagBinary(t)

	for _, names := range []string{"caption-order", "hex"} {
		for _, caps := range []string{"forward", "reverse"} {
			for _, plant := range []bool{false, true} {
				src := clean
				if plant {
					src = planted
				}
				var rename map[string]string
				want := map[string][]string{}
				if plant {
					want = wantPlanted
				}
				if names == "hex" {
					rename = hexNames
					w := map[string][]string{}
					for k, v := range want {
						w[hexNames[k]] = v
					}
					want = w
				}
				dir := copyInteropFolder(t, src, rename)
				capFile := forward
				if caps == "reverse" {
					capFile = reverse
				}
				name := fmt.Sprintf("names=%s/captions=%s/planted=%v", names, caps, plant)
				t.Run(name, func(t *testing.T) {
					var first string
					for _, tz := range interopZones {
						out, stderr, code := runCaptagChild(t, bin, tz, dir, "check", "--captions", capFile, "--format", "json", ".")
						wantCode := 0
						if plant {
							wantCode = 1
						}
						if code != wantCode {
							t.Errorf("TZ=%s captag check: exit %d, want %d\nstderr: %s\nstdout: %s", tz, code, wantCode, stderr, out)
						}
						if first == "" {
							first = out
						} else if out != first {
							t.Fatalf("TZ=%s: captag check output differs from TZ=%s:\n%s\n---\n%s", tz, interopZones[0], out, first)
						}
					}
					var rep interopReport
					if err := json.Unmarshal([]byte(first), &rep); err != nil {
						t.Fatalf("captag check --format json: %v\n%s", err, first)
					}
					if rep.Summary.Images != 16 || rep.Summary.Records != 16 || rep.Summary.Matched != 16 {
						t.Errorf("summary: %d images, %d records, %d matched; want 16 of each", rep.Summary.Images, rep.Summary.Records, rep.Summary.Matched)
					}
					got := rep.errorsByImage()
					if !reflect.DeepEqual(got, want) {
						t.Errorf("errors by image (field store):\n got %v\nwant %v\nreport: %s", got, want, first)
					}
					// The errors say what the image says. The only warnings
					// are the stale IPTC digests exiftool leaves in the
					// images whose IIM it edited.
					for _, res := range rep.Results {
						for _, f := range res.Findings {
							if f.Severity == "warning" {
								if _, edited := want[filepath.Base(res.Image)]; !edited || f.Field != "file" || !strings.Contains(f.Message, "digest") {
									t.Errorf("%s: unexpected warning %s %s: %s", res.Image, f.Field, f.Store, f.Message)
								}
								continue
							}
							if w := plantedGot[f.Field]; f.Got != w {
								t.Errorf("%s: %s %s error: image says %q, want %q (what exiftool planted)", res.Image, f.Field, f.Store, f.Got, w)
							}
						}
					}
				})
			}
		}
	}
}

// interopFileState is what must not change: content hash and modification time.
type interopFileState struct {
	sum   [16]byte
	mtime time.Time
}

func interopFolderState(t *testing.T, dir, suffix string) map[string]interopFileState {
	t.Helper()
	out := map[string]interopFileState{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !strings.HasSuffix(strings.ToLower(e.Name()), suffix) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = interopFileState{md5.Sum(b), fi.ModTime()}
	}
	return out
}

// lightroomSidecar is a sidecar as Lightroom Classic leaves it: attribute
// form, a rating, develop settings, keywords and a keyword hierarchy.
const lightroomSidecar = `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0-c000 1.000000, 0000/00/00-00:00:00        ">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
   xmp:Rating="4"
   xmp:CreatorTool="Adobe Photoshop Lightroom Classic 12.0 (Macintosh)"
   xmp:MetadataDate="2016-12-21T09:12:44+03:00"
   crs:Version="15.0"
   crs:ProcessVersion="11.0"
   crs:WhiteBalance="As Shot"
   crs:Exposure2012="+0.35"
   crs:Contrast2012="+12"
   crs:Highlights2012="-40"
   crs:Shadows2012="+25"
   crs:HasSettings="True">
   <crs:ToneCurvePV2012>
    <rdf:Seq>
     <rdf:li>0, 0</rdf:li>
     <rdf:li>255, 255</rdf:li>
    </rdf:Seq>
   </crs:ToneCurvePV2012>
   <dc:subject>
    <rdf:Bag>
     <rdf:li>refugees</rdf:li>
     <rdf:li>evacuation</rdf:li>
     <rdf:li>Syria</rdf:li>
    </rdf:Bag>
   </dc:subject>
   <lr:hierarchicalSubject>
    <rdf:Bag>
     <rdf:li>places|Syria|Aleppo</rdf:li>
     <rdf:li>topics|refugees</rdf:li>
    </rdf:Bag>
   </lr:hierarchicalSubject>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
`

// TestInteropWriteExiftool: captag write makes sidecars in which exiftool
// and exiv2 read what was meant, keeps a Lightroom sidecar's own
// properties, changes nothing on a second run, never touches an image,
// names sidecars IMG.jpg.xmp with --sidecar-name ext, and leaves a folder
// that check passes.
func TestInteropWriteExiftool(t *testing.T) {
	needTools(t, "exiftool", "exiv2")
	capPath, recs := aleppoCaptions(t)
	capAbs, err := filepath.Abs(capPath)
	if err != nil {
		t.Fatal(err)
	}
	tagged, imgs := buildAleppoFolder(t, recs, func(i int) string { return fmt.Sprintf("aleppo-%02d.jpg", i+1) })
	dir := copyInteropFolder(t, tagged, nil)

	// A Lightroom sidecar on one image, read by exiftool before the merge.
	lrImage := imgs[2].name
	lrName := strings.TrimSuffix(lrImage, ".jpg") + ".xmp"
	if err := os.WriteFile(filepath.Join(dir, lrName), []byte(lightroomSidecar), 0o644); err != nil {
		t.Fatal(err)
	}
	lrTags := []string{"-G1", "-struct", "-XMP-xmp:Rating", "-XMP-xmp:CreatorTool", "-XMP-xmp:MetadataDate", "-XMP-crs:all",
		"-XMP-dc:Subject", "-XMP-lr:HierarchicalSubject", lrName}
	lrBefore := exiftoolJSON(t, dir, lrTags...)[lrName]
	if etString(lrBefore, "XMP-xmp:Rating") != "4" || etString(lrBefore, "XMP-crs:Exposure2012") == "" || len(etList(lrBefore, "XMP-dc:Subject")) != 3 {
		t.Fatalf("exiftool's reading of the Lightroom sidecar before the merge lacks rating/develop/keywords: %v", lrBefore)
	}

	images := interopFolderState(t, dir, ".jpg")
	if len(images) != 16 {
		t.Fatalf("expected 16 images in the tagged folder, found %d", len(images))
	}

	// The two runs are made under different zones: the second finding
	// nothing to change also says the sidecars do not depend on the TZ.
	bin := captagBinary(t)
	out, stderr, code := runCaptagChild(t, bin, "Pacific/Kiritimati", dir, "write", "--caption-order", "newest-first", "--captions", capAbs, dir)
	if code != 0 {
		t.Fatalf("captag write: exit %d, want 0\nstdout: %s\nstderr: %s", code, out, stderr)
	}
	if !strings.Contains(out, "15 created, 1 updated, 0 unchanged, 0 left alone, 0 failed") {
		t.Errorf("captag write: expected 15 sidecars created and the Lightroom one updated, report:\n%s", out)
	}
	sidecars := interopFolderState(t, dir, ".xmp")
	for _, im := range imgs {
		if _, ok := sidecars[strings.TrimSuffix(im.name, ".jpg")+".xmp"]; !ok {
			t.Errorf("captag write made no sidecar %s.xmp for %s; sidecars: %v", strings.TrimSuffix(im.name, ".jpg"), im.name, sidecars)
		}
	}
	if len(sidecars) != 16 {
		t.Errorf("expected 16 sidecars, found %d", len(sidecars))
	}

	// Which caption went to which image: captag's own plan.
	mout, mstderr, mcode := runCaptagInProcess("match", "--captions", capAbs, "--format", "json", dir)
	if mcode != 0 {
		t.Fatalf("captag match: exit %d\n%s\n%s", mcode, mout, mstderr)
	}
	var plan struct {
		Pairs []struct {
			Image  string `json:"image"`
			Record struct {
				Line int `json:"line"`
			} `json:"record"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(mout), &plan); err != nil {
		t.Fatalf("captag match --format json: %v\n%s", err, mout)
	}
	byLine := map[int]caption.Record{}
	for _, r := range recs {
		byLine[r.Line] = r
	}
	recOf := map[string]caption.Record{}
	for _, p := range plan.Pairs {
		recOf[filepath.Base(p.Image)] = byLine[p.Record.Line]
	}

	// exiftool reads each sidecar as meant.
	et := exiftoolJSON(t, dir, "-G1", "-struct", "-XMP:all", "-ext", "xmp", ".")
	for _, im := range imgs {
		sc := strings.TrimSuffix(im.name, ".jpg") + ".xmp"
		o, ok := et[sc]
		if !ok {
			t.Errorf("%s: exiftool did not read it", sc)
			continue
		}
		rec, ok := recOf[im.name]
		if !ok {
			t.Errorf("%s: captag match paired no caption with it", im.name)
			continue
		}
		if rec.DateString() != im.record.DateString() || rec.Creators[0] != im.creator {
			t.Errorf("%s: paired with caption line %d (%s, %s), but the image was tagged from line %d (%s, %s)",
				im.name, rec.Line, rec.DateString(), rec.Creators[0], im.record.Line, im.record.DateString(), im.creator)
		}
		wantDate := strings.ReplaceAll(rec.DateString(), "-", ":") + " " + im.time + im.offset
		for _, c := range []struct{ tag, want string }{
			{"XMP-dc:Description", rec.Text},
			{"XMP-dc:Creator", im.creator},
			{"XMP-photoshop:Credit", "Anadolu Agency"},
			{"XMP-photoshop:City", "Aleppo"},
			{"XMP-photoshop:Country", "Syria"},
			{"XMP-photoshop:DateCreated", wantDate},
		} {
			if g := etString(o, c.tag); g != c.want {
				t.Errorf("%s %s: exiftool reads %q, want %q", sc, c.tag, g, c.want)
			}
		}
	}

	// exiv2 reads every sidecar without complaint.
	var scPaths []string
	for name := range sidecars {
		scPaths = append(scPaths, name)
	}
	sort.Strings(scPaths)
	cmd := exec.Command("exiv2", append([]string{"-px"}, scPaths...)...)
	cmd.Dir = dir
	var eout, eerr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &eout, &eerr
	if err := cmd.Run(); err != nil || eerr.Len() != 0 {
		t.Errorf("exiv2 -px on the sidecars: %v\nstderr: %s", err, eerr.String())
	}
	if n := strings.Count(eout.String(), "Xmp.photoshop.City"); n != 16 {
		t.Errorf("exiv2 -px: expected Xmp.photoshop.City in each of 16 sidecars, found %d\n%s", n, eout.String())
	}

	// The Lightroom sidecar kept its rating, develop settings and keywords.
	lrAfter := exiftoolJSON(t, dir, lrTags...)[lrName]
	if !reflect.DeepEqual(lrBefore, lrAfter) {
		t.Errorf("%s: Lightroom properties changed in the merge:\nbefore %v\n after %v", lrName, lrBefore, lrAfter)
	}

	// A second run changes nothing.
	out2, stderr2, code2 := runCaptagChild(t, bin, "America/St_Johns", dir, "write", "--caption-order", "newest-first", "--captions", capAbs, dir)
	if code2 != 0 {
		t.Fatalf("second captag write: exit %d, want 0\n%s\n%s", code2, out2, stderr2)
	}
	if !strings.Contains(out2, "0 created, 0 updated, 16 unchanged, 0 left alone, 0 failed") {
		t.Errorf("second captag write: expected every sidecar unchanged, report:\n%s", out2)
	}
	unchanged := 0
	for _, line := range strings.Split(strings.TrimSpace(out2), "\n") {
		if strings.HasSuffix(strings.TrimSpace(line), ".xmp") || strings.Contains(line, ".xmp ") {
			if !strings.HasPrefix(line, "unchanged ") {
				t.Errorf("second captag write: expected every sidecar line to say unchanged, found %q", line)
			}
			unchanged++
		}
	}
	if unchanged != 16 {
		t.Errorf("second captag write: expected 16 sidecar lines, found %d:\n%s", unchanged, out2)
	}
	if after := interopFolderState(t, dir, ".xmp"); !reflect.DeepEqual(after, sidecars) {
		t.Errorf("second captag write changed sidecar bytes or mtimes:\nbefore %v\n after %v", sidecars, after)
	}
	if after := interopFolderState(t, dir, ".jpg"); !reflect.DeepEqual(after, images) {
		t.Errorf("captag write changed image files:\nbefore %v\n after %v", images, after)
	}

	// The tagged folder passes check: the sidecar is a store that agrees.
	cout, cerr, ccode := runCaptagInProcess("check", "--captions", capAbs, "--format", "json", dir)
	if ccode != 0 {
		t.Errorf("captag check after write: exit %d, want 0\nstderr: %s\n%s", ccode, cerr, cout)
	}
	var rep interopReport
	if err := json.Unmarshal([]byte(cout), &rep); err != nil {
		t.Fatalf("captag check --format json: %v\n%s", err, cout)
	}
	if e := rep.errorsByImage(); len(e) != 0 {
		t.Errorf("captag check after write: expected no errors, found %v", e)
	}

	// --sidecar-name ext on a fresh copy: IMG.jpg.xmp for every image.
	ext := copyInteropFolder(t, tagged, nil)
	extImages := interopFolderState(t, ext, ".jpg")
	xout, xerr, xcode := runCaptagInProcess("write", "--caption-order", "newest-first", "--captions", capAbs, "--sidecar-name", "ext", ext)
	if xcode != 0 {
		t.Fatalf("captag write --sidecar-name ext: exit %d\n%s\n%s", xcode, xout, xerr)
	}
	if after := interopFolderState(t, ext, ".jpg"); !reflect.DeepEqual(after, extImages) {
		t.Errorf("captag write --sidecar-name ext changed image files")
	}
	got := interopFolderState(t, ext, ".xmp")
	for _, im := range imgs {
		if _, ok := got[im.name+".xmp"]; !ok {
			t.Errorf("--sidecar-name ext: no %s.xmp", im.name)
		}
	}
	if len(got) != 16 {
		var names []string
		for n := range got {
			names = append(names, n)
		}
		sort.Strings(names)
		t.Errorf("--sidecar-name ext: expected exactly the 16 IMG.jpg.xmp sidecars, found %v", names)
	}
}

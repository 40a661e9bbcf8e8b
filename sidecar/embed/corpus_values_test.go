package embed

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/sidecar"
)

// mappedTags are the exiftool -G1 tags of the values embedding is asked
// to write (the sidecar mapping in IIM and XMP, the 1:90 character set,
// the IPTC digest): they may change where the caption says otherwise.
// LocationCreated's flattened fields start with its name.
var mappedTags = map[string]bool{
	"IPTC:CodedCharacterSet": true, "IPTC:ApplicationRecordVersion": true, "IPTC:Caption-Abstract": true,
	"IPTC:By-line": true, "IPTC:Credit": true, "IPTC:Source": true, "IPTC:DateCreated": true, "IPTC:TimeCreated": true,
	"IPTC:City": true, "IPTC:Province-State": true, "IPTC:Country-PrimaryLocationName": true,
	"IPTC:Country-PrimaryLocationCode": true, "IPTC:Headline": true, "IPTC:ObjectName": true, "IPTC:Keywords": true,
	"IPTC:CopyrightNotice": true, "IPTC:Writer-Editor": true, "IPTC:SpecialInstructions": true, "IPTC:OriginalTransmissionReference": true,
	"XMP-dc:Description": true, "XMP-dc:Creator": true, "XMP-dc:Title": true, "XMP-dc:Subject": true, "XMP-dc:Rights": true,
	"XMP-photoshop:Credit": true, "XMP-photoshop:Source": true, "XMP-photoshop:DateCreated": true,
	"XMP-photoshop:City": true, "XMP-photoshop:State": true, "XMP-photoshop:Country": true, "XMP-photoshop:Headline": true,
	"XMP-photoshop:Instructions": true, "XMP-photoshop:TransmissionReference": true, "XMP-photoshop:CaptionWriter": true,
	"XMP-iptcCore:CountryCode": true, "Photoshop:IPTCDigest": true,
}

func mapped(tag string) bool {
	return mappedTags[tag] || strings.HasPrefix(tag, "XMP-iptcExt:LocationCreated")
}

// position reports whether exiftool gives the tag as a position in the
// file (IFD1:ThumbnailOffset, IFD1:StripOffsets, MPImage2:MPImageStart):
// it moves when a segment before it grows, while the bytes that hold it
// stay as they were (checkUntouched).
func position(tag string) bool {
	_, name, _ := strings.Cut(tag, ":")
	return strings.HasSuffix(name, "Offset") || strings.HasSuffix(name, "Offsets") || name == "MPImageStart"
}

// latin1Of reports whether old is now's UTF-8 bytes read one byte a
// character, as exiftool reads an IIM value with no 1:90 marker
// ("KÃ¥lltorp" for "Kålltorp"): the same bytes, now marked UTF-8.
func latin1Of(old, now string) bool {
	b := make([]byte, 0, len(old))
	for _, r := range old {
		if r > 0xFF {
			return false
		}
		b = append(b, byte(r))
	}
	return string(b) == now && old != now
}

// exiftoolPairs runs one exiftool -j process over files and returns, by
// SourceFile, every tag and value in the order exiftool gives them, a
// tag given twice numbered ("IPTC:Keywords#2"), so that no copy hides
// behind another.
func exiftoolPairs(t *testing.T, args, files []string) map[string]map[string]string {
	t.Helper()
	cmd := exec.Command("exiftool", append([]string{"-j", "-q", "-q", "-@", "-"}, args...)...)
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("exiftool %v: %v", args, err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	tok := func() json.Token {
		tk, err := dec.Token()
		if err != nil {
			t.Fatalf("exiftool %v: output is not JSON: %v", args, err)
		}
		return tk
	}
	res := map[string]map[string]string{}
	tok() // [
	for dec.More() {
		tok() // {
		o := map[string]string{}
		for dec.More() {
			k, _ := tok().(string)
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("exiftool %v: output is not JSON: %v", args, err)
			}
			key := k
			for n := 2; ; n++ {
				if _, dup := o[key]; !dup {
					break
				}
				key = fmt.Sprintf("%s#%d", k, n)
			}
			o[key] = str(v)
		}
		tok() // }
		res[o["SourceFile"]] = o
	}
	return res
}

// ownRecord is a caption that says what the image's own stores say,
// spelled as captag's agency table spells it: its description, its
// creators, its Credit (else Source) by the table's name of that agency
// ("Getty Images" for "Getty Images North America"), and the day of its
// first date (EXIF, IIM, XMP, as sidecar.DateCreated looks). Embedding it
// has nothing new to say about credit and date.
func ownRecord(im *metadata.Image) caption.Record {
	var rec caption.Record
	stores := []*metadata.Store{im.XMP, im.IPTC, im.EXIF}
	for _, s := range stores {
		if s == nil {
			continue
		}
		if rec.Text == "" {
			rec.Text = strings.TrimSpace(s.Description)
		}
		if len(rec.Creators) == 0 && len(s.Creators) > 0 {
			rec.Creators = s.Creators
		}
		for _, v := range []string{s.Credit, s.Source} {
			if v = strings.TrimSpace(v); v != "" && rec.Agency == "" && s.Kind != metadata.StoreEXIF {
				rec.Agency = v
				if a, ok := caption.LookupAgency(v); ok {
					rec.Agency = a.Name
				}
			}
		}
	}
	if rec.Agency != "" {
		rec.Agencies = []string{rec.Agency}
	}
	for _, s := range []*metadata.Store{im.EXIF, im.IPTC, im.XMP} {
		if s != nil && s.Date.Precision >= date.PrecDay {
			rec.Date = date.DayOf(s.Date.Year, s.Date.Month, s.Date.Day)
			break
		}
	}
	return rec
}

// exiftoolDate turns exiftool's "2016:12:19 09:30:12+03:00" (XMP) or
// "2016:12:19" with "09:30:12+00:00" (IIM) into the XMP form.
func exiftoolDate(day, tm string) string {
	d := strings.Replace(day, ":", "-", 2)
	if i := strings.IndexByte(d, ' '); i >= 0 {
		d = d[:i] + "T" + d[i+1:]
	}
	if tm != "" {
		d += "T" + tm
	}
	return d
}

// TestCorpusKeepsStoreValues (issue 19): write --embed changes no store
// value it was not asked to write, and of those it was asked to write, no
// Credit, Source, Date Created or Time Created that already said what the
// caption says. Every corpus JPEG captag embeds into, with a caption made
// of its own values (ownRecord), is read by exiftool -a -G1 -j before and
// after; the test reports how many files it compared and how many values
// changed outside the mapping (it fails unless 0), and how many mapped
// values were kept or rewritten. Not changes: a value of only white space
// before and after, a position in the file (the segments that hold it are
// byte for byte the original's), and an unmarked IIM value that exiftool
// reads anew once captag marks the block UTF-8 (1:90), the bytes the same.
func TestCorpusKeepsStoreValues(t *testing.T) {
	dir := corpusDir(t)
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH: skipping the comparison of store values")
	}
	files := corpusJPEGs(t, dir)
	tmp := t.TempDir()
	var origs, outs []string
	newOf := map[string]string{}
	grewBy := map[string]int{} // how much longer the file became
	recOf := map[string]caption.Record{}
	imgOf := map[string]*metadata.Image{}
	refused := 0
	refusals := map[string]int{}
	for i, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		im := read(t, b)
		rec := ownRecord(im)
		res, err := JPEG(b, rec, im, Options{})
		if err != nil {
			refusals[digitsOut(err.Error())]++
			refused++
			continue
		}
		checkUntouched(t, b, res.Data)
		np := filepath.Join(tmp, fmt.Sprintf("%03d.jpg", i))
		if err := os.WriteFile(np, res.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		origs, outs = append(origs, p), append(outs, np)
		newOf[p], recOf[p], imgOf[p] = np, rec, im
		grewBy[p] = len(res.Data) - len(b)
	}
	args := []string{"-a", "-G1"}
	before, after := exiftoolPairs(t, args, origs), exiftoolPairs(t, args, outs)
	outside, kept, rewritten := 0, 0, 0
	var lines []string
	for _, p := range origs {
		b, a := before[p], after[newOf[p]]
		rec, im := recOf[p], imgOf[p]
		want, _ := date.ParseXMPDate(sidecar.DateCreated(rec, im))
		keys := make([]string, 0, len(b))
		for k := range b {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			g, _, _ := strings.Cut(k, ":")
			switch g {
			case "SourceFile", "ExifTool", "System", "File", "Composite":
				continue
			}
			tag, _, _ := strings.Cut(k, "#")
			old, now := b[k], a[k]
			if strings.TrimSpace(old) == "" && strings.TrimSpace(now) == "" {
				// White space is no value: exiftool reads an empty struct
				// written over two lines as its line break.
				continue
			}
			if position(tag) || strings.HasPrefix(tag, "IPTC:") && latin1Of(old, now) {
				continue
			}
			if tag == "MPImage1:MPImageLength" && old != now {
				// The primary image's size follows what the embed added
				// to it (issue 20 item 9).
				o, _ := strconv.Atoi(old)
				if n, _ := strconv.Atoi(now); n-o != grewBy[p] {
					t.Errorf("%s: the primary image grew by %d bytes, its MPF length by %d (%s to %s)", p, grewBy[p], n-o, old, now)
				}
				continue
			}
			if old == now {
				if tag == "IPTC:Credit" || tag == "IPTC:Source" || tag == "XMP-photoshop:Credit" || tag == "XMP-photoshop:Source" ||
					tag == "IPTC:TimeCreated" || tag == "XMP-photoshop:DateCreated" {
					kept++
				}
				continue
			}
			if !mapped(tag) {
				outside++
				lines = append(lines, fmt.Sprintf("%s: %s %q became %q", p, k, old, now))
				continue
			}
			rewritten++
			saidSame := false
			switch tag {
			case "IPTC:Credit", "XMP-photoshop:Credit":
				saidSame = sidecar.NamesAgency(rec, old, false, sidecar.Options{})
			case "IPTC:Source", "XMP-photoshop:Source":
				saidSame = sidecar.NamesAgency(rec, old, true, sidecar.Options{})
			case "IPTC:DateCreated", "IPTC:TimeCreated":
				d, err := date.ParseIIMDate(strings.ReplaceAll(b["IPTC:DateCreated"], ":", ""), strings.ReplaceAll(b["IPTC:TimeCreated"], ":", ""))
				saidSame = err == nil && d.States(want)
			case "XMP-photoshop:DateCreated":
				d, err := date.ParseXMPDate(exiftoolDate(old, ""))
				saidSame = err == nil && d.States(want)
			}
			if saidSame {
				t.Errorf("%s: %s %q already said what the caption says, and became %q", p, k, old, now)
			}
		}
	}
	reasons := make([]string, 0, len(refusals))
	for r := range refusals {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		t.Logf("refused %3d: %s", refusals[r], r)
	}
	for _, l := range lines {
		t.Errorf("changed outside the mapping: %s", l)
	}
	t.Logf("%d corpus JPEGs compared with exiftool -a -G1 -j before and after write --embed (%d refused, not compared): "+
		"%d values changed outside the mapping; Credit, Source and date values that already said the caption's kept as they were: %d; mapped values rewritten where the caption says otherwise: %d",
		len(origs), refused, outside, kept, rewritten)
	if len(origs) < len(files)/2 {
		t.Errorf("expected most corpus JPEGs compared, found %d of %d", len(origs), len(files))
	}
}

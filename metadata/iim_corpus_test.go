package metadata

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/captag/captag/metadata/date"
)

// iimTestAPP13 joins the Photoshop APP13 payloads of a JPEG, walking its
// segments up to SOS. It is a test helper, deliberately independent of the
// package's JPEG walker.
func iimTestAPP13(b []byte) []byte {
	const header = "Photoshop 3.0\x00"
	if len(b) < 2 || b[0] != 0xFF || b[1] != 0xD8 {
		return nil
	}
	var out []byte
	pos := 2
	for pos+4 <= len(b) {
		if b[pos] != 0xFF {
			return out
		}
		m := b[pos+1]
		if m == 0xFF {
			pos++
			continue
		}
		if m == 0xDA || m == 0xD9 {
			return out
		}
		if m >= 0xD0 && m <= 0xD7 || m == 0x01 {
			pos += 2
			continue
		}
		n := int(b[pos+2])<<8 | int(b[pos+3])
		if n < 2 || pos+2+n > len(b) {
			return out
		}
		p := b[pos+4 : pos+2+n]
		if m == 0xED && bytes.HasPrefix(p, []byte(header)) {
			out = append(out, p[len(header):]...)
		}
		pos += 2 + n
	}
	return out
}

// TestIIMCorpusAgainstExiftool reads the IIM block of every corpus JPEG
// that exiftool found IPTC in and compares creators, credit, city,
// caption and date with exiftool's own reading.
//
// Accepted differences, each checked precisely rather than skipped:
//   - unmarked IIM that is valid UTF-8: captag reads it as UTF-8, exiftool
//     as Windows-1252; exiftool's value must then be captag's value
//     re-decoded as Windows-1252 (mojibake of the same bytes).
//   - captions: captag turns CR and CRLF into LF and trims trailing
//     spaces; exiftool keeps them. Compared after the same normalisation.
//   - dates exiftool shows but captag refuses (zero or malformed): captag
//     must have warned WarnBadDate.
func TestIIMCorpusAgainstExiftool(t *testing.T) {
	dir := requireCorpus(t)
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH: skipping the IIM cross-check")
	}
	idx, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	var files []string
	sc := bufio.NewScanner(idx)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) > 5 && f[3] == "JPEG" && f[5] == "y" {
			files = append(files, filepath.Join(dir, f[0], f[1]))
		}
	}
	if len(files) == 0 {
		t.Fatal("no JPEG with IPTC in INDEX.tsv")
	}
	args := append([]string{"-j", "-G1", "-a", "-IPTC:all"}, files...)
	out, err := exec.Command("exiftool", args...).Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("exiftool: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	var rows []map[string]any
	if err := dec.Decode(&rows); err != nil {
		t.Fatalf("exiftool JSON: %v", err)
	}
	str := func(v any) []string {
		switch v := v.(type) {
		case nil:
			return nil
		case []any:
			var s []string
			for _, e := range v {
				s = append(s, fmt.Sprint(e))
			}
			return s
		}
		return []string{fmt.Sprint(v)}
	}
	norm := func(s string) string {
		s = normalizeNewlines(s)
		lines := strings.Split(s, "\n")
		for i := range lines {
			lines[i] = strings.TrimRight(lines[i], " ")
		}
		return strings.TrimSpace(strings.Join(lines, "\n"))
	}
	compared, agreed, mojibake := 0, 0, 0
	for _, row := range rows {
		path := fmt.Sprint(row["SourceFile"])
		rel, _ := filepath.Rel(dir, path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		app13 := iimTestAPP13(data)
		st, warns := readPhotoshopIRB(app13)
		// Several IPTC-NAA blocks in APP13: exiftool names the later ones
		// IPTC2, IPTC3…, and without -a shows a field from the first block
		// that has it; captag merges them the same way. (IPTC2 from
		// elsewhere, an AFCP trailer or EXIF tag 33723, is not read.)
		if blocks, _, _ := photoshopResources(app13); blocks.len() > 1 {
			for _, tag := range []string{"By-line", "Credit", "Source", "City", "Country-PrimaryLocationName", "CopyrightNotice", "Caption-Abstract", "Keywords", "DateCreated"} {
				for n := 2; n <= blocks.len() && row["IPTC:"+tag] == nil; n++ {
					if v := row[fmt.Sprintf("IPTC%d:%s", n, tag)]; v != nil {
						row["IPTC:"+tag] = v
					}
				}
			}
		}
		if st == nil {
			if row["IPTC:By-line"] != nil || row["IPTC:Credit"] != nil {
				t.Errorf("%s: captag found no IPTC store, exiftool found By-line %v Credit %v (warnings %v)", rel, row["IPTC:By-line"], row["IPTC:Credit"], warns)
			}
			continue
		}
		unmarkedUTF8 := st.Charset == "utf-8 (unmarked)"
		fields := []struct {
			tag  string
			ours []string
		}{
			{"IPTC:By-line", st.Creators},
			{"IPTC:Credit", iimNonEmpty(st.Credit)},
			{"IPTC:Source", iimNonEmpty(st.Source)},
			{"IPTC:City", iimNonEmpty(st.City)},
			{"IPTC:Country-PrimaryLocationName", iimNonEmpty(st.Country)},
			{"IPTC:CopyrightNotice", iimNonEmpty(st.Copyright)},
			{"IPTC:Caption-Abstract", iimNonEmpty(st.Description)},
			{"IPTC:Keywords", st.Keywords},
		}
		for _, f := range fields {
			theirs := str(row[f.tag])
			var kept []string
			for _, s := range theirs {
				if strings.TrimSpace(s) != "" {
					kept = append(kept, norm(s))
				}
			}
			ours := make([]string, len(f.ours))
			for i, s := range f.ours {
				ours[i] = norm(s)
				if unmarkedUTF8 {
					ours[i] = norm(decodeWindows1252([]byte(s)))
				}
			}
			compared++
			if strings.Join(ours, "\x00") == strings.Join(kept, "\x00") {
				agreed++
				if unmarkedUTF8 && len(ours) > 0 {
					mojibake++
				}
				continue
			}
			t.Errorf("%s: %s: captag %q (charset %q), exiftool %q", rel, f.tag, ours, st.Charset, kept)
		}
		// Dates: exiftool shows 2:55 as "2016:12:19", 2:60 as "14:05:00+03:00".
		theirDate := str(row["IPTC:DateCreated"])
		if len(theirDate) == 1 {
			compared++
			bad := false
			for _, w := range warns {
				bad = bad || w.Code == WarnBadDate
			}
			ours := ""
			if st.Date.Precision >= date.PrecDay {
				ours = fmt.Sprintf("%04d:%02d:%02d", st.Date.Year, st.Date.Month, st.Date.Day)
			}
			switch {
			case ours == theirDate[0]:
				agreed++
			case ours == "" && bad:
				agreed++ // refused with a warning: accepted difference
			default:
				t.Errorf("%s: 2:55: captag %q (%s), exiftool %q", rel, ours, st.Date, theirDate[0])
			}
		}
	}
	t.Logf("IIM vs exiftool: %d of %d field comparisons agree over %d files (%d via the unmarked-UTF-8 rule)", agreed, compared, len(rows), mojibake)
}

func iimNonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// TestIIMCorpusNoPanic feeds every corpus file's APP13 payload, and the raw
// file itself, to the IIM readers: no panic, valid UTF-8 out.
func TestIIMCorpusNoPanic(t *testing.T) {
	dir := requireCorpus(t)
	n := 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		for _, b := range [][]byte{iimTestAPP13(data), data} {
			st, _ := readPhotoshopIRB(b)
			st2, _ := readIIM(b, nil)
			for _, s := range []*Store{st, st2} {
				if s != nil && !iimValidStore(s) {
					t.Errorf("%s: invalid UTF-8 in %+v", path, s)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("read %d corpus files", n)
}

func iimValidStore(s *Store) bool {
	all := append([]string{s.Credit, s.Source, s.Copyright, s.Description, s.Headline, s.Title, s.City, s.Sublocation,
		s.Region, s.Country, s.CountryCode}, append(s.Creators, s.Keywords...)...)
	for _, v := range all {
		if !utf8.ValidString(v) {
			return false
		}
	}
	return true
}

package metadata

import (
	"bytes"
	"crypto/md5"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/fixture"
)

var iimTestFields = fixture.Fields{
	Date:        "20161219",
	Time:        "140500+0300",
	Creators:    []string{"أحمد الأحمد", "Aref Watad"},
	Credit:      "Anadolu Agency",
	Source:      "AA",
	Copyright:   "© Anadolu Agency",
	Description: "ALEPPO, SYRIA - DECEMBER 19: Civilians are evacuated.",
	Headline:    "Evacuation of Aleppo",
	Title:       "SYRIA-CONFLICT",
	City:        "Aleppo",
	Sublocation: "East Aleppo",
	Region:      "Aleppo Governorate",
	Country:     "Syria",
	CountryCode: "SYR",
	Keywords:    []string{"war", "evacuation"},
}

var iimTestFieldsStore = Store{
	Kind:        StoreIPTC,
	Date:        date.Date{Year: 2016, Month: 12, Day: 19, Hour: 14, Minute: 5, Precision: date.PrecSecond, HasOffset: true, OffsetMinutes: 180},
	Creators:    []string{"أحمد الأحمد", "Aref Watad"},
	Credit:      "Anadolu Agency",
	Source:      "AA",
	Copyright:   "© Anadolu Agency",
	Description: "ALEPPO, SYRIA - DECEMBER 19: Civilians are evacuated.",
	Headline:    "Evacuation of Aleppo",
	Title:       "SYRIA-CONFLICT",
	Keywords:    []string{"war", "evacuation"},
	City:        "Aleppo",
	Sublocation: "East Aleppo",
	Region:      "Aleppo Governorate",
	Country:     "Syria",
	CountryCode: "SYR",
	Charset:     "utf-8",
}

func iimDS(rec, num uint8, v string) fixture.Dataset {
	return fixture.Dataset{Record: rec, Number: num, Value: []byte(v)}
}

func iimTestBytes(marker bool, sets ...fixture.Dataset) []byte {
	return fixture.IIM{UTF8Marker: marker, Datasets: sets}.IIMBytes()
}

func iimWarnCodes(ws []Warning) []WarningCode {
	var out []WarningCode
	for _, w := range ws {
		out = append(out, w.Code)
	}
	return out
}

func TestReadIIM(t *testing.T) {
	all := fixture.IIMFields(iimTestFields)
	cases := []struct {
		name   string
		in     []byte
		digest []byte
		want   *Store // nil: no store
		warns  []WarningCode
		msg    string // a substring of the first warning, when given
	}{
		{name: "all fields, UTF-8 marker", in: all.IIMBytes(), want: &iimTestFieldsStore},
		{
			name:  "Latin-1 without marker",
			in:    iimTestBytes(false, iimDS(2, 90, "Z\xfcrich"), iimDS(2, 80, "J\xfcrgen M\xfcller")),
			want:  &Store{Kind: StoreIPTC, City: "Zürich", Creators: []string{"Jürgen Müller"}, Charset: "windows-1252 (assumed)"},
			warns: []WarningCode{WarnIIMCharset},
			msg:   "iptc: expected a 1:90 UTF-8 marker before non-ASCII text, found none; read as Windows-1252",
		},
		{
			name:  "Windows-1252 specials without marker",
			in:    iimTestBytes(false, iimDS(2, 120, "\x93Quoted\x94 \x80 5 \x96 \x85"), iimDS(2, 116, "\xa9 AFP")),
			want:  &Store{Kind: StoreIPTC, Description: "“Quoted” € 5 – …", Copyright: "© AFP", Charset: "windows-1252 (assumed)"},
			warns: []WarningCode{WarnIIMCharset},
		},
		{
			name:  "valid UTF-8 without marker",
			in:    iimTestBytes(false, iimDS(2, 90, "Zürich")),
			want:  &Store{Kind: StoreIPTC, City: "Zürich", Charset: "utf-8 (unmarked)"},
			warns: []WarningCode{WarnIIMCharset},
			msg:   "read as UTF-8",
		},
		{
			name: "ASCII without marker",
			in:   iimTestBytes(false, iimDS(2, 110, "REUTERS"), iimDS(2, 80, "Omar Sanadiki")),
			want: &Store{Kind: StoreIPTC, Credit: "REUTERS", Creators: []string{"Omar Sanadiki"}},
		},
		{
			name:  "marker after record 2",
			in:    iimTestBytes(false, iimDS(2, 90, "Zürich"), iimDS(1, 90, "\x1b%G")),
			want:  &Store{Kind: StoreIPTC, City: "Zürich", Charset: "utf-8"},
			warns: []WarningCode{WarnIIMCharset},
			msg:   "expected the 1:90 character set before the record 2 datasets, found it after 1 of them",
		},
		{
			name: "ISO 8859-1 marker ESC . A",
			in:   iimTestBytes(false, iimDS(1, 90, "\x1b.A"), iimDS(2, 90, "Z\xfcrich")),
			want: &Store{Kind: StoreIPTC, City: "Zürich", Charset: "iso-8859-1"},
		},
		{
			name: "ISO 8859-1 marker ESC - A",
			in:   iimTestBytes(false, iimDS(1, 90, "\x1b-A"), iimDS(2, 90, "S\xe3o Paulo")),
			want: &Store{Kind: StoreIPTC, City: "São Paulo", Charset: "iso-8859-1"},
		},
		{
			name:  "unknown marker",
			in:    iimTestBytes(false, iimDS(1, 90, "\x1b$B"), iimDS(2, 90, "Paris")),
			want:  &Store{Kind: StoreIPTC, City: "Paris"},
			warns: []WarningCode{WarnIIMCharset},
		},
		{
			name:  "invalid UTF-8 after the marker",
			in:    iimTestBytes(true, iimDS(2, 120, "Caf\xc3")),
			want:  &Store{Kind: StoreIPTC, Description: "Caf\uFFFD", Charset: "utf-8"},
			warns: []WarningCode{WarnIIMCharset},
		},
		{name: "current digest", in: all.IIMBytes(), digest: iimMD5(all.IIMBytes()), want: &iimTestFieldsStore},
		{
			name:   "stale digest",
			in:     all.IIMBytes(),
			digest: iimMD5([]byte("before")),
			want:   &iimTestFieldsStore,
			warns:  []WarningCode{WarnDigestStale},
			msg:    "iptc: expected the IPTC digest to match the IIM block, found a stale digest; another program edited",
		},
		{
			name:   "short digest",
			in:     all.IIMBytes(),
			digest: []byte{1, 2, 3},
			want:   &iimTestFieldsStore,
			warns:  []WarningCode{WarnDigestStale},
		},
		{
			name: "repeated datasets in order",
			in:   iimTestBytes(true, iimDS(2, 25, "b"), iimDS(2, 80, "First"), iimDS(2, 25, "a"), iimDS(2, 80, "Second"), iimDS(2, 25, "c")),
			want: &Store{Kind: StoreIPTC, Keywords: []string{"b", "a", "c"}, Creators: []string{"First", "Second"}, Charset: "utf-8"},
		},
		{
			name:  "non-repeatable repeated",
			in:    iimTestBytes(true, iimDS(2, 110, "AP"), iimDS(2, 110, "Reuters"), iimDS(2, 110, "AFP")),
			want:  &Store{Kind: StoreIPTC, Credit: "AP", Charset: "utf-8"},
			warns: []WarningCode{WarnGeneral},
			msg:   "expected one 2:110 Credit, found more; the first is read",
		},
		{
			name: "trailing NUL padding",
			in:   append(iimTestBytes(false, iimDS(2, 110, "AP")), 0, 0, 0, 0),
			want: &Store{Kind: StoreIPTC, Credit: "AP"},
		},
		{
			name:  "junk after datasets",
			in:    append(iimTestBytes(false, iimDS(2, 110, "AP")), 'x', 0x1C, 2, 80),
			want:  &Store{Kind: StoreIPTC, Credit: "AP"},
			warns: []WarningCode{WarnGeneral},
			msg:   "expected a dataset tag 0x1c at offset 7, found 0x78",
		},
		{
			name:  "truncated dataset",
			in:    iimTestBytes(false, iimDS(2, 110, "AP"), iimDS(2, 80, "Somebody"))[:14],
			want:  &Store{Kind: StoreIPTC, Credit: "AP"},
			warns: []WarningCode{WarnTruncated},
			msg:   "expected dataset 2:80 of 8 bytes, found 2",
		},
		{
			name:  "truncated header",
			in:    append(iimTestBytes(false, iimDS(2, 110, "AP")), 0x1C, 2),
			want:  &Store{Kind: StoreIPTC, Credit: "AP"},
			warns: []WarningCode{WarnTruncated},
		},
		{
			name: "extended length",
			in:   iimTestBytes(true, iimDS(2, 120, strings.Repeat("x", 40000)), iimDS(2, 110, "AP")),
			want: &Store{Kind: StoreIPTC, Description: strings.Repeat("x", 40000), Credit: "AP", Charset: "utf-8"},
		},
		{
			name: "extended length in 2 bytes",
			in:   append([]byte{0x1C, 2, 110, 0x80, 0x02, 0x00, 0x02}, "AP"...),
			want: &Store{Kind: StoreIPTC, Credit: "AP"},
		},
		{
			name:  "extended length field too long",
			in:    append(iimTestBytes(false, iimDS(2, 110, "AP")), 0x1C, 2, 120, 0x80, 0x05, 0, 0, 0, 0, 1, 'x'),
			want:  &Store{Kind: StoreIPTC, Credit: "AP"},
			warns: []WarningCode{WarnGeneral},
		},
		{
			name:  "extended length past the end",
			in:    []byte{0x1C, 2, 120, 0x80, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 'x'},
			warns: []WarningCode{WarnTruncated},
		},
		{
			name: "caption newlines and padding",
			in:   iimTestBytes(false, iimDS(2, 120, "line 1\r\nline 2\rline 3\nline 4  \x00\x00"), iimDS(2, 80, "Name \x00junk")),
			want: &Store{Kind: StoreIPTC, Description: "line 1\nline 2\nline 3\nline 4", Creators: []string{"Name"}},
		},
		{
			name:  "zero date",
			in:    iimTestBytes(false, iimDS(2, 55, "00000000"), iimDS(2, 110, "AP")),
			want:  &Store{Kind: StoreIPTC, Credit: "AP"},
			warns: []WarningCode{WarnBadDate},
			msg:   `iptc: expected an IIM 2:55 date like "20161219", found "00000000"`,
		},
		{
			name:  "bad time keeps the date",
			in:    iimTestBytes(false, iimDS(2, 55, "20161219"), iimDS(2, 60, "14:05")),
			want:  &Store{Kind: StoreIPTC, Date: date.Date{Year: 2016, Month: 12, Day: 19, Precision: date.PrecDay}},
			warns: []WarningCode{WarnBadDate},
			msg:   `iptc: expected an IIM 2:60 time like "140500+0300", found "14:05"; the date is read without the time`,
		},
		{
			name:  "date with separators 2015-01-22 is read with a warning",
			in:    iimTestBytes(false, iimDS(2, 55, "2015-01-22"), iimDS(2, 60, "101500+0100")),
			want:  &Store{Kind: StoreIPTC, Date: date.Date{Year: 2015, Month: 1, Day: 22, Hour: 10, Minute: 15, Precision: date.PrecSecond, HasOffset: true, OffsetMinutes: 60}},
			warns: []WarningCode{WarnGeneral},
			msg:   `iptc: expected the 2:55 Date Created as CCYYMMDD, found "2015-01-22"; read as 20150122`,
		},
		{
			name:  "date with colons 2015:01:22",
			in:    iimTestBytes(false, iimDS(2, 55, "2015:01:22")),
			want:  &Store{Kind: StoreIPTC, Date: date.Date{Year: 2015, Month: 1, Day: 22, Precision: date.PrecDay}},
			warns: []WarningCode{WarnGeneral},
		},
		{
			name:  "date with mixed junk is still refused",
			in:    iimTestBytes(false, iimDS(2, 55, "2015-1-22"), iimDS(2, 110, "AP")),
			want:  &Store{Kind: StoreIPTC, Credit: "AP"},
			warns: []WarningCode{WarnBadDate},
		},
		{
			name:  "time without date",
			in:    iimTestBytes(false, iimDS(2, 60, "140500+0300"), iimDS(2, 110, "AP")),
			want:  &Store{Kind: StoreIPTC, Credit: "AP"},
			warns: []WarningCode{WarnBadDate},
		},
		{
			name: "date without time, offset +05:45",
			in:   iimTestBytes(false, iimDS(2, 60, "184512+0545"), iimDS(2, 55, "20210704")),
			want: &Store{Kind: StoreIPTC, Date: date.Date{Year: 2021, Month: 7, Day: 4, Hour: 18, Minute: 45, Second: 12, Precision: date.PrecSecond, HasOffset: true, OffsetMinutes: 345}},
		},
		{name: "only datasets without a Store field", in: iimTestBytes(true, iimDS(2, 85, "Staff"), iimDS(2, 103, "RTS3IXMK"), iimDS(2, 122, "ed"), iimDS(2, 0, "\x00\x04"))},
		{name: "empty values", in: iimTestBytes(false, iimDS(2, 110, ""), iimDS(2, 80, "  \x00"))},
		{name: "empty block", in: nil},
		{name: "NULs only", in: make([]byte, 16)},
		{name: "not IIM", in: []byte("<x:xmpmeta>"), warns: []WarningCode{WarnGeneral}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, warns := readIIM(c.in, c.digest)
			if !reflect.DeepEqual(st, c.want) {
				t.Errorf("store\n got %+v\nwant %+v", st, c.want)
			}
			if !reflect.DeepEqual(iimWarnCodes(warns), c.warns) {
				t.Errorf("warnings %v, want codes %v", warns, c.warns)
			}
			if c.msg != "" && (len(warns) == 0 || !strings.Contains(warns[0].Message, c.msg)) {
				t.Errorf("first warning %v, want it to contain %q", warns, c.msg)
			}
			for _, w := range warns {
				if w.Store != StoreIPTC || !strings.HasPrefix(w.Message, "iptc: expected ") {
					t.Errorf("warning %+v must be an iptc one saying what was expected", w)
				}
			}
		})
	}
}

func iimMD5(b []byte) []byte {
	s := md5.Sum(b)
	return s[:]
}

// resource builds one image resource block by hand.
func irbResource(sig string, id uint16, name string, data []byte) []byte {
	b := []byte(sig)
	b = binary.BigEndian.AppendUint16(b, id)
	b = append(b, byte(len(name)))
	b = append(b, name...)
	if (1+len(name))%2 == 1 {
		b = append(b, 0)
	}
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

func TestReadPhotoshopIRB(t *testing.T) {
	odd := iimTestBytes(false, iimDS(2, 110, "AP")) // 7 bytes: padded
	if len(odd)%2 != 1 {
		t.Fatal("test needs an odd-sized IIM block")
	}
	credit := &Store{Kind: StoreIPTC, Credit: "AP"}
	all := fixture.IIMFields(iimTestFields)
	all.Digest = fixture.DigestCurrent
	stale := all
	stale.Digest = fixture.DigestStale
	join := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	cases := []struct {
		name  string
		in    []byte
		want  *Store
		warns []WarningCode
		msg   string
	}{
		{name: "fixture IRB with current digest", in: all.IRB(), want: &iimTestFieldsStore},
		{name: "fixture IRB with stale digest", in: stale.IRB(), want: &iimTestFieldsStore, warns: []WarningCode{WarnDigestStale}},
		{
			name: "digest before IIM, other resources around",
			in: join(irbResource("8BIM", 0x03ED, "", make([]byte, 16)), irbResource("8BIM", 0x0425, "", iimMD5(odd)),
				irbResource("8BIM", 0x040C, "thumb", []byte{1, 2, 3}), irbResource("8BIM", 0x0404, "", odd), irbResource("8BIM", 0x0422, "x", nil)),
			want: credit,
		},
		{
			name: "odd and even names",
			in:   join(irbResource("8BIM", 0x0400, "a", []byte{9}), irbResource("8BIM", 0x0401, "ab", []byte{9, 9}), irbResource("8BIM", 0x0404, "IPTC", odd)),
			want: credit,
		},
		{
			name: "other signatures skipped",
			in: join(irbResource("PHUT", 0x0404, "", iimTestBytes(false, iimDS(2, 110, "NOT THIS"))), irbResource("MeSa", 0x0001, "", []byte{1}),
				irbResource("AgHg", 0x0002, "", nil), irbResource("DCSR", 0x0003, "", nil), irbResource("8BIM", 0x0404, "", odd)),
			want: credit,
		},
		{
			name:  "two IPTC resources",
			in:    join(irbResource("8BIM", 0x0404, "", odd), irbResource("8BIM", 0x0404, "", iimTestBytes(false, iimDS(2, 110, "AFP")))),
			want:  credit,
			warns: []WarningCode{WarnGeneral},
		},
		{name: "missing last pad byte", in: irbResource("8BIM", 0x0404, "", odd)[:8+len(odd)+4], want: credit},
		{name: "zero padding at the end", in: join(irbResource("8BIM", 0x0404, "", odd), make([]byte, 10)), want: credit},
		{
			name:  "unknown signature",
			in:    join(irbResource("8BIM", 0x0404, "", odd), []byte("JUNKJUNKJUNK")),
			want:  credit,
			warns: []WarningCode{WarnGeneral},
			msg:   "expected a Photoshop image resource signature (8BIM) at offset 20",
		},
		{
			name:  "size past the end",
			in:    irbResource("8BIM", 0x0404, "", odd)[:12],
			warns: []WarningCode{WarnTruncated},
			msg:   "expected Photoshop image resource 0x0404 of 7 bytes, found 0",
		},
		{
			name:  "huge size",
			in:    join([]byte("8BIM\x04\x04\x00\x00\xff\xff\xff\xff"), odd),
			warns: []WarningCode{WarnTruncated},
		},
		{
			name:  "name past the end",
			in:    []byte("8BIM\x04\x04\xff"),
			warns: []WarningCode{WarnTruncated},
		},
		{name: "short header", in: []byte("8BIM\x04"), warns: []WarningCode{WarnTruncated}},
		{name: "no IPTC resource", in: irbResource("8BIM", 0x0425, "", iimMD5(odd))},
		{name: "empty", in: nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, warns := readPhotoshopIRB(c.in)
			if !reflect.DeepEqual(st, c.want) {
				t.Errorf("store\n got %+v\nwant %+v", st, c.want)
			}
			if !reflect.DeepEqual(iimWarnCodes(warns), c.warns) {
				t.Errorf("warnings %v, want codes %v", warns, c.warns)
			}
			if c.msg != "" && (len(warns) == 0 || !strings.Contains(warns[0].Message, c.msg)) {
				t.Errorf("first warning %v, want it to contain %q", warns, c.msg)
			}
		})
	}
}

func TestPhotoshopResources(t *testing.T) {
	all := fixture.IIMFields(iimTestFields)
	all.Digest = fixture.DigestCurrent
	iims, digest, warns := photoshopResources(all.IRB())
	if iims.len() != 1 || !bytes.Equal(iims.at(0), all.IIMBytes()) || !bytes.Equal(digest, all.DigestBytes()) || warns != nil {
		t.Errorf("got %d IIM blocks, digest % x, warnings %v", iims.len(), digest, warns)
	}
}

func TestDecodeWindows1252Table(t *testing.T) {
	// Every byte decodes to one valid rune; the 0x80-0x9F range follows
	// the code page (spot checks against the Unicode mapping file).
	var all []byte
	for c := 1; c < 256; c++ { // NUL ends a value
		all = append(all, byte(c))
	}
	s := decodeWindows1252(append(all, 'x')) // 'x' keeps the trailing space/NUL trim away
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) != 256 {
		t.Fatalf("decoded %d runes", utf8.RuneCountInString(s))
	}
	runes := []rune(s)
	for b, want := range map[int]rune{0x41: 'A', 0x80: '€', 0x8A: 'Š', 0x91: '‘', 0x99: '™', 0x9F: 'Ÿ', 0x81: 0x81, 0xA0: 0xA0, 0xFC: 'ü', 0xFF: 'ÿ'} {
		if runes[b-1] != want {
			t.Errorf("byte 0x%02x decoded as %U, want %U", b, runes[b-1], want)
		}
	}
}

func iimTestDirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

func FuzzIIM(f *testing.F) {
	all := fixture.IIMFields(iimTestFields)
	all.Digest = fixture.DigestStale
	f.Add(all.IIMBytes())
	f.Add(all.IRB())
	f.Add(fixture.IIMFields(fixture.Fields{City: "Zürich", Creators: []string{"Jürgen"}}).ToLatin1().IIMBytes())
	f.Add(iimTestBytes(false, iimDS(2, 120, strings.Repeat("x", 40000))))
	f.Add([]byte{0x1C, 2, 120, 0x80, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 'x'})
	f.Add(irbResource("8BIM", 0x0404, "name", iimTestBytes(false, iimDS(2, 55, "20161219"), iimDS(2, 60, "140500+0300"))))
	f.Add(append(append(irbResource("8BIM", 0x0404, "", iimTestBytes(false, iimDS(2, 110, "A"), iimDS(2, 55, "2015-01-22"))),
		irbResource("8BIM", 0x0404, "", iimTestBytes(false, iimDS(2, 110, "B")))...), irbResource("8BIM", 0x0404, "", iimTestBytes(true, iimDS(2, 80, "C")))...))
	// The IRBs of the corpus JPEGs, when the corpus is there.
	if dir := filepath.Join("..", "..", "shared", "corpora"); iimTestDirExists(dir) {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(strings.ToLower(path), ".jpg") {
				if data, err := os.ReadFile(path); err == nil {
					if irb := iimTestAPP13(data); len(irb) > 0 {
						f.Add(irb)
					}
				}
			}
			return nil
		})
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		check := func(st *Store, warns []Warning) {
			for _, w := range warns {
				if !utf8.ValidString(w.Message) {
					t.Fatalf("warning not valid UTF-8: %q", w.Message)
				}
			}
			if st == nil {
				return
			}
			strs := []string{st.Credit, st.Source, st.Copyright, st.Description, st.Headline, st.Title, st.City,
				st.Sublocation, st.Region, st.Country, st.CountryCode, st.Charset}
			strs = append(append(strs, st.Creators...), st.Keywords...)
			for _, s := range strs {
				if !utf8.ValidString(s) {
					t.Fatalf("value not valid UTF-8: %q", s)
				}
			}
			if !st.Date.IsZero() {
				if back, err := date.ParseXMPDate(st.Date.String()); err != nil || back != st.Date {
					t.Fatalf("date %+v does not round-trip", st.Date)
				}
			}
		}
		check(readPhotoshopIRB(b))
		check(readIIM(b, b[:min(len(b), 16)]))
	})
}

// BenchmarkIIM reads the Photoshop resource block of a wire picture: IIM
// with the UTF-8 marker, by-line, credit, source, place, caption and a
// current digest (checked with MD5).
func BenchmarkIIM(b *testing.B) {
	m := fixture.IIMFields(fixture.Fields{
		Date: "20161219", Time: "140500+0300",
		Creators: []string{"Aref Watad"}, Credit: "Anadolu Agency", Source: "Anadolu Agency",
		Copyright: "2016 Anadolu Agency", City: "Aleppo", Country: "Syria", CountryCode: "SYR",
		Headline:    "Evacuation of Aleppo continues",
		Description: "ALEPPO, SYRIA - DECEMBER 19 : Civilians evacuated from East Aleppo arrive at Rashedeen town of Aleppo, Syria on December 19, 2016 with a convoy, including buses and ambulances. ( Aref Watad - Anadolu Agency )",
		Keywords:    []string{"Syria", "Aleppo", "evacuation"},
	})
	m.Digest = fixture.DigestCurrent
	irb := m.IRB()
	st, w := readPhotoshopIRB(irb)
	if st == nil || st.Credit != "Anadolu Agency" || len(w) != 0 {
		b.Fatalf("the benchmark block does not read as meant: %+v %v", st, w)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(irb)))
	for b.Loop() {
		readPhotoshopIRB(irb)
	}
}

// TestIPTCBlocksMerged: three IPTC-NAA resources in one APP13, the By-line
// only in the third (as in a wire picture re-saved by two programs): every
// block is read, in order, the first value of each field wins, and a later
// block that disagrees is a warning.
func TestIPTCBlocksMerged(t *testing.T) {
	b1 := append(testIIMDataset(2, 110, "Agence Exemple"), testIIMDataset(2, 55, "20150122")...)
	b2 := append(testIIMDataset(2, 110, "Other Credit"), testIIMDataset(2, 90, "Aleppo")...)
	b3 := append(testIIMDataset(2, 80, "Aref Watad"), testIIMDataset(2, 80, "Second Name")...)
	irb := append(append(testIRB(0x0404, b1), testIRB(0x0404, b2)...), testIRB(0x0404, b3)...)
	st, warns := readPhotoshopIRB(irb)
	if st == nil {
		t.Fatalf("no store; warnings %v", warns)
	}
	if got := strings.Join(st.Creators, "|"); got != "Aref Watad|Second Name" {
		t.Errorf("creators %q, want the third block's By-lines", got)
	}
	if st.Credit != "Agence Exemple" || st.City != "Aleppo" || st.Date.String() != "2015-01-22" {
		t.Errorf("credit %q city %q date %v, want the first block's credit and date, the second's city", st.Credit, st.City, st.Date)
	}
	if len(warns) != 1 || !strings.Contains(warns[0].Message, `block 2`) || !strings.Contains(warns[0].Message, `"Other Credit"`) {
		t.Errorf("warnings %v, want one naming block 2's Credit", warns)
	}
}

// TestIPTCBlocksCapped: past irbMaxIIMBlocks IPTC-NAA resources the rest
// are skipped with one warning.
func TestIPTCBlocksCapped(t *testing.T) {
	var irb []byte
	for i := 0; i < irbMaxIIMBlocks+4; i++ {
		irb = append(irb, testIRB(0x0404, testIIMDataset(2, 110, "Same Credit"))...)
	}
	blocks, _, warns := photoshopResources(irb)
	if blocks.len() != irbMaxIIMBlocks || len(warns) != 1 || !strings.Contains(warns[0].Message, "at most 16 IPTC-NAA resources") {
		t.Errorf("%d blocks, warnings %v; want %d and one warning", blocks.len(), warns, irbMaxIIMBlocks)
	}
}

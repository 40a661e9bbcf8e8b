package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// cutBytes cuts s at n bytes the way a tool writing UTF-8 IIM does, and
// reads it back the way metadata does: an incomplete last character shows
// as U+FFFD, trailing spaces are dropped.
func cutBytes(s string, n int) string {
	return strings.TrimRight(strings.ToValidUTF8(s[:n], "\uFFFD"), " ")
}

func TestIIMLimits(t *testing.T) {
	long := strings.Repeat("Palestinians gather at the site of an air strike in Gaza City. ", 34) // 2,142 bytes
	const longName = "Muhammad Abdullah Al-Rahman Bin Sultan Ali"                                 // 42 bytes
	const accented = "Çağlar Öztürk-Yılmazoğlu Abdülkadiroğlu"                                    // cut inside ğ at 32
	const longAgency = "Agencia Nacional de Noticias del Estado"                                  // 39 bytes
	base := func(r caption.Record) func() (caption.Record, *metadata.Image) {
		return func() (caption.Record, *metadata.Image) {
			im := img("d/a.jpg", at(2016, 12, 19, 9, 0), r.Creators...)
			im.IPTC.Credit = r.Agency
			return r, im
		}
	}
	tests := []struct {
		name  string
		setup func() (caption.Record, *metadata.Image)
		want  []string // "severity field store: message prefix"
	}{
		{
			name: "Caption-Abstract cut at 2000 bytes",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, long, 2016, 12, 19, "AA", "Aref Watad"))()
				im.IPTC.Description = cutBytes(long, 2000)
				return r, im
			},
			want: []string{"warning caption iptc: IIM Caption-Abstract was cut at 2000 bytes; the caption's text is 2142 bytes, so IIM lacks its last 142 bytes"},
		},
		{
			name:  "caption text longer than IIM allows, no IIM caption yet",
			setup: base(rec(1, long, 2016, 12, 19, "AA", "Aref Watad")),
			want:  []string{"warning caption : the caption's text is 2142 bytes, longer than the 2000 bytes of IIM Caption-Abstract; a tool copying it into IIM will cut it"},
		},
		{
			name: "another caption in IIM is not a cut",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, long, 2016, 12, 19, "AA", "Aref Watad"))()
				im.IPTC.Description = strings.Repeat("x", 2000)
				return r, im
			},
			want: []string{"warning caption : the caption's text is 2142 bytes"},
		},
		{
			name: "By-line cut at 32 bytes is the same person",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, "x", 2016, 12, 19, "AA", longName))()
				im.IPTC.Creators = []string{cutBytes(longName, 32)}
				return r, im
			},
			want: []string{`warning creator iptc: IIM By-line was cut at 32 bytes; the caption's creator is 42 bytes: "Muhammad Abdullah Al-Rahman Bin"`},
		},
		{
			name: "By-line cut inside a UTF-8 character",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, "x", 2016, 12, 19, "AA", accented))()
				im.IPTC.Creators, im.IPTC.Charset = []string{cutBytes(accented, 32)}, "utf-8"
				return r, im
			},
			want: []string{"warning creator iptc: IIM By-line was cut at 32 bytes"},
		},
		{
			// exiftool writes each byte of the character it cut in two as
			// "." (WriteIPTC.pl, FixUTF8): a Cyrillic name of 35 bytes
			// (fc6b-040 of firstcontact6-tune.jsonl,
			// https://rus.azattyk.org/a/kyrgyzstan_nooruz_celebrated/29113315.html).
			name: "By-line cut by exiftool inside a Cyrillic character",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, "x", 2016, 12, 19, "AA", "Темира Сыдыкбекова"))()
				im.IPTC.Creators, im.IPTC.Charset = []string{"Темира Сыдыкбеко."}, "utf-8"
				return r, im
			},
			want: []string{"warning creator iptc: IIM By-line was cut at 32 bytes"},
		},
		{
			name: "By-line cut by exiftool inside a CJK character",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, "x", 2016, 12, 19, "AA", "中中中中中中中中中中文"))()
				im.IPTC.Creators, im.IPTC.Charset = []string{"中中中中中中中中中中.."}, "utf-8"
				return r, im
			},
			want: []string{"warning creator iptc: IIM By-line was cut at 32 bytes"},
		},
		{
			// The dots stand for a character only where the caption's
			// name has one longer than they are: here another name.
			name: "a By-line of 32 bytes ending in dots is another person",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, "x", 2016, 12, 19, "AA", "Темира Сыдыкбекова"))()
				im.IPTC.Creators, im.IPTC.Charset = []string{"Темира Сыдыкбек..."}, "utf-8"
				return r, im
			},
			want: []string{
				"error creator iptc: caption names Темира Сыдыкбекова; IIM By-line names Темира Сыдыкбек...",
				"warning caption : the caption's creator is 35 bytes, longer than the 32 bytes of IIM By-line",
			},
		},
		{
			name: "By-line cut at 32 Windows-1252 characters",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, "x", 2016, 12, 19, "AA", "José Manuel Hernández de la Fuente Ortiz"))()
				im.IPTC.Creators, im.IPTC.Charset = []string{"José Manuel Hernández de la Fuen"}, "windows-1252 (assumed)"
				return r, im
			},
			want: []string{"warning creator iptc: IIM By-line was cut at 32 bytes"},
		},
		{
			name: "a long caption name and another person in IIM",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, "x", 2016, 12, 19, "AA", longName))()
				im.IPTC.Creators = []string{"Mustafa Sultan Abdullah Al-Rahma"}
				return r, im
			},
			want: []string{
				"error creator iptc: caption names " + longName + "; IIM By-line names Mustafa Sultan Abdullah Al-Rahma",
				"warning caption : the caption's creator is 42 bytes, longer than the 32 bytes of IIM By-line",
			},
		},
		{
			name: "Credit cut at 32 bytes is the same agency",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, "x", 2016, 12, 19, longAgency, "Aref Watad"))()
				im.IPTC.Credit = cutBytes(longAgency, 32)
				return r, im
			},
			want: []string{`warning credit iptc: IIM Credit was cut at 32 bytes; the caption's agency is 39 bytes: "Agencia Nacional de Noticias del"`},
		},
		{
			name: "agency longer than IIM allows, Credit holds a short name",
			setup: func() (caption.Record, *metadata.Image) {
				r, im := base(rec(1, "x", 2016, 12, 19, longAgency, "Aref Watad"))()
				im.IPTC.Credit = "Agencia Nacional de Noticias del Estado"[:20]
				return r, im
			},
			want: []string{
				"error credit iptc: caption credits " + longAgency + "; IIM Credit says Agencia Nacional de",
				"warning caption : the caption's agency is 39 bytes, longer than the 32 bytes of IIM Credit and Source",
			},
		},
		{
			// What write puts into IIM since issue 19: the name as the
			// caption writes it, in capitals, cut at 32 bytes.
			name: "By-line cut from the name as the caption writes it",
			setup: func() (caption.Record, *metadata.Image) {
				r := caption.ParseText("GAZA CITY, GAZA - DECEMBER 19: Palestinians gather at the site of an air strike in Gaza City on December 19, 2016. (Photo by MUHAMMAD ABDULLAH ALRAHMAN BIN SULTAN / AFP)", 0)
				im := img("d/a.jpg", at(2016, 12, 19, 9, 0), "Muhammad Abdullah Alrahman Bin Sultan")
				im.IPTC.Creators, im.IPTC.Credit = []string{"MUHAMMAD ABDULLAH ALRAHMAN BIN S"}, "AFP"
				return r, im
			},
			want: []string{`warning creator iptc: IIM By-line was cut at 32 bytes; the caption's creator is 37 bytes: "MUHAMMAD ABDULLAH ALRAHMAN BIN S"`},
		},
		{
			name:  "values exactly at the limits are fine",
			setup: base(rec(1, strings.Repeat("y", 2000), 2016, 12, 19, strings.Repeat("A", 32), strings.Repeat("B", 32))),
			want:  nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, im := tt.setup()
			fs := Compare(r, im, ByDateCreator, Options{})
			if len(fs) != len(tt.want) {
				t.Fatalf("%d findings, want %d: %+v", len(fs), len(tt.want), fs)
			}
			for i, f := range fs {
				got := string(f.Severity) + " " + string(f.Field) + " " + string(f.Store) + ": " + f.Message
				if !strings.HasPrefix(got, tt.want[i]) {
					t.Errorf("finding %d:\n got  %s\n want %s…", i, got, tt.want[i])
				}
			}
		})
	}
}

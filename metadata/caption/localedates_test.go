package caption

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/date"
)

// TestLocaleDatesTable: the generated table says where it came from, has
// the languages desks write in every script, and every line has its
// slots (12 months, 7 days, 1 order).
func TestLocaleDatesTable(t *testing.T) {
	if !strings.Contains(localeDates, "glibc's locale sources") || !strings.Contains(localeDates, "DO NOT EDIT") {
		t.Error("localedates.txt does not say it is generated from glibc's locale sources")
	}
	langs := map[string]bool{}
	for _, e := range localeEntries() {
		langs[e.lang] = true
		want := map[string]int{"mon": 12, "alt_mon": 12, "abmon": 12, "ab_alt_mon": 12, "day": 7, "abday": 7, "d_fmt": 1}[e.kind]
		if len(e.slots) != want {
			t.Errorf("%s %s: %d slots, want %d", e.lang, e.kind, len(e.slots), want)
		}
	}
	for _, l := range []string{"cs", "pl", "ru", "uk", "el", "ar", "he", "th", "fa", "ka", "hy", "is", "eu", "ca", "lt", "vi"} {
		if !langs[l] {
			t.Errorf("no month names for %s", l)
		}
	}
	if len(langs) < 150 {
		t.Errorf("%d languages, want every language of glibc's locales (over 150)", len(langs))
	}
}

// TestLocaleDatesRegenerate: run on a machine with glibc's locale sources,
// the generator writes the same table (skipped without them or without go).
func TestLocaleDatesRegenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	if _, err := os.Stat("/usr/share/i18n/locales/cs_CZ"); err != nil {
		t.Skip("glibc's locale sources are not installed (/usr/share/i18n/locales)")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	dir := t.TempDir()
	src, err := filepath.Abs("gen_localedates.go")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goBin, "run", src, "/usr/share/i18n/locales")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_localedates.go: %v\n%s", err, out)
	}
	got, err := os.ReadFile(filepath.Join(dir, "localedates.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != localeDates {
		t.Error("localedates.txt differs from what gen_localedates.go writes from this machine's locales: run go generate")
	}
}

// TestDatesOfEveryLanguage: month names of languages beyond the curated
// lists, from the generated table, in their scripts; Roman-numeral
// months; two-digit years (POSIX %y's century) only when the order is certain; the Thai
// Buddhist era; and the words that are ambiguous stay unread.
func TestDatesOfEveryLanguage(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"Αθήνα, 15 Ιανουαρίου 2023. Φωτογραφία: Eurokinissi", "2023-01-15"},
		{"القاهرة 15 يناير 2023 تصوير: رويترز", "2023-01-15"},
		{"ירושלים, 15 בינואר 2023. צילום: רויטרס", "2023-01-15"},
		{"กรุงเทพฯ 15 มกราคม 2566 ภาพ: รอยเตอร์", "2023-01-15"},
		{"กรุงเทพฯ 15 ม.ค. พ.ศ. 2566", "2023-01-15"},
		{"Київ, 15 січня 2023 р. Фото: Укрінформ", "2023-01-15"},
		{"Barcelona, 6 de febrer del 2024. Foto: ACN", "2024-02-06"},
		{"Vilnius, 2011 m. rugsėjo 5 d. Nuotr. BNS", "2011-09-05"}, // year first (lt_LT d_fmt)
		{"Budapest, 2011. szeptember 5. Fotó: MTI", "2011-09-05"},
		{"Tbilisi, 5 იანვარი 2023", "2023-01-05"},
		{"Praha 4.XI.2017. Foto: ČTK", "2017-11-04"},
		{"Fotografia de Porfírio Pardal Monteiro (4/XI/17).", "2017-11-04"}, // POSIX %y's century, a guess (Record.TwoDigitYear) that check settles from the image
		{"Warszawa, 13/03/19. Fot. PAP", "2019-03-13"},
		{"Berlin, 12.03.19. Foto: dpa", "2019-03-12"},
		{"Somewhere, 03/04/19. Photo: X/AP", ""}, // either order: not read
		{"listopad 2019, Praha", ""},             // November in Czech, October in Croatian
		{"Data de publicació: dimarts 06 de febrer del 2024, 14:12", ""},
		{"東京で2024年1月15日撮影。共同通信", "2024-01-15"},
		{"2024년 1월 15일 서울에서. 연합뉴스", "2024-01-15"},
		{"서울, 2024년1월15일. 사진=연합뉴스", "2024-01-15"},
		{"Hanoi, ngày 15 tháng 1 năm 2024. Ảnh: TTXVN", "2024-01-15"},
		{"Hà Nội, 15 tháng 1. Ảnh: TTXVN", "--01-15"},
		{"القاهرة ١٥ يناير ٢٠٢٤ تصوير: رويترز", "2024-01-15"},   // Arabic-Indic digits
		{"تهران، ۱۵ ژانویه ۲۰۲۴. عکس: ایرنا", "2024-01-15"},     // Persian digits
		{"กรุงเทพฯ ๑๕ มกราคม ๒๕๖๗ ภาพ: รอยเตอร์", "2024-01-15"}, // Thai digits, Buddhist era
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		got := ""
		if !r.Date.IsZero() {
			got = r.Date.String()
		}
		if got != tt.want {
			t.Errorf("%q: date %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestAmbiguousGeneratedWords: a word two languages give to different
// months, or that is a weekday somewhere, is no month; a short Latin word
// and an abbreviation of the generated table need a day and a year.
func TestAmbiguousGeneratedWords(t *testing.T) {
	for _, w := range []string{"listopad", "listopada"} {
		if m, _ := monthOf(w); m != 0 {
			t.Errorf("monthOf(%q) = %d, want none (ambiguous)", w, m)
		}
	}
	for w, want := range map[string]monthClass{"juny": mYear, "ιανουαρίου": mSafe, "ม.ค": mSafe, "janvārī": mSafe} {
		if m, c := monthOf(w); m == 0 || c != want {
			t.Errorf("monthOf(%q) = %d, %d; want class %d", w, m, c, want)
		}
	}
}

// TestDateSpanJSON: a range is in the caption record's JSON, and only
// when there is one.
func TestDateSpanJSON(t *testing.T) {
	b, _ := json.Marshal(Record{Date: date.DayOf(2023, 2, 13), DateSpan: 1})
	if !strings.Contains(string(b), `"date_span":1`) {
		t.Errorf("JSON %s lacks date_span", b)
	}
	b, _ = json.Marshal(Record{Date: date.DayOf(2023, 2, 13)})
	if strings.Contains(string(b), `date_span`) {
		t.Errorf("JSON %s has date_span without a range", b)
	}
	res, err := ParseFile(strings.NewReader(`[{"text":"x","date_span":1}]`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range res.Notes {
		if strings.Contains(n, "date_span") {
			t.Errorf("reading back date_span: %s", n)
		}
	}
}

// TestBodyPlace (issue 22): with no dateline, a place in the body ("in
// Gothenburg, Sweden") is read when a known country follows a
// capitalised place; nothing else is.
func TestBodyPlace(t *testing.T) {
	for _, tt := range []struct{ text, city, country string }{
		{"Fans celebrate in Gothenburg, Sweden, on Monday. (Photo by Jane Doe/AP)", "Gothenburg", "Sweden"},
		{"Protesters march in Rio de Janeiro, Brazil. REUTERS/Ricardo Moraes", "Rio de Janeiro", "Brazil"},
		{"A man in Paris, US flag. Foto: X/AP", "", ""},
		{"He lives in New York, and works. AP", "", ""},
		{"Visit in May, France.", "", ""},
		{"in Gothenburg, SWE", "", ""},
		{"ALEPPO, SYRIA - DECEMBER 20: Civilians in Idlib, Turkey wait. ( Mustafa Sultan - Anadolu Agency )", "Aleppo", "Syria"},
	} {
		r := ParseText(tt.text, 0)
		if r.City != tt.city || r.Country != tt.country {
			t.Errorf("%q: place %q, %q; want %q, %q", tt.text, r.City, r.Country, tt.city, tt.country)
		}
	}
}

package caption

import (
	"testing"

	"github.com/captag/captag/metadata/date"
)

// Years and decades (issue 22): fc-170 and fc-174 are
// firstcontact-tune.jsonl's; fc-121's year in running text is an event's
// and is not read; a day date wins over a decade.
func TestCoarseDates(t *testing.T) {
	tests := []struct {
		caption string
		want    string
		prec    date.Precision
	}{
		{"Fotografía de archivo (1980) del escritor argentino Julio Cortázar (Archivo EFE)", "1980", date.PrecYear},         // fc-170
		{"Igreja de Nossa Senhora de Fátima, Lisboa, [c. 1938]. / Arquivo Fotográfico da C.M.L.", "1930s", date.PrecDecade}, // fc-174
		{"Dockers unload a ship in Hamburg in the 1950s. (Photo by Name/Getty Images)", "1950s", date.PrecDecade},
		{"Dockers in Hamburg, circa 1952. (Photo by Name/Getty Images)", "1950s", date.PrecDecade},
		{"Die Werft in den 1960er Jahren. Foto: Name/dpa", "1960s", date.PrecDecade},
		{"Go-karts raced through the streets. The race was first held in1953 and in 1953 again. (Photo by Martin Pope/Getty Images)", "", date.PrecNone}, // fc-121
		{"The director of Parasite (2019) arrives in Cannes. (Photo by Name/Getty Images)", "", date.PrecNone},
		{"Cars of the 1950s at a show in Hamburg, Germany, May 4, 2017. (Photo by Name/Getty Images)", "2017-05-04", date.PrecDay},
	}
	for _, tc := range tests {
		r := ParseText(tc.caption, 0)
		if r.Date.String() != tc.want || r.Date.Precision != tc.prec {
			t.Errorf("%q: date %q precision %d, want %q precision %d", tc.caption, r.Date.String(), r.Date.Precision, tc.want, tc.prec)
		}
	}
}

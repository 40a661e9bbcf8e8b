package caption

import (
	"slices"
	"testing"
)

// TestRulesOfT9b (stop 38): the credit and date rules helper t9b added
// for the non-Latin credits and the dates of firstcontact9-tune.jsonl,
// each on the caption that showed it missing (its id; the source is in
// the rule's comment) and on forms it must leave alone.
func TestRulesOfT9b(t *testing.T) {
	tests := []struct {
		id, text           string
		date               string
		creators, agencies []string
	}{
		// A Korean agency's opening byline "(PLACE=AGENCY) NAME 기자 =",
		// and its date glued to "/AGENCY" at the end.
		{"g9b-103", "(광주=뉴스1) 박지현 기자 = 전남 영암의 HD현대삼호 조선소에서 추락해 숨진 하청노동자 A 씨(44)의 유가족과 금속노조 조합원들이 22일 오전 광주고용노동청 앞에서 기자회견을 열고 구호를 외치고 있다. 2025.5.22/뉴스1warm@news1.kr", "2025-05-22", []string{"박지현"}, []string{"News1"}},
		{"", "(서울=연합뉴스) 김철수 기자 = 시민들이 걷고 있다. 2025.5.22", "2025-05-22", []string{"김철수"}, []string{"Yonhap"}},
		{"", "(광주=무슨일보) 김철수 기자 = 시민들이 걷고 있다.", "", nil, nil}, // no agency the table knows
		{"", "(광주=뉴스1) 기자회견 = 시민들이 걷고 있다.", "", nil, nil},    // no name before the reporter word
		{"", "Seen on 2020/06/15 in Seoul.", "2020-06-15", nil, nil},
		// Korean "제공" (provided) after the source, a suffix label.
		{"g9b-035", "(연합뉴스 제공)", "", nil, []string{"Yonhap"}},
		{"", "시민들이 걷고 있다. (연합뉴스 제공)", "", nil, []string{"Yonhap"}},
		{"", "시민들이 걷고 있다. (사진=서울시 제공)", "", nil, nil}, // not an agency
		// A Korean credit sentence "사진은 AGENCY NAME 기자가 촬영했다".
		{"g9b-135", "유족이 유해를 들고 제주국제공항 국내선 도착장으로 들어서며 오열하고 있다. 사진은 뉴스1 오현지 기자가 촬영했다.", "", []string{"오현지"}, []string{"News1"}},
		{"", "유족이 오열하고 있다. 사진은 오현지 기자가 촬영했다.", "", []string{"오현지"}, nil},
		{"", "유족이 오열하고 있다. 사진은 무슨신문 오현지기자가 촬영했다.", "", nil, nil}, // no agency the table knows
		{"", "유족이 오열하고 있다. 사진은 오현지 기자 촬영했다.", "", nil, nil},      // no subject particle
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		got := ""
		if !r.Date.IsZero() {
			got = r.Date.String()
		}
		if got != tt.date {
			t.Errorf("%s %q: date %q, want %q", tt.id, tt.text, got, tt.date)
		}
		if !slices.Equal(r.Creators, tt.creators) && len(r.Creators)+len(tt.creators) > 0 || !slices.Equal(r.Agencies, tt.agencies) && len(r.Agencies)+len(tt.agencies) > 0 {
			t.Errorf("%s %q: creators %q agencies %q; want %q %q", tt.id, tt.text, r.Creators, r.Agencies, tt.creators, tt.agencies)
		}
	}
}

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
		// Chinese credits: a label and a slash inside the bracket, an
		// agency's picture (圖片), the reporter who only sent it (傳真),
		// two agencies chained by a slash before the staff word.
		{"g9b-007", "哈雷機車不僅是交通工具,更是許多朋友們的「生活大玩具」。 (圖/吳德亮攝)", "", []string{"吳德亮"}, nil},
		{"", "哈雷機車不僅是交通工具。(交通/吳德亮攝)", "", nil, nil}, // no label before the slash
		{"g9b-125", "在外貿新形勢下,中國企業積極搶抓外貿商機,爭取全球訂單。香港中通社圖片", "", nil, []string{"Hong Kong China News Agency"}},
		{"", "中國企業積極搶抓外貿商機。大家的圖片", "", nil, nil}, // no agency the table knows
		// A picture's date after "圖為" (the picture shows).
		{"g9b-125", "第133屆廣交會正在廣州舉行,萬商雲集盛況重現。圖為4月17日,第133屆廣交會展館內,參展人員穿梭於各展區之間。香港中通社圖片", "--04-17", nil, []string{"Hong Kong China News Agency"}},
		{"", "萬商雲集盛況重現。截至4月17日,參展人員穿梭於各展區之間。", "", nil, nil}, // "as of": a date of the prose
		// Kyodo's Western year glossed with the Japanese era's, in a word
		// that opens with a Latin one; its "クレジット:" (credit) label.
		{"g9b-099", "BMX専用トレーラー=岡山市北区幸町の下石井公園。東京五輪で正式種目となるBMXフリースタイル・パークのジャンプ台などを搭載した初の専用車両が完成し、7日に岡山市内で公開された=2021(令和3)年5月7日、岡山市北区幸町、クレジット:山陽新聞/共同通信イメージズ", "2021-05-07", nil, []string{"San'yo Shimbun", "Kyodo News"}},
		{"", "車両が公開された=2019（平成31）年4月7日、岡山市北区幸町", "2019-04-07", nil, nil},
		{"", "車両が公開された=2021(令和4)年5月7日、岡山市北区幸町", "", nil, nil}, // the gloss names 2022
		// Marathi "छाया" (photo) without a colon before a name on the
		// caption's last line; in prose it is "shade".
		{"g9a-101", "अवकाळी दशा....\n\nऔरंगाबाद शहरात आज वादळी वार्यासह अवकाळी पावसाने हजेरी लावली. अवकाळी पावसाच्या येण्याने शहरवासियांना काही क्षण गारावा मिळाला.\nछाया कय्युम खान", "", []string{"कय्युम खान"}, nil},
		{"", "शहरवासियांना काही क्षण गारावा मिळाला. छाया कय्युम खान", "", nil, nil}, // not a line of its own
		{"", "दुपारी झाडाच्या छाया खाली विश्रांती घेताना शेतकरी.", "", nil, nil},
		// A labelled credit ends before a quotation the caption's text
		// runs on from; a quotation that ends it is a name's.
		{"g9b-158", "Фото: Максим Платонов «Антиковидная трибуна» и зрители за забором", "", []string{"Максим Платонов"}, nil},
		{"", "Зрители за забором. Фото: РИА «Новости»", "", nil, []string{"Sputnik"}},
		{"", "Зрители за забором. Фото: Максим Платонов («Коммерсантъ»)", "", []string{"Максим Платонов"}, []string{"Коммерсантъ"}},
		// A date heading the text before a colon, after a title's bar,
		// is the picture's; a full date later in the text is history.
		{"g9b-055", "Farewell to Our Thoroughfare | Jan. 11: Drivers and bicyclists gathered for one last ride on Seattle’s beloved Alaskan Way Viaduct on Jan. 11. The viaduct opened April 4, 1953, and even though many thought it was ugly, this event showed me how much it was truly loved.\n\n— Ellen M. Banner / The Seattle Times", "--01-11", []string{"Ellen M. Banner"}, []string{"The Seattle Times"}},
		{"", "Farewell to Our Thoroughfare | Drivers gathered on Jan. 11. The viaduct opened April 4, 1953.", "1953-04-04", nil, nil}, // no heading date
		// A Swedish desk's "ARKIV YYMMDD -" opening a file picture's
		// caption (its first line).
		{"g9b-169", "ARKIV 040503 - Antique shop displaying a large portrait of Lenin.", "2004-05-03", nil, nil},
		{"", "Kod 040503 - Antique shop displaying a large portrait of Lenin.", "", nil, nil}, // no archive word
		// Spanish "a partir de" (from … on): a period to come.
		{"g9a-024", "La edición 113 de la Revista BOCAS estará en circulación a partir del día 19 de diciembre de 2021", "", nil, nil},
		{"", "La edición 113 de la Revista BOCAS salió a la calle el día 19 de diciembre de 2021", "2021-12-19", nil, nil},
		// The same event cue before two different dates: the first is
		// taken.
		{"g9a-022", "Ousmane Sonko gestures as he launches his campaign for the upcoming presidential election on February 3, 2019, in the district of Ngor in Dakar. - Ousmane Sonko will be candidate for the first round of the upcoming Senegalese presidential election on February 24, 2019.", "2019-02-03", nil, nil},
		{"", "Ousmane Sonko will be candidate in the presidential election on February 24, 2019.", "", nil, nil},  // one cued date: the event's
		{"", "Fighting has raged since February 6, 2023. He was born on May 3, 1990, in the town.", "", nil, nil}, // two different cues
		// A paper's photo service after the name and a spaced colon.
		{"g9a-102", "राजकारणाची राजधाणी समजल्या जाणाऱ्या कौलव ( ता. राधानगरी) येथे रविवारी टिपलेले छायाचित्र. (राजू कुलकर्णी : सकाळ छायाचित्रसेवा)", "", []string{"राजू कुलकर्णी"}, []string{"Sakal Photo Service"}},
		{"g9b-073", "曾文水庫現近日再現蔣公銅像「水上漂」奇景,水淹到銅像底座上端就是滿水位。(民眾提供)中央社記者蔡智明傳真 113年10月31日", "2024-10-31", nil, []string{"Central News Agency"}},
		{"g9b-142", "比赛共设6个大项,202个小项,将产生202块金牌。石榴云/新疆日报记者 李瑞摄", "", []string{"李瑞"}, []string{"Shiliuyun", "新疆日报"}},
		{"", "将产生202块金牌。某某/新疆日报记者 李瑞摄", "", []string{"李瑞"}, []string{"新疆日报"}}, // not an agency the table knows
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

package caption

import "testing"

// TestRulesOfTuneTdate (issue 22, date reading at first contact): one
// real caption per date class tunetdate taught, read by id from its
// tuning file (each cited by the URL it was read from), asserting the
// date, the photographers and the agencies as the corpus test compares
// them.
func TestRulesOfTuneTdate(t *testing.T) {
	tests := []tunedCaption{
		// A two-digit year gets POSIX %y's century (twoDigitYear): SCMP's
		// "26MAR24" and "08SEP23" stamps, a "05.10.06" dateline date.
		{"firstcontact6-tune.jsonl", "fc6b-049", "http://hkppa.net/focus-at-the-frontline-2024-results", "2024-03-26", []string{"曾國宗 Tsang Kwok Chung"}, []string{"South China Morning Post"}},
		{"firstcontact6-tune.jsonl", "fc6b-052", "https://hkppa.net/%E3%80%8A%E5%89%8D%E7%B7%9A%E2%80%A7%E7%84%A6%E9%BB%9E-2023%E3%80%8B%E6%AF%94%E8%B3%BD%E7%B5%90%E6%9E%9C-focus-at-the-frontline-2023-results", "2023-09-08", []string{"李願成 Dickson Lee"}, []string{"South China Morning Post"}},
		{"firstcontact7-tune.jsonl", "fc7a-111", "http://vcrisis.com/print.php?content=letters/200610052129", "2006-10-05", nil, nil},
		// A mojibake line separator is white space (tidy): "2017.â¨â¨Photo:".
		{"firstcontact6-tune.jsonl", "fc6a-067", "http://ottawacitizen.com/news/national/defence-watch/photos-the-best-images-for-2017-of-canadas-soldiers-at-work", "2017-03-16", []string{"Jennifer Kusche"}, []string{"Canadian Forces Combat Camera"}},
		// A picture verb's field label dates the picture: "Fotografiert am: 12.11.1989" after the text's 11 November.
		{"firstcontact8-tune.jsonl", "fc8c-056", "http://mauerfotos.de/index.php/photodetail?id=405&nr=449", "1989-11-12", nil, nil},
		// A range of days in its own parentheses after an event's name is the event's period.
		{"firstcontact5-tune.jsonl", "fc5a-005", "http://bnr.bg/en/post/101079849/a", "", nil, []string{"BTA"}},
		// A date in a question is not the picture's: "auch am 21. März im DFB-Pokalviertelfinale?"
		{"firstcontact6-tune.jsonl", "fc6a-007", "https://sg99-andernach.de/tag/im-fokus/page/40/?print=print-search", "", []string{"Norbert J. Becker"}, nil},
		// Korean "YYYY년 새해 … 첫날" (the first day of the new year YYYY) is 1 January.
		{"firstcontact6-tune.jsonl", "fc6b-067", "http://idaegu.com/newsView/idg201901010012", "2019-01-01", []string{"김진홍"}, nil},
		// Serbian "Drugog dana Nove godine" (on the second day of the New Year) is 2 January.
		{"firstcontact-tune.jsonl", "fc-043", "http://www.blic.rs/vesti/beograd/beograd-grad-duhova/n1d8313", "01-02", []string{"Milan Ilic"}, []string{"RAS Srbija"}},
		// A quoted caption's citation of its paper, "(HS 6.2.2006.)", is the date.
		{"firstcontact5-tune.jsonl", "fc5a-109", "https://docplayer.fi/amp/9500435-Kuvateksti-uutiskuvan-ja-lehtijutun-elementtina.html", "", nil, nil},
		// A blog's byline date is the post's; a two-digit year the caption writes in four digits elsewhere is certain: "el 10/09/14" after "El blog de Xuan Xosé - 15 Setiembre, 2014".
		{"firstcontact8-tune.jsonl", "fc8c-050", "http://www.asturies.com/canalblogues", "2014-09-10", nil, nil},
		// A date after an event cue is that event's even when it is the only one: "thảm họa … xảy ra vào ngày 11-3-2011" (the disaster that happened on).
		{"firstcontact7-tune.jsonl", "fc7b-068", "https://congan.com.vn/quoc-te/thoi-su-quoc-te/the-gioi-trong-tuan-qua-anh_15917.html", "", []string{"Toru Hanai"}, []string{"Reuters"}},
	}
	checkTunedCaptions(t, tests)
}

// TestEventCuedOnlyDates: the only date, after an event cue (one word or
// a pair), gives no date; the same date without the cue does.
func TestEventCuedOnlyDates(t *testing.T) {
	for in, want := range map[string]string{
		"Một phụ nữ khóc tại lễ tưởng niệm thảm họa xảy ra vào ngày 11-3-2011. Ảnh: REUTERS/Toru Hanai":    "",
		"Một phụ nữ khóc tại lễ tưởng niệm vào ngày 11-3-2011. Ảnh: REUTERS/Toru Hanai":                    "2011-03-11",
		"A woman cries at a memorial for the disaster that occurred on March 11, 2011. REUTERS/Toru Hanai": "",
		"A woman cries at a memorial in Tokyo on March 11, 2016. REUTERS/Toru Hanai":                       "2016-03-11",
	} {
		if got := ParseText(in, 0).Date.String(); got != want {
			t.Errorf("%q: date %q, want %q", in, got, want)
		}
	}
}

// TestCertifiedTwoDigitYears: a two-digit-year date of either order is
// read when its year is written in four digits elsewhere (then with the
// language's order), not otherwise; a blog's byline date is passed over.
func TestCertifiedTwoDigitYears(t *testing.T) {
	for in, want := range map[string]string{
		"Espineres, 2014. En Cabueñes, el 10/09/14.":                         "2014-09-10",
		"En Cabueñes, el 10/09/14.":                                          "",
		"Shot in 2014 at the farm on 10/09/14.":                              "2014-10-09",
		"El blog de Xuan Xosé - 15 Setiembre, 2014 Les sos bayes roxes.":     "",
		"Asturies - 15 Setiembre, 2014 Les sos bayes roxes. Foto: Xuan Xosé": "2014-09-15",
	} {
		if got := ParseText(in, 0).Date.String(); got != want {
			t.Errorf("%q: date %q, want %q", in, got, want)
		}
	}
}

// TestCitationDates: a closing "(PAPER D.M.YYYY.)" is a citation; the
// same date in the text, or after a credit word, still dates the picture.
func TestCitationDates(t *testing.T) {
	for in, want := range map[string]string{
		"Mielenosoitus Beirutissa sunnuntaina. (HS 6.2.2006.)":                    "",
		"Mielenosoitus Beirutissa 6.2.2006. (HS)":                                 "2006-02-06",
		"Mielenosoitus Beirutissa (6.2.2006). Kuva: Lehtikuva":                    "2006-02-06",
		"Mielenosoitus Beirutissa. (Lehtikuva 6.2.2006.)":                         "2006-02-06",
		"Mielenosoitus Beirutissa. (HS 6.2.2006.) Kuva: Jussi Nukari / LEHTIKUVA": "2006-02-06",
	} {
		if got := ParseText(in, 0).Date.String(); got != want {
			t.Errorf("%q: date %q, want %q", in, got, want)
		}
	}
}

// TestNewYearDays: an ordinal day of the New Year in Serbian, Latin or
// Cyrillic; the ordinal without the phrase is no date.
func TestNewYearDays(t *testing.T) {
	for in, want := range map[string]string{
		"Drugog dana Nove godine na ulicama nema nikoga. Foto: Milan Ilic":     "--01-02",
		"Трећег дана нове године у Београду. Фото: Танјуг":                     "--01-03",
		"Četvrtog dana nove godine 2020. u Zagrebu. Foto: Hina":                "--01-04",
		"Drugog dana festivala na ulicama je bilo mnogo ljudi. Foto: Milan I.": "",
	} {
		if got := ParseText(in, 0).Date.String(); got != want {
			t.Errorf("%q: date %q, want %q", in, got, want)
		}
	}
}

// TestKoreanFirstDay: 첫날 after 새해 is 1 January; 첫날 of anything else
// is no date.
func TestKoreanFirstDay(t *testing.T) {
	for in, want := range map[string]string{
		"2024년 새해 첫날 해돋이를 보는 시민들. 연합뉴스": "2024-01-01",
		"새해 첫날 해돋이를 보는 시민들. 연합뉴스":       "--01-01",
		"2024년 축제 첫날 관람객들이 몰렸다. 연합뉴스":   "",
	} {
		if got := ParseText(in, 0).Date.String(); got != want {
			t.Errorf("%q: date %q, want %q", in, got, want)
		}
	}
}

// TestQuestionDates: a date whose sentence ends in a question mark is not
// read; a question in another sentence leaves it alone.
func TestQuestionDates(t *testing.T) {
	for in, want := range map[string]string{
		"Will they play on March 21 in the cup? Photo: Norbert J. Becker":                   "",
		"They played on March 21, 2020 in the cup. Will they win? Photo: Norbert J. Becker": "2020-03-21",
		"Gdzie będą 21 marca 2020？ Fot. PAP":                                                "",
		"They played on March 21, 2020 (or was it?) in the cup. Photo: X":                   "2020-03-21", // an aside asks, the sentence does not
	} {
		if got := ParseText(in, 0).Date.String(); got != want {
			t.Errorf("%q: date %q, want %q", in, got, want)
		}
	}
}

// TestEventPeriods: a range in parentheses is an event's period, a range
// in the text still dates the picture, and a bracket closed after a
// number gives no day to the next word.
func TestEventPeriods(t *testing.T) {
	for in, want := range map[string]string{
		"Skaters at the Sofia Trophy (February 5-10). Photo: BTA":                         "",
		"Skaters at the Sofia Trophy on February 5-6, 2019. Photo: BTA":                   "2019-02-05",
		"Demonstranten in Den Haag, 22 en 23 februari 1941. Fotograaf onbekend":           "1941-02-22",
		"Skaters at the Sofia Trophy (5-10). The final was held on 12 February 2019. BTA": "2019-02-12",
	} {
		if got := ParseText(in, 0).Date.String(); got != want {
			t.Errorf("%q: date %q, want %q", in, got, want)
		}
	}
}

// TestPictureVerbLabels: a field label of a picture verb, with or
// without its preposition, dates the picture over an earlier date; a
// "Dated:" label and a verb that is no label do not.
func TestPictureVerbLabels(t *testing.T) {
	for in, want := range map[string]string{
		"The work began on 11 November 1989. Taken on: 12 November 1989":                      "1989-11-12",
		"Der Abriss begann am 11. November 1989. Aufgenommen: 12.11.1989":                     "1989-11-12",
		"La obra empezó el 11 de noviembre de 1989. Fotografiado el: 12 de noviembre de 1989": "1989-11-12",
		"The work began on 11 November 1989. Dated: 12 November 1989":                         "1989-11-11",
		"The work began on 11 November 1989. Seen on: 12 November 1989":                       "1989-11-11",
	} {
		if got := ParseText(in, 0).Date.String(); got != want {
			t.Errorf("%q: date %q, want %q", in, got, want)
		}
	}
}

// TestTidyReadsMojibakeBreaks: U+2028 and U+2029 read as Latin-1 (C1
// byte dropped) or Windows-1252 are white space; a lone "â" is a letter.
func TestTidyReadsMojibakeBreaks(t *testing.T) {
	for in, want := range map[string]string{
		"2017.\u00e2\u00a8\u00e2\u00a8Photo: X": "2017. Photo: X",
		"a\u00e2\u20ac\u00a9b":                  "a b",
		"c\u00e2\u00a9":                         "c",
		"Fête â la mode, pâté":                  "Fête â la mode, pâté",
		"\u00e2\u00a8":                          "",
	} {
		if got := tidy(in); got != want {
			t.Errorf("tidy(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTwoDigitYearIsMarked: a date whose year the caption writes with two
// digits carries Record.TwoDigitYear (check settles its century from the
// image); a four-digit year and no year do not.
func TestTwoDigitYearIsMarked(t *testing.T) {
	tests := []struct {
		text string
		want string
		two  bool
	}{
		{"Fotografia de Porfírio Pardal Monteiro (4/XI/17).", "2017-11-04", true}, // fc-175: 1917 on its picture
		{"Berlin, 12.03.99. Foto: dpa", "1999-03-12", true},
		{"Berlin, 12.03.1999. Foto: dpa", "1999-03-12", false},
		{"LISTOWEL 16-9-15. Photo: X", "2015-09-16", true},
		{"Somewhere, 03/04/19. Photo: X/AP", "", false}, // either order, or year first: not read
		{"Berlin, 12. März. Foto: dpa", "--03-12", false},
		{"MADRID, 13/02/23.- Un hombre camina por la calle. (EFE)", "2023-02-13", true}, // a numeric agency dateline's year
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		if got := r.Date.String(); got != tt.want || r.TwoDigitYear != tt.two {
			t.Errorf("%q: date %q two-digit %v, want %q %v", tt.text, got, r.TwoDigitYear, tt.want, tt.two)
		}
	}
}

// tunedDate is a tuning caption whose date alone a rule of tunetdate
// reads (its credit is another rule's).
type tunedDate struct{ file, id, url, date string }

// TestDatesOfTuneTdate asserts the date of captions whose credit is read
// wrong by rules outside the date code.
func TestDatesOfTuneTdate(t *testing.T) {
	tests := []tunedDate{
		// A one-digit month in a day-month-two-digit-year date: "16-9-15 LISTOWEL".
		{"captions.jsonl", "rw-005", "guardian/grid:rest-lib/src/test/resources/rgb-wo-profile.jpg (IIM Caption-Abstract)", "2015-09-16"},
		// Kyrgyz day glued by a hyphen to its month, with a locative ending: "Кечээ, 31-августта" after the dateline "БИШКЕК, 1-сен. — Sputnik.".
		{"firstcontact8-tune.jsonl", "fc8a-135", "https://sputnik.kg/amp/20190901/bishkek-ehgemenduuluk-majramy-salyk-1045586120.html", "08-31"},
		// A day with a colon after it: the dateline "KATHMANDU, April 18:" after a headline.
		{"firstcontact8-tune.jsonl", "fc8a-096", "https://baralgroup.com.np/2022/04/24/photos-sunshine-flowers-beautiful-trees-that-sound-like-summer-to-me-ratopati/", "04-18"},
		// A publication stamp on the weekday the text gives the picture, and no other date: "Posted at Oct 23 2020 09:19 PM" … "on Friday".
		{"firstcontact8-tune.jsonl", "fc8a-106", "https://news.abs-cbn.com/life/multimedia/photo/10/23/20/lagusnilad-underpass-selfie", "2020-10-23"},
		// A release's "Release Date:" field is a publication date, not the picture's.
		{"firstcontact6-tune.jsonl", "fc6a-076", "https://friendsofnasa.org/search?max-results=16&reverse-paginate=true&updated-max=2018-06-29T15%3A52%3A00-04%3A00", ""},
	}
	files := tunedFiles{}
	for _, tt := range tests {
		c, ok := files.caption(t, tt.file, tt.id, tt.url)
		if !ok {
			continue
		}
		if r := ParseText(c.Caption, 0); !dateMatches(tt.date, r) {
			t.Errorf("%s: date %q, want %q", tt.id, gotDate(r), tt.date)
		}
	}
}

// TestHyphenDayMonth: a day glued by a hyphen to a month word, with or
// without a Kyrgyz or Kazakh locative ending; other glued words are no
// month.
func TestHyphenDayMonth(t *testing.T) {
	tests := []struct {
		w    string
		m, d int
		ok   bool
	}{
		{"31-августта", 8, 31, true},
		{"1-сен.", 9, 1, true},
		{"5-мартта", 3, 5, true},
		{"15-én", 0, 0, false},
		{"2-Mar-2019", 0, 0, false},
		{"1-го", 0, 0, false},
		{"31-февраль", 0, 0, false},
	}
	for _, tt := range tests {
		m, d, ok := hyphenDayMonth(tt.w)
		if m != tt.m || d != tt.d || ok != tt.ok {
			t.Errorf("hyphenDayMonth(%q) = %d, %d, %v; want %d, %d, %v", tt.w, m, d, ok, tt.m, tt.d, tt.ok)
		}
	}
}

// TestPostedOnWeekday: a publication stamp dates the picture only when
// the text names its weekday and no other date.
func TestPostedOnWeekday(t *testing.T) {
	for in, want := range map[string]string{
		"Posted at Oct 23 2020 09:19 PM People take selfies in Manila on Friday.":                   "2020-10-23",
		"Posted at Oct 23 2020 09:19 PM People take selfies in Manila on Thursday.":                 "",
		"Posted at Oct 23 2020 09:19 PM People take selfies in Manila.":                             "",
		"Posted at Oct 23 2020 09:19 PM People take selfies in Manila on Friday, October 16, 2020.": "2020-10-16",
	} {
		if got := ParseText(in, 0).Date.String(); got != want {
			t.Errorf("%q: date %q, want %q", in, got, want)
		}
	}
	if got := weekdayOf(2020, 10, 23); got != 4 {
		t.Errorf("weekdayOf(2020-10-23) = %d, want 4 (Friday)", got)
	}
}

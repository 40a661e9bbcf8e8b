package caption

import "testing"

// TestRulesOfTune11b (issue 22): one real caption per class the tuning
// step tune11b taught, read from its tuning file by its id (each cited by
// the URL it was read from, which must be the file's source for it),
// asserting the date, the photographers and the agencies.
func TestRulesOfTune11b(t *testing.T) {
	tests := []tunedCaption{
		// A capitalised "By" inside the line, then a name in a caseless
		// script, after the title and its year (bylineCredit).
		{"firstcontact7-tune.jsonl", "fc7b-059", "http://whitebuilding.org/km/photoseries/monk_assistants_at_wat_svay_por_pei", "", []string{"ងួន ឧស្សាហ៍"}, nil},
		// A last line that signs the caption off with a dash and the
		// photographer's name, in a caseless script (cutSignOffDash).
		{"firstcontact7-tune.jsonl", "fc7b-027", "https://www.loksatta.com/vruthanta/hearts-beats-of-mumbai-21386/lite", "", []string{"गणेश शिर्सेकर"}, nil},
		// Reuters' desk tag after the photographer's name (deskTags).
		{"firstcontact7-tune.jsonl", "fc7b-071", "https://congan.com.vn/quoc-te/thoi-su-quoc-te/the-gioi-trong-tuan-qua-anh_15917.html", "03-05", []string{"Dylan Martinez"}, []string{"Reuters"}},
		// A platform written before the account's name (names.CutPlatform).
		{"firstcontact7-tune.jsonl", "fc7b-052", "https://lamtamnhu.blogspot.com/2012/12/chieu-thuc-am-nhu-bieu-tinh-bat-ngo.html", "2012-12-16", []string{"Nguyễn Lân Thắng"}, nil},
		// A known agency alone in the parentheses ending a line above the
		// last (lineEndAgency).
		{"firstcontact7-tune.jsonl", "fc7a-109", "https://www.20minutos.es/noticia/338525/0/kenia/agoniza/religioso/", "", nil, []string{"Reuters"}},
		// A spaced backslash typed for the chain's slash, and one word of
		// a caseless script beside a known agency (caselessWord).
		{"firstcontact7-tune.jsonl", "fc7b-003", "https://www.mathrubhumi.com/gallery/news/news-in-pics/december-20-news-in-pics-1.5294278", "", []string{"കൃഷ്ണകൃപ"}, []string{"മാതൃഭൂമി"}},
		// A name after the last sentence on the caption's own line, no
		// label, no agency (trailingName).
		{"firstcontact7-tune.jsonl", "fc7a-043", "https://citizen.co.za/news/south-africa/1786106/gallery-all-the-action-from-hoerskool-overvaal/", "2018-01-17", []string{"Yeshiel Panchia"}, nil},
		// A signature in capitals after the last sentence, spaced or
		// glued to the stop (signatureCredit).
		{"firstcontact7-tune.jsonl", "fc7a-076", "http://www.visir.is/g/20242515052d/ljosmyndir-ur-flugi-rax-yfir-grindavik", "", []string{"RAX"}, nil},
		{"firstcontact7-tune.jsonl", "fc7a-073", "http://www.visir.is/g/20242515052d/ljosmyndir-ur-flugi-rax-yfir-grindavik", "", []string{"RAX"}, nil},
	}
	checkTunedCaptions(t, tests)
}

// TestTune11bLeavesAlone: the forms tune11b's rules must not read.
func TestTune11bLeavesAlone(t *testing.T) {
	tests := []leftAlone{
		// Prose writes "by" in lower case: an architect is no byline.
		{"lower-case by", "The new library, opened in 2012, was designed by Zaha Hadid", nil, nil},
		// A sentence that opens with "By" is prose, not a name.
		{"sentence By", "Crowds gathered in the square. By the end of the day", nil, nil},
		// "By" before an organisation's name credits no person.
		{"By an organisation", "Boys of the temple, 2012 By Phnom Penh Photo Collection", nil, nil},
		// A dashed last line that is no name.
		{"dashed clause", "The river rose overnight.\n- more pictures inside", nil, nil},
		// A platform's name alone after the label credits no person.
		{"platform alone", "Protesters in Hanoi. Ảnh: Facebook", nil, nil},
		// Parentheses ending a line above the last that hold no agency
		// alone credit nobody.
		{"line-end aside", "Protesters in Nairobi (Kenya).\nPolice used tear gas.", nil, nil},
		{"line-end chain", "Protesters in Nairobi (police said so, Reuters reported).\nPolice used tear gas.", nil, nil},
		// One caseless word after a label, no agency beside it, is no
		// name: it may be a word of the caption.
		{"caseless word alone", "Crowds in Kozhikode. ഫോട്ടോ: കൃഷ്ണകൃപ", nil, nil},
		// A backslash inside a word or a path is no separator.
		{"backslash path", `Saved as C:\photos\kerala.jpg`, nil, nil},
		// After the last sentence: a place with its country, a country,
		// one word, a run of four words and a sentence are no name.
		{"trailing place", "Protesters marched. Nairobi, Kenya", nil, nil},
		{"trailing country", "Protesters marched. South Africa", nil, nil},
		{"trailing word", "Protesters marched. Overvaal", nil, nil},
		{"trailing four words", "Protesters marched. Members Of The Public", nil, nil},
		{"trailing sentence", "Protesters marched. Police Fired.", nil, nil},
		// Capitals after an abbreviation's dot, a country's code, a
		// role word and a long word in capitals are no signature.
		{"caps after abbreviation", "Troops arrived from the U.S. NATO", nil, nil},
		{"caps country code", "Troops arrived in the capital. USA", nil, nil},
		{"caps role", "Troops arrived in the capital. FILE", nil, nil},
		{"caps long word", "Troops arrived in the capital. BREAKING", nil, nil},
		// A dashed last line with one word only.
		{"dashed single word", "The river rose overnight.\n-Editor", nil, nil},
	}
	checkLeftAlone(t, tests)
}

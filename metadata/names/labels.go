package names

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// labelLang is one language's credit labels (issue 22: label words as
// data, a table per language, each entry cited).
type labelLang struct {
	lang string // ISO 639-1 (639-3 where it has none: "pap"), "*" for signs of every language
	// words are labels written with a colon after them ("Foto:", "Foto :",
	// CJK "摄影：", Korean "사진="): each gives those forms.
	words []string
	// phrases are labels as written, a name right after them ("photo by ",
	// "Fot. ", "© ").
	phrases []string
	source  string // where the words and their meaning come from
}

// labelTable holds the credit labels per language. The words are the
// language's words for "photo", "picture", "photographer", "author",
// "source" and "credit" as desks write them before a credit; the source of
// each entry is its Wiktionary page (or the caption that shows it, a
// firstcontact-tune.jsonl id), and the English translation is given.
var labelTable = []labelLang{
	{"*", nil, []string{"© foto ", "ⓒ foto ", "ⓒ", "©", "(c) ", "(c)", "copyright of ", "copyright "},
		"the copyright sign and its spellings (Unicode U+00A9, U+24D2); '(c)' glued to the holder as AFPBB News writes it, '…ありません)。(c)AFP' (g11b-008 of firstcontact11-tune.jsonl)"},
	{"en", []string{"mandatory credit", "must credit", "photo credit should read", "photo credit", "image credit",
		"picture credit", "credit image", "credit", "credits", "photograph", "photographer", "photographers",
		"pictures", "picture", "photos", "photo", "image", "images", "pic", "pix", "source", "image source", "photo source",
		"photo by", "photos by", "image by", "photography"},
		[]string{"mandatory credit: photo by ", "mandatory credit ", "must credit ", "photo credit should read ",
			"photo credit ", "photo courtesy of ", "picture courtesy of ", "photos courtesy of ", "courtesy of ", "photograph by ", "photographs by ", "photos by ",
			"photo by ", "pictures by ", "picture by ", "pix by ", "image by ", "images by ", "photographer unknown ", "unknown photographer ", "image copyright ",
			"photo taken by ", "photos taken by ", "picture taken by ", "photo | ", "photos | ",
			"photograph was taken by ", "photo was taken by ", "picture was taken by ",
			"photo credit to ", "photo- ", "photo courtesy ", "photo = ", "photographed by ", "graphic: "},
		"AP Stylebook credit lines; https://en.wiktionary.org/wiki/credit; 'photographer unknown' before an archive's name as in fc-021's Dutch; https://en.wiktionary.org/wiki/pix (plural of pic), '(Pix: NAME)' in fc3a-062, 'Pix by NAME' in fc5b-024, -025, -026 (the Daily Mirror of Sri Lanka); BBC's 'Image copyright' field label, no colon (fc3a-035, fc3b-042); 'Photo by:' and 'Image By:' with a colon (Canadian Armed Forces credits, fc6a-064, fc6a-066, http://ottawacitizen.com/news/national/defence-watch/photos-the-best-images-for-2017-of-canadas-soldiers-at-work); 'Photography:' under a title (fc6a-097, https://www.ericeiramag.pt/en/lights-of-hope/); 'Image by NAME, used with permission.' without a colon (Global Voices, fc8a-152 of firstcontact8-tune.jsonl); '(Photo taken by NAME at PLACE - …)' opening a parenthesis (fc8d-047); Nation Media Group's 'PHOTO | NAME' with a bar for the colon (fc8d-044); the full sentence 'This photograph was taken by NAME as part of the … competition.' (fc8a-115, https://www.arabnews.pk/node/1681961); 'Photo credit to NAME' (g9b-106 of firstcontact9-tune.jsonl, https://thesheaf.com/category/culture/page/5); 'Photo- NAME' with a hyphen for the colon (g9b-048, https://donegalnews.com/gallery-week-pictures-13th-april-2017); 'Photo courtesy NAME' without 'of' (g9b-071, https://www.mbcradio.com/page/801); 'Graphic: NAME/AGENCY' heading an illustration (g10a-043 of firstcontact10-tune.jsonl, https://theafrican.co.za/2022/08/22/); 'Photo = AGENCY', the Korean '사진=' in English, on its own line (g10b-071, https://www.korea.net/NewsFocus/Korea_in_photos/view?articleId=254118); 'Photographed by NAME / AGENCY.' (g10b-027, https://journal.wilderness.org.au/issue-023/index.html)"},
	{"de", []string{"bildnachweis", "bildrechte", "bildquelle", "fotos", "foto", "bild", "quelle", "fotograf", "fotografin"},
		[]string{"foto von ", "fotograf unbekannt "}, "https://de.wiktionary.org/wiki/Bildnachweis, /Quelle, /Foto (Bild: picture; Quelle: source); /unbekannt (unknown)"},
	{"fr", []string{"crédit photo", "crédits photo", "crédit", "photo", "photos", "source", "photographe", "ph."},
		[]string{"photo de ", "photo article "}, "https://fr.wiktionary.org/wiki/crédit (credit), /photo; 'photo de': photo by; 'Photo article NAME / AGENCY' (the article's photo, no colon) closing a French-language page (fc5a-024 of firstcontact5-tune.jsonl, https://www.media-j.com/article/21045/le-mouvement-des-drapeaux-noirs-annonce-sa-dissolution); 'Ph.', photo abbreviated, in '© Ph. : M. Golinvaux/« L’Avenir »/2023' (g9b-165 of firstcontact9-tune.jsonl, https://brussels-star.com/2025/09/08/102e-fetes-de-wallonie-a-namur-du-12-au-septembre)"},
	{"es", []string{"fotografía", "foto", "fotos", "crédito", "créditos", "fuente", "fotógrafo", "fotógrafa", "imagen"},
		[]string{"foto de ", "fotografía de "}, "https://es.wiktionary.org/wiki/fuente (source), /crédito, /fotografía; 'foto de': photo by"},
	{"pt", []string{"fotografia", "foto", "fotos", "crédito", "créditos", "fonte", "fotógrafo", "imagem"},
		[]string{"fotografia de ", "fotos de ", "foto de "}, "https://pt.wiktionary.org/wiki/fonte (source), /crédito; fc-175 'Fotografia de NAME'; fc5a-061 'Fotos de NAME/ASF'"},
	{"it", []string{"fotografia", "foto", "fonte", "crediti", "credito", "fotografo"},
		[]string{"foto di ", "fotografia di "}, "https://it.wiktionary.org/wiki/fonte (source), /foto; 'foto di': photo by"},
	{"ca", []string{"foto", "fotografia", "autor", "autora", "font"},
		nil, "https://ca.wiktionary.org/wiki/font (source); fc-202 'Autor: NAME'"},
	{"eu", []string{"argazkia eta komentarioak", "argazkia eta testua", "argazkia", "argazkiak", "iturria"},
		nil, "https://eu.wiktionary.org/wiki/argazki (photograph), /iturri (source); fc-172; 'argazkia eta testua' (photo and text, https://eu.wiktionary.org/wiki/testu) in fc3a-064"},
	{"nl", []string{"foto", "foto's", "beeld", "bron", "fotograaf"},
		[]string{"foto van ", "foto door ", "fotograaf onbekend ", "beeld "}, "https://nl.wiktionary.org/wiki/bron (source), /beeld (picture; DPG Media's papers write it with no colon, 'Beeld Brunopress/Pool/Van Katwijk', fc6a-104); 'foto van/door': photo by; https://nl.wiktionary.org/wiki/onbekend (unknown): 'fotograaf onbekend', photographer unknown, before the holder (fc-021)"},
	{"da", []string{"foto", "fotos", "billede", "kilde", "fotograf"},
		nil, "https://da.wiktionary.org/wiki/kilde (source), /billede (picture)"},
	{"no", []string{"foto", "bilde", "kilde", "fotograf"},
		[]string{"foto av "}, "https://no.wiktionary.org/wiki/kilde (source), /bilde (picture); 'foto av': photo by"},
	{"sv", []string{"foto", "bild", "källa", "fotograf"},
		[]string{"foto av "}, "https://sv.wiktionary.org/wiki/källa (source), /bild (picture); 'foto av': photo by"},
	{"fi", []string{"kuva", "kuvat", "kuvaaja", "lähde"},
		nil, "https://fi.wiktionary.org/wiki/kuva (picture), /kuvaaja (photographer), /lähde (source)"},
	{"et", []string{"kaanefoto", "foto", "fotod", "allikas", "pilt", "autor/allikas", "fotograaf"},
		nil, "https://et.wiktionary.org/wiki/fotograaf (photographer; 'Fotograaf: NAME' in g11a-071 of firstcontact11-tune.jsonl); https://et.wiktionary.org/wiki/allikas (source), /pilt (picture); fc-199 'Kaanefoto:'; ERR's combined 'Autor/allikas:' (author/source, https://et.wiktionary.org/wiki/autor) in g9b-107 of firstcontact9-tune.jsonl"},
	{"lv", []string{"foto", "attēls", "avots"},
		[]string{"foto. "}, "https://lv.wiktionary.org/wiki/avots (source), /attēls (picture); 'Foto. NAME' with a full stop for the colon (g9b-038 of firstcontact9-tune.jsonl, https://www.la.lv/jau-treso-gadu-norit-lauku-ziedesanas-svetki-visa-latvija-dalies-ar-saviem-foto-laukizied)"},
	{"lt", []string{"nuotr.", "nuotrauka", "nuotraukos", "šaltinis"},
		[]string{"nuotr. "}, "https://lt.wiktionary.org/wiki/nuotrauka (photograph; abbreviated 'nuotr.'), /šaltinis (source)"},
	{"pl", []string{"fot.", "fot", "foto", "zdjęcie", "zdjęcia", "źródło", "autor"},
		[]string{"fot. ", "fotografia "}, "https://pl.wiktionary.org/wiki/fot. (abbreviation of fotografia), /źródło (source); 'Fotografia NAME' (a photograph by NAME, the name in the genitive, https://pl.wiktionary.org/wiki/fotografia), fc4b-039"},
	{"cs", []string{"foto", "fotografie", "autor", "autorka", "zdroj"},
		nil, "https://cs.wiktionary.org/wiki/zdroj (source), /autor; fc-079 'Zdroj:', fc-098 'Autor:'"},
	{"sk", []string{"foto", "autor", "zdroj"}, nil, "https://sk.wiktionary.org/wiki/zdroj (source)"},
	{"sl", []string{"foto", "fotografija", "vir", "avtor"}, nil, "https://sl.wiktionary.org/wiki/vir (source)"},
	{"hr", []string{"foto", "fotografija", "izvor", "snimio", "snimila"},
		[]string{"fotografije snimio ", "fotografiju snimio ", "fotografije snimila ", "fotografiju snimila "}, "https://hr.wiktionary.org/wiki/izvor (source); snimio: 'photographed (by)'; 'Fotografije snimio NAME' (the photographs were taken by NAME, https://hr.wiktionary.org/wiki/snimiti) ending g11a-062 of firstcontact11-tune.jsonl"},
	{"sr", []string{"foto", "izvor", "фото", "извор"}, nil, "https://sr.wiktionary.org/wiki/извор (source)"},
	{"hu", []string{"fotó", "fotók", "forrás", "fénykép", "fotós"},
		nil, "https://hu.wiktionary.org/wiki/forrás (source), /fénykép (photograph)"},
	{"ro", []string{"foto", "fotografie", "sursa", "sursă"}, nil, "https://ro.wiktionary.org/wiki/sursă (source)"},
	{"bg", []string{"снимка", "снимки", "източник", "фото"},
		[]string{"снимка ", "кадър: "}, "https://bg.wiktionary.org/wiki/снимка (photograph), /източник (source); fc-041 'Снимка БТА'; /кадър (frame, a still of a video): 'Кадър: Vbox7/Здравей България' (g10b-017 of firstcontact10-tune.jsonl, https://novavarna.net/2023/07/17/)"},
	{"ru", []string{"автор фото", "фото", "снимок", "источник", "автор", "кредит"},
		[]string{"автор фото ", "фотографии сделаны ", "фотография сделана ", "фото сделаны ", "фото сделано ", "снимки сделаны ", "снимок сделан ", "фоторепортаж "},
		"https://ru.wiktionary.org/wiki/источник (source); fc-003 'автор фото', fc-035 'Кредит:'; 'Фотографии сделаны NAME' (the photographs were made by NAME, https://ru.wiktionary.org/wiki/сделать), the name in the instrumental (fc6b-039, https://www.samdu.uz/ru/news/42977); 'фоторепортаж NAME, NAME («PAPER»)' (a photo report of NAME, the names in the genitive, https://ru.wiktionary.org/wiki/фоторепортаж) ending fc8a-051 of firstcontact8-tune.jsonl"},
	{"uk", []string{"фото", "джерело", "автор", "світлина"}, nil, "https://uk.wiktionary.org/wiki/джерело (source)"},
	{"el", []string{"φωτογραφίες", "φωτογραφία", "φωτ.", "πηγή"},
		nil, "https://el.wiktionary.org/wiki/φωτογραφία (photograph), /πηγή (source); fc-075"},
	{"tr", []string{"fotoğraf", "fotoğraflar", "foto", "kaynak"}, nil, "https://tr.wiktionary.org/wiki/kaynak (source)"},
	{"is", []string{"ljósmynd", "mynd", "myndir"}, nil, "https://is.wiktionary.org/wiki/mynd (picture)"},
	{"vi", []string{"ảnh", "nguồn", "nguồn ảnh"},
		nil, "https://vi.wiktionary.org/wiki/nguồn (source); fc-055 'Ảnh:', fc-056 'Nguồn:'"},
	{"id", []string{"foto", "sumber"}, []string{"foto oleh "}, "https://id.wiktionary.org/wiki/sumber (source); fc-109 'FOTO :'; 'Foto oleh' (photo by, https://id.wiktionary.org/wiki/oleh) opening the first line, fc6b-047 (https://mutitu.com/minggu-afrika-dalam-gambar-30-agustus-5-september-2024)"},
	{"tl", []string{"larawan"}, []string{"kuha ni "}, "https://tl.wiktionary.org/wiki/larawan (picture); kuha ni: 'taken by'"},
	{"zh", []string{"摄影", "攝影", "图片来源", "圖片來源", "来源", "來源", "图", "圖", "摄", "攝"},
		nil, "https://zh.wiktionary.org/wiki/摄影 (photography), /来源 (source), /攝 (to photograph; '攝:' in fc3b-024)"},
	{"ja", []string{"写真", "撮影", "提供", "出典", "クレジット"},
		[]string{"取材・写真 "}, "'(取材・写真 NAME)' (reporting and photograph, https://ja.wiktionary.org/wiki/取材) closing g11b-049 of firstcontact11-tune.jsonl; https://ja.wiktionary.org/wiki/写真 (photograph), /撮影 (photographing), /出典 (source), /クレジット (credit; 'クレジット:山陽新聞/共同通信イメージズ' ending g9b-099 of firstcontact9-tune.jsonl, https://imagelink.kyodonews.jp/search?keyword=%E5%B1%B1%E9%99%BD%E6%96%B0%E8%81%9E)"},
	{"ko", []string{"사진", "출처"}, nil, "https://ko.wiktionary.org/wiki/사진 (photograph), /출처 (source)"},
	{"ar", []string{"تصوير", "مصدر الصورة", "الصورة", "المصدر"},
		[]string{"صدر الصورة، ", "تصوير "}, "https://ar.wiktionary.org/wiki/تصوير (photography), /مصدر (source); fc-205 'صدر الصورة،'; '(تصوير NAME)' (photographed by NAME) without a colon, fc3b-039"},
	{"sw", []string{"picha"}, []string{"picha na "},
		"https://sw.wiktionary.org/wiki/picha (picture); 'picha na NAME' (picture by NAME), fc3b-026, -027, -029, -030"},
	{"yo", nil, []string{"foto: lati owo ", "lati owo "},
		"https://yo.wiktionary.org/wiki/ọwọ́ (hand): 'láti ọwọ́ NAME' (from the hand of NAME), fc3b-063"},
	{"he", []string{"צילום", "צלם", "קרדיט", "מקור"}, []string{"צילום: מתוך "},
		"https://he.wiktionary.org/wiki/צילום (photograph), /צלם (photographer; 'צלם: NAME' in fc5a-023), /מקור (source); /מתוך (from within): 'צילום: מתוך SOURCE', a frame from a broadcast (fc5a-019)"},
	{"ka", []string{"ფოტოები", "ფოტო", "ავტორი", "წყარო"}, nil,
		"https://ka.wiktionary.org/wiki/ფოტო (photo; plural ფოტოები, fc5a-080), /ავტორი (author, fc5a-081), /წყარო (source)"},
	{"ml", []string{"ചിത്രം"}, nil, "https://ml.wiktionary.org/wiki/ചിത്രം (picture; 'ചിത്രം: NAME', fc5b-084)"},
	{"ne", []string{"तस्बिर", "तस्वीर"}, []string{"तस्बिरः ", "तस्वीरः "},
		"https://ne.wiktionary.org/wiki/तस्बिर (picture; 'तस्बिर: AGENCY' in fc5b-101); the visarga 'ः' written for the colon, 'तस्बिरः NAME' in fc5b-104"},
	{"fa", []string{"عکس", "عکاس", "منبع", "منبع تصویر"}, []string{"منبع تصویر، ", "عکس از "}, "https://fa.wiktionary.org/wiki/عکس (photograph), /عکاس (photographer), /منبع (source); 'منبع تصویر،' (image source, with the Arabic comma U+060C, https://fa.wiktionary.org/wiki/تصویر) as BBC Persian writes it above a caption (fc6b-005 to -008, ninth tuning step); 'عکس از' (photo by, https://fa.wiktionary.org/wiki/از) in fc6b-010"},
	{"uz", []string{"сурат", "surat", "фото", "foto"}, nil,
		"https://en.wiktionary.org/wiki/surat#Uzbek (picture, photograph; Cyrillic сурат); '(сурат)' after the photographer's name, fc3b-058"},
	{"th", []string{"ภาพ", "ภาพโดย", "ที่มา", "เครดิต"}, []string{"ภาพ / ", "ภาพ/"},
		"https://th.wiktionary.org/wiki/ภาพ (picture), /ที่มา (source); 'ภาพ / NAME', a slash for the colon (fc3b-053)"},
	{"lo", []string{"ພາບ"}, nil,
		"https://en.wiktionary.org/wiki/ພາບ (Lao: picture, image); 'ພາບ: D.Phu' closing a Lao caption of Vietnamese news (g9a-038 of firstcontact9-tune.jsonl, https://www.vietnam.vn/lo/muot-xanh-lang-choro-o-ap-binh-hoa)"},
	// The tenth tuning step (firstcontact7-tune.jsonl; issue 22): labels of
	// the seventh first-contact set's new languages.
	{"ga", []string{"grianghraf", "grianghraif", "griangraf"}, nil,
		"https://en.wiktionary.org/wiki/grianghraf (Irish: photograph; plural grianghraif); 'Griangraf: NAME/Sportsfile', the lenition h left out, in fc7a-037 (https://xn--anpipar-jwa8e.ie/2024/11/stair-le-cruthu-sna-cuigi-i-gcluichi-clg-an-deireadh-seachtaine-seo)"},
	{"cy", []string{"llun", "lluniau", "ffynhonnell y llun", "ffynhonnell"}, []string{"ffynhonnell y llun, "},
		"https://en.wiktionary.org/wiki/llun (Welsh: picture; plural lluniau), /ffynhonnell (source); 'Ffynhonnell y llun, NAME' (the picture's source) as BBC Cymru Fyw writes it, fc7a-012 to -016 (https://feeds.bbci.co.uk/cymrufyw/55160714)"},
	{"xh", []string{"umfanekiso", "imifanekiso"}, []string{"umfanekiso ngu ", "imifanekiso ngu "},
		"https://en.wiktionary.org/wiki/umfanekiso (Xhosa: picture; plural imifanekiso); 'Umfanekiso ngu NAME' (the picture is by) in g9a-056 of firstcontact9-tune.jsonl (https://www.vukaninews.co.za/news/yagaleleka-ikumkani-yamaxhosa)"},
	{"fy", []string{"foto", "foto's"}, []string{"ynstjoerd troch ", "foto troch "},
		"https://en.wiktionary.org/wiki/troch (West Frisian: through, by), /ynstjoere (to send in); '(ynstjoerd troch NAME)' (sent in by) in g9b-089 of firstcontact9-tune.jsonl (https://www.eastermar.nl/doarpslibben/ferslach-aktiviteiten/trije-dagen-doarpsfeest-it-fleant-foarby)"},
	{"zu", []string{"isithombe", "izithombe"}, nil,
		"https://en.wiktionary.org/wiki/isithombe (Zulu: picture, photograph; plural izithombe); 'Isithombe: NAME' in fc7a-060, -061 (https://www.iol.co.za/isolezwe/isidumo-abakwashembe-belwa-enkantolo-1464296)"},
	{"rw", []string{"ifoto", "amafoto"}, nil,
		"https://en.wiktionary.org/wiki/ifoto (Kinyarwanda: photo; plural amafoto); a gallery's bare 'AMAFOTO:' (the photos) in fc7a-067 (https://umuryango.rw/amakuru/mu-mahanga/article/perezida-nkurunziza-yifatanyije-n-abaturage-basarura-ibishyimbo-amafoto)"},
	{"lb", []string{"foto", "fotoen", "fotoe"}, nil,
		"https://lb.wiktionary.org/wiki/Foto (Luxembourgish: photo; plural Fotoen); 'Fotoe: NAME' in fc7a-079 (https://www.wort.lu/en/mywort/vichten/news/d-viichter-kanner-ginn-heeschen-5a7d93b5c1097cee25b7d3a0)"},
	{"ml", []string{"ഫോട്ടോ", "ഫൊട്ടോ"}, nil,
		"https://ml.wiktionary.org/wiki/ഫോട്ടോ (Malayalam: photo); 'ഫോട്ടോ: NAME / മാതൃഭൂമി' in fc7b-001 to -004, the older spelling 'ഫൊട്ടോ:' in fc7b-005, -006 (https://www.mathrubhumi.com/gallery/news-in-pics/news-in-pics-august-30-1.5015949)"},
	{"gu", []string{"તસવીર", "ફોટો"}, nil,
		"https://en.wiktionary.org/wiki/તસવીર (Gujarati: picture, photograph), /ફોટો (photo); 'તસવીર : NAME' in fc7b-007 (https://loksansar.in/?p=6387), 'ફોટો:NAME' in fc7b-029 (https://allgujaratnews.in/)"},
	{"bn", []string{"ছবি", "ফটো"}, []string{"ছবিটি তুলেছেন ", "ছবি তুলেছেন "},
		"https://en.wiktionary.org/wiki/ছবি (Bengali: picture, photograph), /ফটো (photo); 'ছবি: NAME' in fc7b-050, -092, -093 (https://www.jagonews24.com/m/photo/bangladesh/news/13394), 'ছবি : AGENCY' in fc7b-048"},
	// The fifteenth tuning step (firstcontact8-tune.jsonl; issue 22):
	// labels of the eighth first-contact set's new languages (the Asian,
	// Caucasian, Central Asian and Russian-republic desks, fc8a-).
	{"ku", []string{"wêne"}, nil,
		"https://en.wiktionary.org/wiki/wêne (Kurmanji Kurdish: picture, photo); 'Wêne: NAME/Rûdaw' in fc8a-007 (Rûdaw's gallery)"},
	{"pa", []string{"ਤਸਵੀਰਾਂ", "ਤਸਵੀਰ", "ਤਸਵੀਰ ਸਰੋਤ"}, []string{"ਤਸਵੀਰ ਸਰੋਤ, "},
		"https://en.wiktionary.org/wiki/ਤਸਵੀਰ (Punjabi: picture; plural ਤਸਵੀਰਾਂ); 'ਤਸਵੀਰਾਂ: NAME, ਹਿੰਦੁਸਤਾਨ ਟਾਈਮਜ਼' in fc8a-100; BBC Punjabi's 'ਤਸਵੀਰ ਸਰੋਤ, NAME' (picture source, https://en.wiktionary.org/wiki/ਸਰੋਤ), as BBC Cymru Fyw's 'Ffynhonnell y llun,' (g9a-043 of firstcontact9-tune.jsonl, https://bbctodays.pages.dev/punjabi/42466656)"},
	{"dv", []string{"ފޮޓޯ"}, nil,
		"https://en.wiktionary.org/wiki/ފޮޓޯ (Dhivehi: photo, from English); '— ފޮޓޯ: NAME، މިނިވަން' in fc8a-102, -103 (Minivan News)"},
	{"gu", []string{"તસવીર સૌજન્ય"}, nil,
		"https://en.wiktionary.org/wiki/સૌજન્ય (Gujarati: courtesy); 'તસવીર સૌજન્ય : NAME' (picture courtesy) in fc8a-144"},
	{"ne", []string{"तस्बिर हरु", "तस्बिरहरु", "तस्बिरहरू"}, nil,
		"https://en.wiktionary.org/wiki/हरू (Nepali: the plural suffix, also written हरु and spaced); 'तस्बिर हरु : NAME÷रासस' (pictures) in fc8a-148"},
	{"id", []string{"foto & teks", "foto dan teks"}, nil,
		"https://id.wiktionary.org/wiki/teks (text); '(Foto & Teks: NAME)' (photo and text) ending fc8a-136"},
	{"ba", []string{"фото һәм сығанаҡ", "сығанаҡ"}, nil,
		"https://en.wiktionary.org/wiki/сығанаҡ (Bashkir: source), һәм (and); 'Фото һәм сығанаҡ: \"PAPER\" гәзите' (photo and source) in fc8a-079"},
	{"tt", []string{"чыганак"}, nil,
		"https://en.wiktionary.org/wiki/чыганак (Tatar: source); 'Чыганак: muslumirc.ru' in fc8a-038"},
	{"hy", []string{"լուսանկարը", "լուսանկարներ", "լուսանկարները"}, []string{"լուսանկարի հեղինակն է ", "լուսանկարների հեղինակն է "},
		"https://en.wiktionary.org/wiki/լուսանկար (Armenian: photograph), /հեղինակ (author): 'Լուսանկարի հեղինակն է NAME:' (the photograph's author is NAME) ending fc8a-078"},
	// Labels written with a dash for the colon, as phrases: "LABEL – NAME".
	{"si", []string{"සේයාරුව", "ඡායාරූපය"}, []string{"සේයාරුව - ", "සේයාරුව – ", "ඡායාරූපය - "},
		"https://en.wiktionary.org/wiki/සේයාරුව (Sinhala: photograph), /ඡායාරූපය (photograph); 'සේයාරුව - NAME' ending fc8a-150"},
	{"hi", nil, []string{"छायाकार – ", "छायाकार - "},
		"https://en.wiktionary.org/wiki/छायाकार (Hindi: photographer); '(छायाकार – NAME)' with an en dash for the colon ending g10b-059, -060 of firstcontact10-tune.jsonl (https://www.villagesquare.in/hindi/2023/06/01/)"},
	{"mr", []string{"फोटो", "सर्व फोटो"}, []string{"सर्व फोटो – ", "सर्व फोटो - ", "फोटो – ", "फोटो - "},
		"https://en.wiktionary.org/wiki/फोटो (Marathi: photo), सर्व (all); '(सर्व फोटो – NAME)' (all photos) ending fc8a-142"},
	{"se", []string{"govva", "govvat", "govven"}, nil,
		"https://en.wiktionary.org/wiki/govva (Northern Sami: picture, photograph; plural govvat); 'Govva: NAME / Yle' in fc8b-006, -007, -008 (Yle Sápmi), 'Govven: NAME' (photographed by, the essive of govva) after each portrait in fc8b-004 (https://avvir.no/2017/12/rahkis-avvir-lohkki), firstcontact8-tune.jsonl"},
	{"kl", []string{"assi", "assit"}, []string{"assi © : ", "assi ©: ", "assi © "},
		"https://en.wiktionary.org/wiki/assi (Greenlandic: picture, photograph; plural assit); KNR writes 'Assi © : NAME / KNR' with the copyright sign and a spaced colon, fc8b-028, -029, -030, -031, fc8c-034 (knr.gl), firstcontact8-tune.jsonl"},
	// tunetnl (issue 22): labels of the non-Latin scripts' credits at
	// first contact.
	{"my", []string{"ဓာတ်ပုံ", "ဓာတ္ပံု"}, []string{"ဓာတ်ပုံ-", "ဓာတ္ပံု-", "ဓာတ်ပုံ - ", "ဓာတ္ပံု - "},
		"https://en.wiktionary.org/wiki/ဓာတ်ပုံ (Burmese: photograph), also in the spelling of the legacy Zawgyi encoding, ဓာတ္ပံု, that Burmese sites still serve; '(ဓာတ္ပံု-NAME)' with a hyphen for the colon ending fc8a-133 of firstcontact8-tune.jsonl (Eleven Media, http://news-eleven.com/headline/69990), 'ဓာတ္ပံု- NAME ေဖ့စ္ဘုတ္' (photo: NAME's Facebook) in fc7b-019"},
	{"kk", []string{"فوتو اۆتورى"}, []string{"فوتو اۆتورى "},
		"Kazakh in the Arabic script: 'photo author' (Cyrillic фото авторы, https://en.wiktionary.org/wiki/автор#Kazakh); 'فوتو اۆتورى NAME,' inside a sentence of an archive's note in fc8a-081 of firstcontact8-tune.jsonl (https://ar.egemen.kz/amp/article/313751-kongress-kitapkhanasynda-saqtalghan-suretter)"},
	{"ta", []string{"புகைப்படம்", "புகைப்படங்கள்"}, []string{"புகைப்படம் – ", "புகைப்படங்கள் – ", "புகைப்படம் - ", "புகைப்படங்கள் - "},
		"https://en.wiktionary.org/wiki/புகைப்படம் (Tamil: photograph; plural புகைப்படங்கள்); 'புகைப்படங்கள் – SITE (NAME)' with an en dash for the colon ending fc8a-146 of firstcontact8-tune.jsonl (https://www.vidhai2virutcham.com/2012/06/27/)"},
	{"af", []string{"foto", "foto's", "foto’s", "storie & foto's", "storie & foto’s"}, nil,
		"https://af.wiktionary.org/wiki/foto (Afrikaans: photo; plural foto's); 'Storie & foto’s: NAME' (story and photos) in g11a-035 of firstcontact11-tune.jsonl"},
	{"mn", []string{"гэрэл зураг", "зураг"}, nil,
		"https://en.wiktionary.org/wiki/гэрэл_зураг (Mongolian: photograph; зураг picture); 'Гэрэл зураг: NAME / AFP / Getty' ending g11b-025 of firstcontact11-tune.jsonl"},
	{"ms", []string{"gambar"}, nil,
		"https://ms.wiktionary.org/wiki/gambar (Malay: picture); '- Gambar NAME' closing g11b-044 of firstcontact11-tune.jsonl (names.nameLabels)"},
	{"pap", []string{"portrèt", "potrèt"}, nil,
		"https://en.wiktionary.org/wiki/portrèt (Papiamentu: picture, photograph); 'Portrèt: NAME' as a bare credit line in fc8b-005 (firstcontact8-tune.jsonl)"},
}

// groupLabels are the phrases that, after a credit's label, credit a
// group, a social-media community, by its name after them: Russian "фото
// и видео группы" (photos and video of the group,
// https://ru.wiktionary.org/wiki/группа), "Фото: Фото и видео группы Мой
// Стерлитамак – STR.RU/Vk.com" (fc8a-156 of firstcontact8-tune.jsonl,
// http://ufa1.ru/text/gorod/2017/06/05/50449051/). The name is the
// credit's source, no person. They are no labels of their own: in prose
// ("мы посмотрели фото и видео группы …") they credit nobody. Lower case.
var groupLabels = []string{"фото и видео группы "}

// CutGroupLabel cuts one of groupLabels from the start of c, the credit
// after its label, and reports whether it did.
func CutGroupLabel(c string) (string, bool) {
	for _, g := range groupLabels {
		if hasPrefixFold(c, g) {
			return strings.TrimSpace(c[len(g):]), true
		}
	}
	return c, false
}

// personLabelWords are the label words, of scripts without capitals, that
// name a person, the photographer or the author, not a picture or a
// source: after them one word is a name, a surname alone, as a
// capitalised word after "Photographer:" is. Persian "عکاس"
// (photographer, https://en.wiktionary.org/wiki/عکاس), Hebrew "צלם"
// (photographer, https://en.wiktionary.org/wiki/צלם; fc5a-023), Kazakh
// in the Arabic script "فوتو اۆتورى" (photo author; "فوتو اۆتورى ەرمولين,",
// the surname alone, fc8a-081 of firstcontact8-tune.jsonl).
var personLabelWords = []string{"فوتو اۆتورى", "عکاس", "צלם"}

// PersonLabelled reports whether c opens with one of personLabelWords
// and its colon, or a space for a label written without one.
func PersonLabelled(c string) bool {
	for _, w := range personLabelWords {
		if rest, ok := strings.CutPrefix(c, w); ok && (strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, " ")) {
			return true
		}
	}
	return false
}

// cjkLang reports whether lang writes a full-width colon or "=" after a
// label ("摄影：", "사진=").
func cjkLang(lang string) bool { return lang == "zh" || lang == "ja" || lang == "ko" }

// labels are the labels of labelTable in the forms written, longest first
// so that a longer label comes before its prefix.
var labels = func() []string {
	seen := map[string]bool{}
	var out []string
	add := func(l string) {
		l = strings.ToLower(l)
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	for _, t := range labelTable {
		for _, w := range t.words {
			add(w + ":")
			add(w + " :")
			if cjkLang(t.lang) {
				add(w + "：")
				add(w + "=")
			}
		}
		for _, p := range t.phrases {
			add(p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}()

// labelWords are the label words of labelTable, lower case (a Greek
// final sigma as σ), without their colon.
var labelWords = func() map[string]bool {
	out := map[string]bool{}
	for _, t := range labelTable {
		for _, w := range t.words {
			out[strings.ReplaceAll(strings.ToLower(w), "ς", "σ")] = true
		}
	}
	return out
}()

// LabelWord reports whether w (any case) is a credit label's word of some
// language written alone, as in "NAME (сурат) UzA" (Uzbek "(photo)").
func LabelWord(w string) bool {
	if len(w) > maxLabelWordBytes {
		return false
	}
	// Lower case in a buffer of the stack: a caption's every word may be
	// asked (the credit guesser of caption asks each of its last sixty).
	var buf [maxLabelWordBytes + utf8.UTFMax]byte
	b := buf[:0]
	for _, r := range w {
		if r = unicode.ToLower(r); r == 'ς' {
			r = 'σ' // Greek final sigma: "ΦΩΤΟΓΡΑΦΊΕΣ" is "φωτογραφίες"
		}
		b = utf8.AppendRune(b, r)
	}
	return labelWords[string(b)]
}

// maxLabelWordBytes bounds the words LabelWord looks up: every label
// word is shorter (TestLabelWordsFitTheBuffer).
const maxLabelWordBytes = 64

// GluedLabels are the label words of the languages written without spaces
// between words (Thai, Chinese, Japanese), which a credit may glue to the
// agency it names: "(วันที่ 5 พ.ค ภาพรอยเตอร์)", "picture Reuters"
// (firstcontact-tune.jsonl fc-184). Longest first.
func GluedLabels() []string { return gluedLabels }

var gluedLabels = func() []string {
	var out []string
	for _, t := range labelTable {
		if t.lang == "th" || t.lang == "zh" || t.lang == "ja" {
			out = append(out, t.words...)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}()

// suffixLabels are the labels written after the credit they label:
// Lithuanian "BNS nuotr.", "NAME nuotrauka" ("photograph (of)";
// https://lt.wiktionary.org/wiki/nuotrauka; fc-181 of
// firstcontact-tune.jsonl). Lower case, without the abbreviation's dot.
//
// Armenian "ֆոտոռեպորտաժը" (the photo report; -ը the article) after
// the name in the genitive: "Գագիկ Շամշյանի ֆոտոռեպորտաժը" (Gagik
// Shamshyan's photo report, fc7b-023 of firstcontact7-tune.jsonl,
// https://hy.wiktionary.org/wiki/ֆոտոռեպորտաժ); the name is kept as written.
//
// Tatar "фотолары" (photos of, the possessive plural of фото,
// https://en.wiktionary.org/wiki/-лары): "Лилия Шәймиева фотолары",
// "Автор фотолары" (the author's photos, naming nobody) on lines of their
// own (fc8a-038, -039 of firstcontact8-tune.jsonl); Turkmen "fotosy" (photo
// of, https://en.wiktionary.org/wiki/fotosy): "Sergeý Nužnenkonyň fotosy"
// heading the text (fc8a-098).
//
// Korean "제공" (provided, https://ko.wiktionary.org/wiki/제공) after the
// source that supplied the picture: "(연합뉴스 제공)" (provided by Yonhap;
// the whole caption of g9b-035 of firstcontact9-tune.jsonl,
// http://www.sisunnews.co.kr/news/articleView.html?idxno=113513).
//
// Uzbek "surat-lavhasi" (picture report of, the possessive of
// surat-lavha, https://en.wiktionary.org/wiki/surat#Uzbek): "📸 Baxtiyor
// Mustanov surat-lavhasi." (g10b-069 of firstcontact10-tune.jsonl,
// https://zarnews.uz/uz/post/fotoreportaj).
var suffixLabels = []string{"nuotraukos", "nuotrauka", "nuotr", "ֆոտոռեպորտաժը", "ֆոտոռեպորտաժ", "фотолары", "fotosy", "제공", "surat-lavhasi"}

// SuffixLabels lists the labels written after the credit they label.
func SuffixLabels() []string { return suffixLabels }

// sourceLabelWords are the label words of labelTable that mean "source"
// (each cited there), not "photo": after one, a social-media account is
// where the picture was found, and its owner no photographer: "Izvor:
// Facebook/Albin Kurti" (the subject's own page, fc7a-057 of
// firstcontact7-tune.jsonl,
// https://www.kosovo-online.com/vesti/politika/kurti-ovaj-vek-pripada-albancima-decenija-samoopredeljenju-1-1-2025),
// where "Ảnh: facebook NAME" (photo: …) credits the account's owner
// (fc7b-052).
var sourceLabelWords = []string{"source", "izvor", "извор", "quelle", "fuente", "fonte", "bron", "kilde", "källa", "lähde", "font", "iturria"}

// copyrightLabels are the labels of labelTable that name the rights
// holder (each cited there): the copyright signs of every language and
// the BBC's "Image copyright", its space left out as a page copy glues
// it. After one, a social-media site alone is the holder credited,
// "Image copyrightINSTAGRAM" (BBC Amharic, g9a-012 of
// firstcontact9-tune.jsonl, https://zethiopians.blogspot.com/2019/11/).
// Lower case.
var copyrightLabels = func() []string {
	out := []string{"image copyright"}
	for _, t := range labelTable {
		if t.lang == "*" {
			out = append(out, t.phrases...)
		}
	}
	return out
}()

// CopyrightLabel reports whether s opens with one of copyrightLabels.
func CopyrightLabel(s string) bool {
	s = strings.ToLower(strings.TrimLeft(s, "( "))
	for _, l := range copyrightLabels {
		if strings.HasPrefix(s, l) {
			return true
		}
	}
	return false
}

// SourceLabel reports whether s opens with one of sourceLabelWords and
// its colon ("Izvor:", "Quelle :").
func SourceLabel(s string) bool {
	s = strings.TrimLeft(s, "( ")
	for _, w := range sourceLabelWords {
		if len(s) > len(w) && strings.EqualFold(s[:len(w)], w) && strings.HasPrefix(strings.TrimLeft(s[len(w):], " "), ":") {
			return true
		}
	}
	return false
}

// labelGenitives are the genitive endings a name takes before a suffix
// label: Turkmen -nyň, -niň, -nuň, -nüň after a vowel, -yň, -iň, -uň,
// -üň after a consonant (https://en.wikipedia.org/wiki/Turkmen_language#Nouns):
// "Arben Hotiniň fotosy" (Arben Hoti's photo, fc8a-097 of
// firstcontact8-tune.jsonl,
// https://azathabar.com/a/nji-yylda-azat-yewropa-azatlyk-radiosynyn-fotograflarynyn-in-gowy-suratlary/33257687.html).
var labelGenitives = []string{"nyň", "niň", "nuň", "nüň", "yň", "iň", "uň", "üň"}

// Nominative gives the name a suffix label's genitive written when text
// names the person without the ending too ("… diýip, Arben Hoti aýdýar",
// says Arben Hoti, fc8a-097): the name as text writes it in the
// nominative. Otherwise the name is kept as written ("Sergeý
// Nužnenkonyň", whose nominative the text does not give, fc8a-098).
func Nominative(name, text string) string {
	for _, g := range labelGenitives {
		stem, ok := strings.CutSuffix(name, g)
		if !ok || !strings.Contains(stem, " ") {
			continue
		}
		for i := strings.Index(text, stem); i >= 0; {
			end := i + len(stem)
			if r, _ := utf8.DecodeRuneInString(text[end:]); end == len(text) || !unicode.IsLetter(r) {
				return stem
			}
			j := strings.Index(text[end:], stem)
			if j < 0 {
				break
			}
			i = end + j
		}
	}
	return name
}

// prizeLabels are the places of a photo contest's results that head a
// winner's credit, with a colon, before the name: Chinese "冠軍" (first
// prize), "亞軍" (second), "季軍" (third), traditional and simplified
// (https://zh.wiktionary.org/wiki/冠軍, /亞軍, /季軍): "冠軍:李願成 Dickson Lee
// 南華早報 South China Morning Post" (the HKPPA's results, fc6b-052,
// https://hkppa.net/《前線‧焦點-2023》比賽結果-focus-at-the-frontline-2023-results).
// They are no credit label: what follows is the credit only when it is
// one by its shape.
var prizeLabels = []string{"冠軍", "亞軍", "季軍", "冠军", "亚军", "季军", "優異獎", "优异奖"}

// CutPrizeLabel cuts a contest's prize label and its colon (":" or "：")
// from the start of s and reports whether it did.
func CutPrizeLabel(s string) (string, bool) {
	for _, p := range prizeLabels {
		if rest, ok := strings.CutPrefix(s, p); ok {
			for _, colon := range []string{":", "："} {
				if r, ok := strings.CutPrefix(rest, colon); ok {
					return strings.TrimSpace(r), true
				}
			}
		}
	}
	return s, false
}

// nameLabels are labels written without a colon whose word is also prose
// ("Фото Президент на зустрічі", a photo of the president at the
// meeting): they label a credit only as the caption's last sentence and
// before a person's name. Russian "Фото NAME", the name in the genitive
// (photo of NAME): "… Фото Темира Сыдыкбекова." ending a gallery's text
// (fc6b-040, https://rus.azattyk.org/a/kyrgyzstan_nooruz_celebrated/29113315.html;
// https://ru.wiktionary.org/wiki/фото).
//
// Marathi "छाया" (shade, short for छायाचित्र, photograph;
// https://en.wiktionary.org/wiki/छाया, /छायाचित्र), prose too: "छाया कय्युम
// खान" on the caption's last line (g9a-101 of firstcontact9-tune.jsonl,
// http://adarshgavkari.com/photo-gallery.aspx).
//
// English "Picture NAME." as South Africa's Independent Media close a
// caption (g10a-038 of firstcontact10-tune.jsonl,
// https://www.tyi.co.za/pictures/anapix-the-week-that-was-in-pictures-c897bc10-557f-4bae-9fd4-8ceb45c14c9d),
// and Dutch "FOTO'S NAME" (photos, https://nl.wiktionary.org/wiki/foto;
// g10a-145, a Curaçao paper, http://online.flipbuilder.com/toms/dqpt/files/basic-html/index.html).
//
// Malay "Gambar NAME" (picture) after a dash closing the caption
// (g11b-044 of firstcontact11-tune.jsonl; https://ms.wiktionary.org/wiki/gambar).
var nameLabels = []string{"фото ", "ảnh ", "छाया ", "picture ", "foto's ", "foto’s ", "gambar "}

// NameLabels lists the labels that need a person's name after them.
func NameLabels() []string { return nameLabels }

// writerLabels are the labels, with their colon, of the credit of a
// caption's writer, not its picture: Spanish and Portuguese "Texto:"
// (https://es.wiktionary.org/wiki/texto), English and German "Text:",
// French "Texte :", Dutch "Tekst:". "Foto de Regio.com Texto: LEB"
// (g10a-049 of firstcontact10-tune.jsonl, the writer's initials after
// the picture's source). Lower case.
var writerLabels = []string{"texto:", "texto :", "text:", "texte :", "texte:", "tekst:"}

// WriterLabels lists the labels of a text's writer.
func WriterLabels() []string { return writerLabels }

// labelJoiners are the words for "and" that join two labels into one
// ("Foto y texto:", "Text und Foto:", "Photo and text:"): after one, a
// writer's label labels the picture too. Lower case.
var labelJoiners = []string{"and", "&", "y", "e", "und", "et", "en", "og", "och", "i", "a"}

// LabelJoiner reports whether w (any case) is one of labelJoiners.
func LabelJoiner(w string) bool {
	for _, j := range labelJoiners {
		if strings.EqualFold(w, j) {
			return true
		}
	}
	return false
}

// cameraSigns are the camera emoji that social-media desks write before
// a credit for a label: "📸 Baxtiyor Mustanov surat-lavhasi." (the camera
// with flash, U+1F4F8, then the Uzbek suffix label; g10b-069 of
// firstcontact10-tune.jsonl, https://zarnews.uz/uz/post/fotoreportaj),
// and the camera, U+1F4F7.
const cameraSigns = "📸📷"

// CutCameraSign cuts the camera signs and the spaces after them from the
// start of s.
func CutCameraSign(s string) string {
	return strings.TrimLeft(strings.TrimLeft(s, cameraSigns), " ")
}

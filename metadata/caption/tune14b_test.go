package caption

import "testing"

// TestRulesOfTune14b (issue 22): one real caption per class tune14b
// taught on the European, American, African and Oceanian desks and the
// NGOs and UN bodies of firstcontact8-tune.jsonl, read by id (each cited
// by the URL it was read from), asserting the date, the photographers and
// the agencies.
func TestRulesOfTune14b(t *testing.T) {
	tests := []tunedCaption{
		// Greenlandic label "Assi © :".
		{"firstcontact8-tune.jsonl", "fc8b-028", "https://knr.gl/kl/nutaarsiassat/sumekkunnik-nersorinninniarluni-tusarnaartitsinissamut-isissutissat-tamakkerlutik", "", []string{"Illeq"}, []string{"KNR"}},
		// Northern Sami label "Govva:".
		{"firstcontact8-tune.jsonl", "fc8b-006", "https://cloner.tpbot.vip/mastah-kampret/QjMpZmLlxWe6MHc0/a/3-9366149", "", []string{"Jonne Järvinen"}, []string{"Yle"}},
		// Papiamentu label "Portrèt:".
		{"firstcontact8-tune.jsonl", "fc8b-005", "https://retkaribense.ntr.nl/2021/01/04/arte-durante-un-krisis-no-ta-un-nesesidat-primario-di-bida-sino-si-ta-un-alivio/", "", []string{"Kim Hendriksen"}, nil},
		// A month and year as the chain's last part.
		{"firstcontact8-tune.jsonl", "fc8c-007", "https://flickr.com/photos/tags/web+stories", "", []string{"E. Hockstein"}, []string{"UNHCR"}},
		// MM.YYYY as the chain's last part.
		{"firstcontact8-tune.jsonl", "fc8d-005", "http://zeezeescorner.tumblr.com/tagged/Darfur", "", []string{"R. Chalasani"}, []string{"UNHCR"}},
		// Initials glued to a surname are a person, not a web address.
		{"firstcontact8-tune.jsonl", "fc8c-009", "https://flickr.com/photos/tags/web+stories", "", []string{"V.Tan"}, []string{"UNHCR"}},
		// A line of known agencies only, supplier and distributor.
		{"firstcontact8-tune.jsonl", "fc8c-016", "https://www.cnews.fr/sport/2024-11-19/football-voici-les-10-celebrations-les-plus-iconiques-de-lhistoire-1590195", "", nil, []string{"SUSA", "Icon Sport"}},
		// The credit after a glued bar.
		{"firstcontact8-tune.jsonl", "fc8c-024", "https://record.com.mx/index.php/futbol-liga-mx-cruz-azul/cruz-azul-jugadores-rompieron-en-llanto-tras-partido-ante-santos", "", nil, []string{"IMAGO7"}},
		// A newspaper named by a media word before the label.
		{"firstcontact8-tune.jsonl", "fc8d-035", "https://tribuneindia.com/2010/20100830/delhi.htm", "", []string{"Manas Ranjan Bhui"}, []string{"Tribune"}},
		// A handout word in the plural names nobody.
		{"firstcontact8-tune.jsonl", "fc8b-017", "https://www.diariodotamega.es/album/verin/fotogaleria-nestor-ogando-eva-perez-nuevas-caras-alcaldias-comarca/20230617235030041812.amp.html", "", nil, nil},
		// A credit written twice names its photographer once.
		{"firstcontact8-tune.jsonl", "fc8c-060", "https://www.lenouvelliste.ca/2023/01/27/cetait-laid-472c78489f41f7e165ab9f80cf232570/", "", []string{"ETIENNE RANGER"}, []string{"LE DROIT"}},
		// A platform before the account is cut.
		{"firstcontact8-tune.jsonl", "fc8c-058", "https://ol.wittich.de/titel/2588/ausgabe/4/2020/artikel/00000000000021814516-OL-2588-2020-15-4-0", "", nil, []string{"Bundesministerium für Gesundheit"}},
		// A known agency in the parentheses opening a credit.
		{"firstcontact8-tune.jsonl", "fc8c-062", "https://news.samaratoday.ru/news/159966", "", nil, []string{"Afp", "Corriere della Sera"}},
		// A bare "Photo NAME" on the last line.
		{"firstcontact8-tune.jsonl", "fc8b-042", "https://www.capitalethiopia.com/featured/abiy-took-office/", "", []string{"Anteneh Aklilu"}, nil},
		// Arabic commas between names, a long credit in a two-byte script.
		{"firstcontact8-tune.jsonl", "fc8d-062", "https://isna.ir/amp/99051511837", "", []string{"ساره تجلی", "معصومه علی اکبر", "مهناز دژبان", "محدثه زارع", "دریا ناظری", "فاطمه صادق زاده", "رحیم بنی اسد آزاد"}, []string{"ایسنا"}},
		// "PHOTO | NAME".
		{"firstcontact8-tune.jsonl", "fc8d-044", "https://www.theeastafrican.co.ke/magazine/Powerful-images-that-tell-stories-/-/434746/2945756/-/11ftc9hz/-/index.html", "", []string{"ABOU KISIGE"}, nil},
		// A laboratory as a desk.
		{"firstcontact8-tune.jsonl", "fc8c-043", "https://huck.psu.edu/news/p118", "", nil, []string{"BEVILACQUA LABORATORY", "PENN STATE"}},
		// "Photo taken by".
		{"firstcontact8-tune.jsonl", "fc8d-047", "https://portvilatoday.blogspot.com/2007/04/", "", []string{"Clare Sulis"}, nil},
		// A bare "photo NAME" after a spaced dash ending the caption.
		{"firstcontact8-tune.jsonl", "fc8b-013", "https://france3-regions.blog.francetvinfo.fr/le-blog-de-viure-al-pais-france3/category/non-classe//page/7", "2018-06-22", []string{"Zio Eloi"}, nil},
		// Each portrait credited in its own labelled parentheses.
		{"firstcontact8-tune.jsonl", "fc8b-004", "https://avvir.no/2017/12/rahkis-avvir-lohkki", "", []string{"Nils Johan Vars", "Astrid Helander"}, nil},
	}
	checkTunedCaptions(t, tests)
}

// TestTune14bLeavesAlone: the forms next to tune14b's that its rules
// must not read as a credit.
func TestTune14bLeavesAlone(t *testing.T) {
	tests := []leftAlone{
		// A generic media word alone before a label is no desk.
		{"press photo", "Cyclists in the test event. Press photo: Manas Bhui", []string{"Manas Bhui"}, nil},
		// A bar inside the last line before words that are no agency.
		{"bar before words", "Niño festejando|en el estadio", nil, nil},
		// A bare "Photo" before one word opens no credit.
		{"photo one word", "The river rose overnight.\n\nPhoto Gallery", nil, nil},
		// Earlier parentheses with no label are the caption's text.
		{"unlabelled parens", "Kari Hermansen (the editor) and Berit Eira (Foto: Astrid Helander)", []string{"Astrid Helander"}, nil},
		// A web address stays an address, a desk, not initials and a surname.
		{"web address", "The river rose overnight. Foto: Kremlin.ru", nil, []string{"Kremlin.ru"}},
	}
	checkLeftAlone(t, tests)
}

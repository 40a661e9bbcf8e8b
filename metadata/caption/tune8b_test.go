package caption

import (
	"slices"
	"testing"
)

// TestRulesOfTheTenthStepPartB (issue 22): the date and credit rules the
// tenth tuning step, part B, added, one case per class on a real caption
// of the tuning files (its id and page), with the forms each rule must
// leave alone.
func TestRulesOfTheTenthStepPartB(t *testing.T) {
	const ottawa = "http://ottawacitizen.com/news/national/defence-watch/photos-the-best-images-for-2017-of-canadas-soldiers-at-work"
	tests := []struct {
		id, url, text      string
		date               string // "" for none, "MM-DD" for a yearless day
		creators, agencies []string
	}{
		// Military credits: a rank is not part of the name, an imaging unit
		// after a comma is the agency, a serial number after it is cut;
		// "May 7th , 2017" has its year (names/military.go, military.go).
		{"fc6a-064", ottawa, "Bombadier Arsenault stacks sandbags as waves crash at a residence affected by flooding in the community of Yamachiche, Quebec, during Operation LENTUS 2017, on Sunday, May 7th , 2017. Photo by: Cpl Nathan Moulton, Imagery Valcartier.",
			"2017-05-07", []string{"Nathan Moulton"}, []string{"Imagery Valcartier"}},
		{"fc6a-065", ottawa, "Soldiers took part in helicopter insertions near Courcelette, Quebec, on 19 June 2017. Sgt Marc-André Gaudreault, Valcartier Imaging Service",
			"2017-06-19", []string{"Marc-André Gaudreault"}, []string{"Valcartier Imaging Service"}},
		{"fc6a-066", ottawa, "Members of the Lord Strathcona's Horse (Royal Canadian) (LdSH(RC)) conduct a gun camp at night with Leopard 2A4 and 2A4M tanks at Range 16 in the Wainwright Garrison training area on September 19, 2017. Image By: Master Corporal Malcolm Byers, Wainwright Garrison Imaging WT01-2017-0077-024",
			"2017-09-19", []string{"Malcolm Byers"}, []string{"Wainwright Garrison Imaging"}},
		{"fc6a-069", "https://www.cmfmag.ca/duty_calls/combat-camera-picks-best-images-of-2018/", "German fire fighters, Dutch and Canadian soldiers, deployed as part of MINUSMA practice vehicle extrication and aeromedical evacuations on October 23, 2018 in the vicinity of Gao, Mali during Operation PRESENCE-Mali.\nPhoto: OR-8 Frank Wiedemann, Bundeswehr",
			"2018-10-23", []string{"Frank Wiedemann"}, []string{"Bundeswehr"}},
		{"fc6a-056", "http://www.motherjones.com/mojo/2012/03/were-still-war-photo-day-march-14-2012", "US Army soldiers low crawl while negotiating an obstacle course in Ft. Benning, Ga. March 9, 2012. US Army photo by Staff Sgt. Teddy Wade.",
			"2012-03-09", []string{"Teddy Wade"}, []string{"U.S. Army"}},
		// A title with one word after it is a name ("Sgt. Pepper").
		{"", "", "The band played on June 1, 1967. Photo: Sgt. Pepper/AP", "1967-06-01", []string{"Sgt. Pepper"}, []string{"AP"}},
		// NGO credits: "NAME FOR ORG" with no label (gallery.go forClient).
		{"fc6a-040", "https://msfsouthasia.org/a-year-in-pictures-2023/", "Villagers carry items as they walk back to their homes at a village near Sanghar, following severe flooding in the country. Sindh province, Pakistan, November 2022. ASIM HAFEEZ FOR MSF",
			"", []string{"Asim Hafeez"}, []string{"MSF"}},
		{"fc6a-031", "http://lens.blogs.nytimes.com/category/showcase/", "Afghan women testing the appetite of their children at an outreach therapeutic feeding program. Oct. 13, 2013. Daniel Berehulak for The New York Times",
			"2013-10-13", []string{"Daniel Berehulak"}, []string{"The New York Times"}},
		// A heading's last part after ", ©" is the credit (gallery.go headingCredit).
		{"fc6a-037", "https://thelogicalindian.com/news/a-year-in-pictures-doctors-who-are-saving-lives-everyday/", " THE DIGNITY I, MEDITERRANEAN SEA, JULY 2015, © ANNA SURINYACH/MSF\n\nFifteen-year-old Fathema fled Mogadishu, Somalia, seven months ago without telling her family.",
			"", []string{"Anna Surinyach"}, []string{"MSF"}},
		{"fc6a-038", "https://thelogicalindian.com/news/a-year-in-pictures-doctors-who-are-saving-lives-everyday/", "02. MSF HOSPITAL IN LANKIEN, SOUTH SUDAN, NOVEMBER 2015, © DOMINIC NAHR\n\nPeter, 50, sits on a hospital bed.",
			"", []string{"Dominic Nahr"}, nil},
		// German, Dutch and Nordic press credits: agency first and a surname
		// alone, "Beeld" with no colon, a gallery counter, the photographer's
		// own site, "Surname, Given,/".
		{"fc6a-009", "https://www.bundesregierung.de/statisch/jahresbericht/Webs/Breg/jahresbericht/Content/__Bilder/merkel-usa_layoutVariant-Poster.html", "Bundeskanzlerin Angela Merkel während einer Rede im Kapitol vor den Abgeordneten beider Kammern des US-Kongresses. Dahinter: Nancy Pelosi, Sprecherin des Repräsentantenhauses.\nFoto: REGIERUNGonline/ Kugler",
			"", []string{"Kugler"}, []string{"REGIERUNGonline"}},
		{"fc6a-104", "https://www.libelle.nl/actueel/deze-prachtige-foto-van-koningin-maxima-en-de-prinsesjes-zagen-we-nog-niet-eerder~b59379c4/", "Dinsdag ging Kajsa Ollongren, minister van Defensie, een kopje koffie drinken in paleis Huis ten Bosch. Beeld Brunopress/Pool/Van Katwijk",
			"", []string{"Van Katwijk"}, []string{"Brunopress"}},
		{"fc6a-059", "https://www.obermain.de/fotos/specials/cme2247,839361", "Ein Mädchen schreibt mit Kreide «Ich bin für den Park» auf den Asphalt im russischen Jekaterinburg. - Foto: Evgeny Feldman/AP\n\n409 von 1000",
			"", []string{"Evgeny Feldman"}, []string{"AP"}},
		{"fc6a-072", "https://www.oogtv.nl/2025/06/brievenbus-opgeblazen-verdachte-aangehouden/", "Foto: Rick ten Cate - tencatefotografie.nl\n\nIn de zuidelijke stadswijken is zaterdagavond een brievenbus van een postbedrijf opgeblazen.",
			"", []string{"Rick ten Cate"}, nil},
		{"fc6a-022", "http://www.dn.no/nyheter/2017/04/10/1323/Jus/politiet-fortsetter-med-midlertidig-bevaepning", "Politiet sperret natt til søndag av et område på Grønland i Oslo. Foto: Varfjell, Fredrik,/NTB scanpix",
			"", []string{"Fredrik Varfjell"}, []string{"NTB"}},
		// Dates: a year before a closing quote (fc6a-017).
		{"fc6a-017", "https://www.perthnow.com.au/news/life-in-the-whitehouse-by-obamas-chief-photographer-ng-52e8180105784705cf500bb3e9f257df", "“The President suggested to McKayla Maroney that they recreate her ‘not impressed’ photograph before they departed (November 15, 2012).” Picture: Supplied, Pete Souza/The White House",
			"2012-11-15", []string{"Pete Souza"}, []string{"The White House"}},
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		got := ""
		if r.Date.Valid() {
			got = r.Date.String()
			if r.Date.Year == 0 {
				got = got[2:]
			}
		}
		if got != tt.date {
			t.Errorf("%s (%s): date %q, want %q", tt.id, tt.url, got, tt.date)
		}
		if !slices.Equal(r.Creators, tt.creators) && len(r.Creators)+len(tt.creators) > 0 || !slices.Equal(r.Agencies, tt.agencies) && len(r.Agencies)+len(tt.agencies) > 0 {
			t.Errorf("%s (%s): creators %q agencies %q; want %q %q", tt.id, tt.url, r.Creators, r.Agencies, tt.creators, tt.agencies)
		}
	}
}

// TestGalleryCounter: the counter is cut only as "N von M" (N ≤ M) ending
// the text (fc6a-059).
func TestGalleryCounter(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"Foto: Evgeny Feldman/AP 409 von 1000", len("Foto: Evgeny Feldman/AP")},
		{"Foto: NAME/AP 1001 von 1000", -1},
		{"Er gewann 3 von 5 Spielen", -1},
		{"Foto: dpa", -1},
	}
	for _, tt := range tests {
		if got := galleryCounter(tt.text); got != tt.want {
			t.Errorf("galleryCounter(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

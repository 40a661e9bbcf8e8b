package caption

import (
	"slices"
	"testing"
	"unicode/utf8"
)

// dateWant is what a caption's text must give for its date. Credit
// problems are not looked at: only the date problems (no-date,
// date-mismatch, ambiguous-date) must be exactly codes.
type dateWant struct {
	date, dateline   string
	archive, picture bool
	undated          bool
	codes            []ProblemCode
	city, country    string // checked only when set
}

var dateCodes = []ProblemCode{ProblemNoDate, ProblemDateMismatch, ProblemAmbiguousDate}

func checkDate(t *testing.T, r Record, w dateWant) {
	t.Helper()
	if r.DateString() != w.date || r.Dateline() != w.dateline {
		t.Errorf("date, dateline = %q, %q; want %q, %q", r.DateString(), r.Dateline(), w.date, w.dateline)
	}
	if r.Archive != w.archive || r.PictureDate != w.picture || r.Undated != w.undated {
		t.Errorf("archive, picture date, undated = %v, %v, %v; want %v, %v, %v",
			r.Archive, r.PictureDate, r.Undated, w.archive, w.picture, w.undated)
	}
	var codes []ProblemCode
	for _, p := range r.Problems {
		if slices.Contains(dateCodes, p.Code) {
			codes = append(codes, p.Code)
		}
	}
	if !slices.Equal(codes, w.codes) {
		t.Errorf("date problems = %v, want %v (all: %+v)", codes, w.codes, r.Problems)
	}
	if w.city != "" && r.City != w.city {
		t.Errorf("city = %q, want %q", r.City, w.city)
	}
	if w.country != "" && r.Country != w.country {
		t.Errorf("country = %q, want %q", r.Country, w.country)
	}
}

// Real captions and agency lines, each with its public source. Where a
// caption is quoted in part, the part kept is the one with the date.
func TestDatesRealCaptions(t *testing.T) {
	tests := []struct {
		name, text string
		year       int
		want       dateWant
	}{
		// French (AFP).
		{"fr AFP, le 15 novembre 2014", // http://blogs.afp.com/makingof/?category/L-image
			"Des employés du centre de traitement de la Croix Rouge à Kenema (Sierra Leone) dansent pour réconforter un malade d'Ebola, le 15 novembre 2014 (AFP / Francisco Leong)", 0,
			dateWant{date: "2014-11-15"}},
		{"fr AFP, le 29 août 2015", // http://blogs.afp.com/makingof/
			"Des migrants traversent un champ en direction de la frontière macédonienne près du village grec d'Idomeni, le 29 août 2015 (AFP / Aris Messinis)", 0,
			dateWant{date: "2015-08-29"}},
		{"fr AFP, manifestent le 25 février 2023", // https://www.arabnews.fr/node/364916/international
			"Des militants de droite français manifestent le 25 février 2023 à Saint-Brevin-les Pins, dans l'ouest de la France, contre la création d'un centre d'accueil pour migrants (Photo, AFP).", 0,
			dateWant{date: "2023-02-25"}},
		// Italian (ANSA).
		{"it ANSA dateline (ANSA) - ROMA, 15 AGO -", // https://www.laprovinciaunicatv.it/stories/ansa/ferragosto-turisti-padroni-centro-roma-o_307917_11
			"(ANSA) - ROMA, 15 AGO - Tanti ciclisti e turisti in via dei Fori Imperiali, lunghe file ai cancelli del Colosseo ed ancora turisti in piazza Fontana di Trevi.", 2021,
			dateWant{date: "2021-08-15", dateline: "08-15", city: "Roma"}},
		{"it, (29 gennaio) in parentheses", // https://italialibera.online/cultura/il-2022-in-374-pagine-di-foto-ansa-il-racconto-per-immagini-del-fotogiornalismo-della-famosa-agenzia-di-stampa/
			"Non ci sono la rielezione di Sergio Mattarella a Capo dello Stato (29 gennaio), né quella di Macron (25 aprile).", 2022,
			dateWant{date: "2022-01-29"}},
		// Spanish (EFE).
		{"es EFE dateline Madrid, 17 feb (EFE).-", // https://tn.com.ar/agencias/efe/2021/02/17/actualizacion-cobertura-efe-tv-internacional-17-febrero-de-2021-1500-gmt/
			"Madrid, 17 feb (EFE).- Implosión del Trump Plaza Casino de Atlantic City.", 2021,
			dateWant{date: "2021-02-17", dateline: "02-17", city: "Madrid"}},
		{"es EFE dateline Bogotá, 4 mar: 'mar' vouched by the dateline", // https://tn.com.ar/agencias/efe/2021/03/04/agenda-informativa-tv-america-para-el-4-de-marzo-de-2021/
			"Bogotá, 4 mar (EFE).- La presidenta de la Cámara de Representantes de EEUU repasa la actualidad política.", 2021,
			dateWant{date: "2021-03-04", dateline: "03-04", city: "Bogotá"}},
		{"es EFE dateline with country in parentheses", // https://www.magazinelatino.com/page/3422/?cat=-1
			"Toronto (Canadá), 9 sep (EFE).- Las autoridades canadienses dijeron hoy que no pueden «negar o confirmar» la concesión de refugio.", 2014,
			dateWant{date: "2014-09-09", dateline: "09-09", city: "Toronto", country: "Canadá"}},
		{"es EFE dateline, 8 dic", // https://www.publimetro.co/co/entretenimiento/2014/12/08/garcia-margallo-inaugura-veracruz-exposicion-75-aniversario-efe.html
			"Veracruz (México), 8 dic (EFE).- El ministro español de Asuntos Exteriores, José Manuel García-Margallo, inauguró hoy una exposición fotográfica.", 0,
			dateWant{dateline: "12-08", city: "Veracruz", country: "México"}},
		{"es EFE dateline ending in .- without agency", // https://www.lainformacion.com/arte-cultura-y-espectaculos/efe-mostrara-en-miami-los-tesoros-de-su-archivo-fotografico_gr7uGIbJKiB8RPBYmZdcb/
			"Miami (EE.UU.), 23 ene.- La Agencia EFE inaugurará el miércoles 28 en la ciudad estadounidense de Miami (Florida) una exposición fotográfica.", 2015,
			dateWant{date: "2015-01-23", dateline: "01-23", city: "Miami"}},
		{"es headline date with weekday, de ... de", // https://www.swissinfo.ch/spa/viernes%2C-13-de-marzo-de-2026-%2802%3A00-gmt%29/91090338
			"Viernes, 13 de marzo de 2026 (02:00 GMT)", 0,
			dateWant{date: "2026-03-13"}},
		{"it askanews dateline Roma, 23 feb. (askanews) –", // https://www.askanews.it/cronaca/2023/02/23/cospito-striscione-e-fumogeni-allaltare-della-patria-a-roma-pn_20230223_00139/
			"Roma, 23 feb. (askanews) – “L’Italia tortura. Con Alfredo no 41 bis, no ergastolo”. Si legge così su uno striscione esposto all’Altare della Patria a Roma, in piazza Venezia.", 2023,
			dateWant{date: "2023-02-23", dateline: "02-23", city: "Roma"}},
		{"it askanews dateline with mar.", // https://identitystyle.it/2025/03/15/piazza-del-popolo-diventa-piazza-europa-tra-bandiere-ue-e-della-pace
			"Roma, 15 mar. (askanews) – Alcune immagini della manifestazione pro-Ue poco prima del suo inizio a Piazza del Popolo a Roma.", 2025,
			dateWant{date: "2025-03-15", dateline: "03-15", city: "Roma"}},
		{"it sabato 26 febbraio", // https://www.piuculture.it/2022/02/roma-in-piazza-per-lucraina-e-contro-la-guerra/
			"In migliaia sono accorsi sabato 26 febbraio in piazza Santi Apostoli a Roma per manifestare contro la guerra in Ucraina.", 2022,
			dateWant{date: "2022-02-26"}},
		// Turkish, more.
		{"tr 31 Ocak Cumartesi: a capitalised Ocak after its day", // https://www.haberler.com/guncel/yozgat-cumhuriyet-bassavcisi-aydogan-yilin-kareleri-oylamasina-katildi-19439268-haberi/
			"Oylama \"yilinkareleri.aa.com.tr\" internet sitesinden 31 Ocak Cumartesi saat 17.00'ye kadar devam edecek.", 2026,
			dateWant{date: "2026-01-31"}},
		{"tr 15 Şubat Pazar", // https://www.haberler.com/kultur-sanat/erzincan-cumhuriyet-bassavcisi-degerli-yilin-kareleri-oylamasina-katildi-19515552-haberi/
			"Oylama \"yilinkareleri.aa.com.tr\" internet sitesinden 15 Şubat Pazar saat 17.00'ye kadar devam edecek.", 2026,
			dateWant{date: "2026-02-15"}},
		// Portuguese (Lusa, Público).
		{"pt 9 de Fevereiro, no year", // https://publico.pt/2023/02/09/fotogaleria/rever-2022-atraves-paginas-anuario-agencia-lusa-409736
			"O lançamento do Anuário Lusa 2022 está marcado para 9 de Fevereiro, em Lisboa, e para dia 16 no Porto.", 2023,
			dateWant{date: "2023-02-09"}},
		{"pt 6 de março de 2022", // https://blog.olhares.com/exposicao-anuario-lusa-2021/
			"Todos os anos os fotógrafos da Lusa fazem milhares de fotografias que compõem agora a Exposição “Anuário Lusa 2021” que está patente até ao dia 6 de março de 2022.", 0,
			dateWant{date: "2022-03-06"}},
		// German (dpa).
		{"de dpa, aufgenommen am 17.10.1962: the picture's own date", // http://www.deutschlandfunkkultur.de/erweitertes-fotoarchiv-der-dpa-alltag-in-der-ddr.2156.de.html?dram:article_id=417368
			"Großsaubermachen in Jena - medizinische Angestellte säubern den Gehweg vor dem Besuch des polnischen PVAP-Chefs Gomulka, aufgenommen am 17.10.1962. (dpa / picture alliance / Universität Jena )", 0,
			dateWant{date: "1962-10-17", picture: true}},
		{"de dpa, am 22.10.1985", // same page
			"Der Bildreporter der Lausitzer Rundschau gibt bei der Buchpremiere zum Band \"Pücklers Parke\" am 22.10.1985 in der Volksbuchhandlung \"Jenny Marx\" in Cottbus Autogramme. (dpa / picture alliance / Martin Schutt)", 0,
			dateWant{date: "1985-10-22"}},
		{"de, 20. März: German ordinal dot", // https://www.wort.lu/de/international/bilder-des-tages-63f8d0aade135b9236154fe6
			"20. März: Russlands Präsident Wladimir Putin hat erstmals seit Beginn des russischen Angriffskriegs gegen die Ukraine Chinas Staats- und Parteichef Xi Jinping in Moskau empfangen. Foto: AFP", 2023,
			dateWant{date: "2023-03-20"}},
		// Dutch (ANP).
		{"nl 25 maart 2021", // https://denhaagfm.nl/2022/01/11/ollongren-met-formatiedocument-omtzigt-functie-elders-is-anp-nieuwsfoto-van-het-jaar/
			"Foto 1: 25 maart 2021 – Informateur Kajsa Ollongren (D66) verlaat de Stadhouderskamer na een positieve coronatest. Foto: ANP / Bart Maat", 0,
			dateWant{date: "2021-03-25"}},
		{"nl 11 januari 2022", // same page
			"Foto 2: 11 januari 2022 – Fotograaf Bart Maat wint de ANP Nieuwsfoto van het jaar 2021. Foto: ANP / Lex van Lieshout", 0,
			dateWant{date: "2022-01-11"}},
		// Turkish (AA).
		{"tr AA, 6 Şubat 2023'te with case suffix", // https://www.ntv.com.tr/galeri/turkiye/deprem-felaketinden-yeni-goruntu-binalarin-pes-pese-yikilmasi-kamerada-1710099
			"6 Şubat 2023'te merkez üssü Kahramanmaraş'ın Elbistan ilçesi olan ikinci depremin ardından insanların yaşadığı panik ve binaların yıkılmasına ilişkin yeni görüntüler ortaya çıktı.", 0,
			dateWant{date: "2023-02-06"}},
		// English (AP, Reuters, Getty).
		{"en AP FILE - This Oct. 2, 2012, file photo", // https://www.sunburynews.com/features/20610/latino-history-sites-needed
			"FILE - This Oct. 2, 2012, file photo shows the United Farm Workers of America flag and the Virgin of Guadalupe statue are part of an exhibit in the visitor center at La Paz.", 0,
			dateWant{date: "2012-10-02", archive: true, picture: true}},
		{"en AP This July 6, 2017 photo shows", // same page
			"This July 6, 2017 photo shows a makeshift memorial to Hispanic Civil War Union soldiers who fought in the Battle of Glorieta Pass in Northern New Mexico outside Santa Fe. (AP Photo/Russell Contreras)", 0,
			dateWant{date: "2017-07-06", picture: true}},
		{"en AP In this Wednesday, August 2, 2017 photo", // http://avax.news/search?page=138&q=call%2Bof%2Bduty%2Bpc%2Bgame%27
			"In this Wednesday, August 2, 2017 photo, Borre, an 8-year-old cat sits in a basket next to the canal on the Catboat shelter in Amsterdam, Netherlands. (Photo by Muhammed Muheisen/AP Photo)", 0,
			dateWant{date: "2017-08-02", picture: true}},
		{"en Reuters, Chile October 24, 2019", // https://www.huffingtonpost.kr/entry/story_kr_5df73b78e4b047e8889fd2fa
			"A rainbow is seen as demonstrators protest against Chile's state economic model in Santiago, Chile October 24, 2019. REUTERS/Ivan Alvarado/File Photo", 0,
			dateWant{date: "2019-10-24", archive: true, picture: true}}, // "/File Photo": an archive picture whose caption keeps its own date
		{"en Bloomberg via Getty, Saturday, April 22, 2023", // https://exame.com/economia/lula-se-reune-com-alckmin-e-haddad-em-meio-a-expectativa-para-reduzir-preco-de-carros-populares/
			"Luiz Inacio Lula da Silva, Brazil's president, during a meeting at the Palace of Belem in Lisbon on Saturday, April 22, 2023. Photographer: Zed Jameson/Bloomberg via Getty Images", 0,
			dateWant{date: "2023-04-22"}},
		{"en Reuters Seattle, U.S. March 20, 2020", // https://photographer-in-seattle.com/author/admin/page/29
			"Zora Lungren, who is a baker at The London Plane and is out of a job after authorities have restricted bars and restaurants during the coronavirus disease (COVID-19) outbreak, poses for a portrait in Seattle, Washington, U.S. March 20, 2020. REUTERS/David Ryder", 0,
			dateWant{date: "2020-03-20"}},
		{"en Xinhua This photo taken on Sept. 18, 2022 shows", // https://english.news.cn/20230110/5b53d181867746328571fe6f219141a6/c.html
			"This photo taken on Sept. 18, 2022 shows a wetland that has been regenerated by unified allocation of the Yellow River's water resources in east China's Shandong Province. (Xinhua/Fan Changguo)", 0,
			dateWant{date: "2022-09-18", picture: true}},
		{"en Xinhua, the scene's date comes first", // same page
			"Rescuer Zhang Zili transfers a two-month-old infant from quake-hit Wandong Village of Detuo Town in Luding County, southwest China's Sichuan Province, Sept. 6, 2022. A 6.8-magnitude earthquake struck Luding County and neighboring areas in Sichuan Province on Sept. 5, 2022. (Xinhua/Shen Bohan)", 0,
			dateWant{date: "2022-09-06"}},
		{"en EPA A file picture dated 22 March 2016 shows", // http://www.epa.eu/feature-packages
			"A file picture dated 22 March 2016 shows US President Barack Obama arriving to address the people of Cuba at the El Gran Teatro de Havana, during a historic visit to Havana, Cuba. On 04 November 2008, then Democratic Senator Barack Obama (Illinois), at age 47, earned 365 electoral votes. EPA/ALEJANDRO ERNESTO", 0,
			dateWant{date: "2016-03-22", archive: true, picture: true}},
		{"en EPA epaselect, 01 September 2021", // https://epaimages.com/source.pp?id=77
			"epaselect epa09440847 A child sits on a bus with other people evacuated from Afghanistan after arriving at Washington Dulles International Airport in Chantilly, Virginia, USA, 01 September 2021. The last military flight took off from Kabul airport. EPA-EFE/MICHAEL REYNOLDS", 0,
			dateWant{date: "2021-09-01"}},
		{"en AJP dateline SEOUL, January 02 (AJP) -", // https://www.ajupress.com/discovery/reporter?bylineEmail=shooting%40ajupress.com&bylineName=Yoo+Na-hyun&page=5
			"SEOUL, January 02 (AJP) - To mark the start of 2026, the Year of the Red Horse, World Cup Park in Mapo-gu, Seoul, has unveiled horse sculptures crafted entirely from silver grass.", 2026,
			dateWant{date: "2026-01-02", dateline: "01-02", city: "Seoul"}},
		{"en AFP, Mar-a-Lago is not March", // https://www.afp.com/en/inside-afp/topshots-week-1-7-april-2023
			"Paula Magnuson, a supporter of former US President Donald Trump, wears a necklace announcing: Trump Girl, near the Mar-a-Lago Club in Palm Beach, Florida, on April 2, 2023. © Giorgio VIERA / AFP", 0,
			dateWant{date: "2023-04-02"}},
		{"en AFP, an age is not a day", // https://www.afp.com/en/inside-afp/topshots-week-11-17-march-2023
			"Husseinu, 20, from Dakar, Senegal, working at a construction site in the outskirts of Nouakchott, poses for a portrait on March 14, 2023. © Marco Longari / AFP", 0,
			dateWant{date: "2023-03-14"}},
		{"en VCG via Getty, on July 4, 2023 in Nanning", // http://avax.news/search?page=35&q=china%25252bsmog
			"Aerial view of a clear and turbid landscape at the intersection of the Sanjiang Estuary during the flood season on July 4, 2023 in Nanning, Guangxi Zhuang Autonomous Region of China. (Photo by Chen Guanyan/China News Service/VCG via Getty Images)", 0,
			dateWant{date: "2023-07-04"}},
		{"en handout: Undated.", // http://lightbox.time.com/2014/01/08/public-service-or-propaganda-top-handout-photos-of-2013/
			"Undated. This NASA/ESA Hubble Space Telescope image shows the bright star-forming ring that surrounds the heart of the barred spiral galaxy NGC 1097, a Seyfert galaxy.", 0,
			dateWant{undated: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkDate(t, ParseText(tt.text, tt.year), tt.want)
		})
	}
}

// The forms of the issue, one per language and form. The sentences are
// written for these tests in each agency's style.
func TestDatesForms(t *testing.T) {
	tests := []struct {
		name, text string
		want       dateWant
	}{
		// rw-338, https://www.theepochtimes.com/insurance-association-warns-federal-dental-plan-could-lead-employers-to-drop-coverage_5212655.html
		{"en Aug.3, 2018 (no space after the dot)", "A toothbrush and toothpaste is held in Seattle on Aug.3, 2018. (The Canadian Press/Elaine Thompson)", dateWant{date: "2018-08-03"}},
		{"en glued month and day needs its year", "Shares rose in Sept.3 trading on the exchange. (AP Photo/Ann Lee)", dateWant{codes: []ProblemCode{ProblemNoDate}}},
		{"de am 13. Februar 2023", "Menschen stehen am 13. Februar 2023 vor dem Rathaus in Köln. Foto: Oliver Berg/dpa", dateWant{date: "2023-02-13"}},
		{"de Jänner (Austria)", "Schneefall in Wien am 7. Jänner 2024. APA/HELMUT FOHRINGER", dateWant{date: "2024-01-07"}},
		{"de Maerz without umlaut", "Demonstranten am 8. Maerz 2023 in Berlin. Foto: dpa", dateWant{date: "2023-03-08"}},
		{"de weekday, Montag, 13. Februar 2023", "Berlin, Montag, 13. Februar 2023: Pendler warten. Foto: dpa", dateWant{date: "2023-02-13"}},
		{"fr 13 février 2023", "Des manifestants défilent à Paris, 13 février 2023. (AFP)", dateWant{date: "2023-02-13"}},
		{"fr sans accents fevrier", "Des manifestants a Paris le 13 fevrier 2023 (AFP)", dateWant{date: "2023-02-13"}},
		{"fr lundi 13 février 2023", "Des manifestants à Paris, lundi 13 février 2023.", dateWant{date: "2023-02-13"}},
		{"fr 1er mars 2023", "Le président arrive à l'Élysée le 1er mars 2023.", dateWant{date: "2023-03-01"}},
		{"fr déc. abbreviation", "Vue de Lyon le 8 déc. 2022 (AFP)", dateWant{date: "2022-12-08"}},
		{"fr AFP dateline PARIS, 13 fév 2023 (AFP) -", "PARIS, 13 fév 2023 (AFP) - Des manifestants défilent contre la réforme des retraites.", dateWant{date: "2023-02-13", dateline: "02-13", city: "Paris"}},
		{"es 13 de febrero de 2023", "Vista de Madrid el 13 de febrero de 2023. EFE/Mariscal", dateWant{date: "2023-02-13"}},
		{"es el lunes 13 de febrero de 2023", "Manifestantes en Bogotá el lunes 13 de febrero de 2023. EFE/Carlos Ortega", dateWant{date: "2023-02-13"}},
		{"es 1º de marzo", "Desfile en Montevideo el 1º de marzo de 2020. EFE", dateWant{date: "2020-03-01"}},
		{"es setiembre (Peru, Uruguay)", "Lima, 5 de setiembre de 2021. EFE/Paolo Aguilar", dateWant{date: "2021-09-05"}},
		{"it 13 febbraio 2023", "Turisti a Venezia il 13 febbraio 2023. ANSA/ANDREA MEROLA", dateWant{date: "2023-02-13"}},
		{"it ANSA dateline ROMA, 13 FEB -", "ROMA, 13 FEB - Il presidente riceve i ministri al Quirinale.", dateWant{dateline: "02-13", city: "Roma"}},
		{"it dicembre", "Neve a Milano il 3 dicembre 2022. ANSA", dateWant{date: "2022-12-03"}},
		{"pt 13 de fevereiro de 2023", "Foliões no Rio de Janeiro em 13 de fevereiro de 2023. Foto: Tânia Rêgo/Agência Brasil", dateWant{date: "2023-02-13"}},
		{"pt março / marco", "Lisboa, 2 de março de 2023 e Porto, 3 de marco de 2023. LUSA", dateWant{date: "2023-03-02"}},
		{"pt dezembro", "Natal em São Paulo, 24 de dezembro de 2022. Foto: Agência Brasil", dateWant{date: "2022-12-24"}},
		{"nl 13 februari 2023", "Demonstranten op het Malieveld op 13 februari 2023. ANP/Remko de Waal", dateWant{date: "2023-02-13"}},
		{"nl mei", "Koningsdag voorbij, 1 mei 2023 in Amsterdam. ANP", dateWant{date: "2023-05-01"}},
		{"tr 13 Şubat 2023", "Kahramanmaraş'ta 13 Şubat 2023 tarihinde enkaz kaldırma çalışmaları sürüyor. (AA)", dateWant{date: "2023-02-13"}},
		{"tr Subat without cedilla, AA dateline", "Hatay, 13 Subat 2023 (AA) Enkaz kaldırma çalışmaları sürüyor.", dateWant{date: "2023-02-13", dateline: "02-13", city: "Hatay"}},
		{"tr Ağustos, Eylül, Aralık with a year", "İstanbul'da 30 Ağustos 2022 kutlamaları. (AA)", dateWant{date: "2022-08-30"}},
		{"tr MAYIS in capitals", "ANKARA, TÜRKİYE - 19 MAYIS: Gençler stadyumda. ( Ali Veli - Anadolu Ajansı )", dateWant{dateline: "05-19", city: "Ankara"}},
		{"tr Ekim with a year", "Ankara'da 29 Ekim 2023 Cumhuriyet Bayramı. (AA)", dateWant{date: "2023-10-29"}},
		{"en Monday, Feb. 13, 2023", "Commuters in Berlin, Monday, Feb. 13, 2023. (AP Photo/Markus Schreiber)", dateWant{date: "2023-02-13"}},
		{"en February 13th, 2023", "Fans gather outside the stadium on February 13th, 2023. (Photo by Ann Lee/Getty Images)", dateWant{date: "2023-02-13"}},
		{"en 13 February 2023", "Volunteers on 13 February 2023 in Antakya. (Photo by Ann Lee/Getty Images)", dateWant{date: "2023-02-13"}},
		{"month closing a parenthesis and a sentence", "Fans at the stadium (on 13 March). The match ended 2-1 (March 14, 2023).", dateWant{date: "2023-03-14"}},
		{"day closing a parenthesis and a sentence", "Fans at the stadium (March 13). Tickets sold out. (AP Photo)", dateWant{codes: nil}},
		{"numeric 13.02.2023", "Berlin: Pendler am 13.02.2023 am Hauptbahnhof. Foto: dpa", dateWant{date: "2023-02-13"}},
		{"numeric 13/02/2023 day-first", "Vista de Madrid el 13/02/2023. EFE", dateWant{date: "2023-02-13"}},
		{"EFE numeric dateline ending .-", "MADRID, 13/02/2023.- El presidente del Gobierno interviene este lunes en Madrid. EFE/Juanjo Martín", dateWant{date: "2023-02-13", dateline: "02-13", city: "Madrid"}},
		{"numeric 2020/06/15 year first", "東京 2020/06/15 Kyodo", dateWant{date: "2020-06-15"}},
		{"numeric 2020-06-15", "Photo taken 2020-06-15 in Oslo. NTB", dateWant{date: "2020-06-15", picture: true}},
		{"numeric 2020.06.15 in an agency dateline", "Seoul, 2020.06.15 (Yonhap) -- Commuters wait.", dateWant{date: "2020-06-15", dateline: "06-15", city: "Seoul"}},
		{"numeric 06/15/2020 month-first: second number over 12", "Protesters in Denver 06/15/2020. Photo: Jane Doe", dateWant{date: "2020-06-15"}},
		{"dpa dateline 13.02.2023, Berlin:", "13.02.2023, Berlin: Pendler warten am Hauptbahnhof. Foto: Kay Nietfeld/dpa", dateWant{date: "2023-02-13", dateline: "02-13", city: "Berlin"}},
		{"dpa ARCHIV - dateline", "ARCHIV - 03.06.2019, Berlin: Ein Mann fährt Rad. Foto: Paul Zinken/dpa", dateWant{date: "2019-06-03", dateline: "06-03", city: "Berlin", archive: true}},
		{"dpa (no date) Berlin (dpa) -", "Berlin (dpa) - Die Bundesregierung berät am Montag. Foto: dpa", dateWant{codes: []ProblemCode{ProblemNoDate}}},
		{"Yonhap dateline SEOUL, Feb. 13 (Yonhap) --", "SEOUL, Feb. 13 (Yonhap) -- Commuters wait at a subway station in central Seoul.", dateWant{dateline: "02-13", city: "Seoul"}},
		{"Xinhua dateline with a year", "BEIJING, Feb. 13, 2023 (Xinhua) -- People visit a temple fair in Beijing.", dateWant{date: "2023-02-13", dateline: "02-13", city: "Beijing"}},
		{"PTI dateline without a dash", "New Delhi, Feb 13 (PTI) Commuters wait at a metro station.", dateWant{dateline: "02-13", city: "New Delhi"}},
		{"Reuters story dateline", "KYIV, Feb 13 (Reuters) - Residents clear debris.", dateWant{dateline: "02-13", city: "Kyiv"}},
		{"TASS dateline MOSCOW, FEBRUARY 13. /TASS/.", "MOSCOW, FEBRUARY 13. /TASS/. Commuters wait at a metro station.", dateWant{dateline: "02-13", city: "Moscow"}},
		{"PA Picture date: label", "Commuters at Waterloo station, London. Picture date: Monday February 13, 2023. Photo: Yui Mok/PA Wire", dateWant{date: "2023-02-13", picture: true}},
		{"ZUMA date-first line", "February 13, 2023, Kyiv, Ukraine: Residents clear debris. (Credit Image: © Name/ZUMA Press Wire)", dateWant{date: "2023-02-13"}},
		{"dpa English dpatopbilder", "dpatopbilder - 13 February 2023, Berlin: Commuters wait. Photo: Kay Nietfeld/dpa", dateWant{date: "2023-02-13"}},
		{"Belga weekday without comma", "Illustration picture shows the Atomium in Brussels, Monday 13 February 2023. BELGA PHOTO NAME", dateWant{date: "2023-02-13"}},
		{"Kyodo Photo taken … shows", "Photo taken Feb. 13, 2023, shows commuters in Tokyo. (Kyodo)", dateWant{date: "2023-02-13", picture: true}},
		{"a weekday is not a place", "Viernes, 13 de marzo de 2026 (02:00 GMT)", dateWant{date: "2026-03-13"}},
		{"dpa dateline with region and city", "13.02.2023, Bayern, München: Pendler warten am Hauptbahnhof. Foto: Sven Hoppe/dpa", dateWant{date: "2023-02-13", dateline: "02-13", city: "München"}},
		{"the body date that repeats the dateline's day wins", "ANTAKYA, TURKEY - FEBRUARY 13: People mark one week since the February 6, 2023 earthquake on February 13, 2023 in Antakya, Turkey. (Photo by Ann Lee/Getty Images)", dateWant{date: "2023-02-13", dateline: "02-13", city: "Antakya"}},
		{"the dateline's day without a year takes the body's year", "ANTAKYA, TURKEY - FEBRUARY 13: A week after the February 6, 2023 earthquake, people gather on February 13. (Photo by Ann Lee/Getty Images)", dateWant{date: "2023-02-13", dateline: "02-13", city: "Antakya"}},
		{"taken and released by … on", "This handout picture taken and released by the Ukrainian Presidential Press Service on February 13, 2023 shows the president. (Photo by Handout/Ukrainian Presidential Press Service/AFP)", dateWant{date: "2023-02-13", picture: true}},
		{"fechada el", "Fotografía de archivo fechada el 3 de junio de 2019 que muestra la Puerta del Sol. EFE/Archivo", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"Chinese date", "新华社照片，北京，2023年2月13日 游客在庙会上。", dateWant{date: "2023-02-13"}},
		{"Korean date", "2023년 2월 13일 서울 시민들이 출근하고 있다. (연합뉴스)", dateWant{date: "2023-02-13"}},
		{"ISO date and time", "Rally 2023-02-13T10:15:00+01:00 in Oslo. NTB", dateWant{date: "2023-02-13"}},
		{"no desember", "Julemarked i Oslo 13. desember 2022. Foto: NTB", dateWant{date: "2022-12-13"}},
		{"sv maj", "Demonstranter i Stockholm den 5 maj 2023. Foto: TT", dateWant{date: "2023-05-05"}},
		{"da marts", "Demonstration i København 3. marts 2023. Foto: Ritzau Scanpix", dateWant{date: "2023-03-03"}},
		{"caps dateline in French", "PARIS, FRANCE - 13 FÉVRIER: Des manifestants défilent le 13 février 2023. (Photo by Luc Martin/Getty Images)", dateWant{date: "2023-02-13", dateline: "02-13", city: "Paris"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkDate(t, ParseText(tt.text, 0), tt.want)
		})
	}
}

// Numeric dates whose two readings are both valid: a dateline settles it;
// else the caption's language, silently when its function words leave no
// doubt (a margin of minLanguageMargin), with a warning otherwise; with
// no evidence, day first.
func TestDatesAmbiguousNumeric(t *testing.T) {
	amb := []ProblemCode{ProblemAmbiguousDate}
	tests := []struct {
		name, text string
		want       dateWant
	}{
		{"English caption: month first", "Protesters march in the streets of Denver on 03/04/2020. Photo: Jane Doe", dateWant{date: "2020-03-04"}},
		{"Spanish caption: day first", "Manifestantes en las calles de Lima el 03/04/2020. EFE", dateWant{date: "2020-04-03"}},
		{"weak English: month first, with a warning", "Rally in Denver 03/04/2020. Photo: Jane Doe", dateWant{date: "2020-03-04", codes: amb}},
		{"no evidence: day first, with a warning", "Denver 03/04/2020. Photo: Jane Doe", dateWant{date: "2020-04-03", codes: amb}},
		{"dots are always day first", "Demonstranten in der Innenstadt am 03.04.2020. Foto: dpa", dateWant{date: "2020-04-03"}},
		{"same number both ways is not ambiguous", "Vista de Lima el 04/04/2020. EFE", dateWant{date: "2020-04-04"}},
		{"first number over 12: day first", "Protesters in the streets of Denver on 13/04/2020.", dateWant{date: "2020-04-13"}},
		{"the dateline settles it", "LIMA, PERU - APRIL 3: Protesters march on 04/03/2020 in the streets of Lima. (Photo by Ana Ruiz/Getty Images)", dateWant{date: "2020-04-03", dateline: "04-03", city: "Lima"}},
		{"Agência Brasil numeric dateline, Portuguese", // https://liberalfm.com.br/posts/category/geral/page/47
			"Brasília (DF), 09/05/2025 - Márcia Marques (professora da UnB, especial aniversário de 35 anos da agência Brasil Foto: Márcia Marques/Arquivo pessoal", dateWant{date: "2025-05-09", dateline: "05-09", city: "Brasília"}},
		{"numeric dateline settled by the body date", "Rio de Janeiro (RJ), 03/04/2023 - Foliões no Sambódromo em 3 de abril de 2023. Foto: Tânia Rêgo/Agência Brasil", dateWant{date: "2023-04-03", dateline: "04-03", city: "Rio de Janeiro"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkDate(t, ParseText(tt.text, 0), tt.want)
		})
	}
}

// Words that look like months and must not give a date.
func TestDatesCollisions(t *testing.T) {
	noDate := dateWant{codes: []ProblemCode{ProblemNoDate}}
	tests := []struct {
		name, text string
		want       dateWant
	}{
		{"es mar = sea", "Vista del mar en Cádiz. EFE/Román Ríos", noDate},
		{"es mar with a number but no year", "Bañistas en el mar 3 veces al día. EFE", noDate},
		{"it mar = sea", "Turisti davanti al mar Tirreno 2 volte. ANSA", noDate},
		{"fr mai in prose, no day", "Les manifestants défilent en mai, comme chaque année. (AFP)", noDate},
		{"en may the verb", "Officials say roads may 5 times flood this year. (AP Photo/Rina Das)", noDate},
		{"tr Ekim as a name", "Ekim Demir 2 gol attı. (AA)", noDate},
		{"tr Ekim name before a number", "Futbolcu Ekim 10 numaralı formayı giydi. (AA)", noDate},
		{"tr Nisan as a name", "Nisan 3 yaşındaki kızıyla parkta. (AA)", noDate},
		{"tr Kasım as a name", "Kasım 5 kez şampiyon oldu. (AA)", noDate},
		{"tr aralık = gap", "Aralık 2 metre. (AA)", noDate},
		{"tr ocak = stove, lower case after a number", "Köyde 3 ocak yandı. (AA)", noDate},
		{"pt out = outubro or English out", "Os jogadores saem 2 out de campo. LUSA", noDate},
		{"it set = settembre or a tennis set", "Sinner vince il set 6 a 4. ANSA", noDate},
		{"it ago = agosto or English ago", "Two weeks ago 3 people came. (AP Photo)", noDate},
		{"en gen = gennaio or General", "Gen. 5 stars visited. (AP Photo)", noDate},
		{"month and year without day", "Fans celebrate in June 2023 in Madrid. (Photo by Ana Ruiz/Getty Images)", noDate},
		{"a range is not a date", "Fans celebrated 13-14 2023 in Madrid.", noDate},
		{"a year-like count is not a date", "March 2023 15 people came. (AP Photo)", noDate},
		{"Mar with an abbreviation dot and a year is March", "Rally in Austin, Mar. 5, 2023. (AP Photo)", dateWant{date: "2023-03-05"}},
		{"mar with a day and a year is March", "Vista de Bogotá el 4 mar 2021. EFE", dateWant{date: "2021-03-04"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkDate(t, ParseText(tt.text, 0), tt.want)
		})
	}
}

// File pictures: the markers set Archive; words that date the picture
// itself give the record's date even after a dateline or another date.
func TestDatesArchive(t *testing.T) {
	tests := []struct {
		name, text string
		want       dateWant
	}{
		// An archive caption keeps the date it was first filed with: a body
		// date with a year dates the picture (only a dateline is the story's).
		{"FILE PHOTO: prefix, the body date is the picture's", "FILE PHOTO: A ferry leaves Piraeus, Greece, Sept. 8, 2016. REUTERS/Alkis Konstantinidis", dateWant{date: "2016-09-08", archive: true, picture: true}},
		{"FILE: prefix", "FILE: Workers march in Paris, May 1, 2019. (AP Photo)", dateWant{date: "2019-05-01", archive: true, picture: true}},
		{"(FILES) prefix and taken on", "(FILES) This file picture taken on June 3, 2019 shows the tower in Paris. The tower reopened on July 16, 2021. (Photo by Ludovic Marin/AFP)", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"FILES - prefix", "FILES - A view of Kabul on Aug. 15, 2021. (AFP)", dateWant{date: "2021-08-15", archive: true, picture: true}},
		{"In this file photo after a dateline", "WASHINGTON, DC - FEBRUARY 13: In this Jan. 5, 2015, file photo, the Capitol at dawn. (AP Photo/J. Scott Applewhite)", dateWant{date: "2015-01-05", dateline: "02-13", archive: true, picture: true}},
		{"picture taken, later body date ignored", "The ship leaves port on July 1, 2021, in a picture taken June 3, 2019. REUTERS/Name", dateWant{date: "2019-06-03", picture: true}},
		{"Archivbild vom", "Archivbild vom 3. Juni 2019: Der Turm in Berlin. Foto: dpa", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"ARCHIV - prefix", "ARCHIV - Ein Mann fährt am 3. Juni 2019 Rad. Foto: dpa", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"photo prise le", "Photo d'archives prise le 3 juin 2019 à Paris. (AFP)", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"(ARCHIVES)", "(ARCHIVES) Des manifestants à Paris le 3 juin 2019. (AFP)", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"foto de archivo del", "Foto de archivo del 3 de junio de 2019 de la Puerta del Sol. EFE", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"FOTO DE ARCHIVO prefix", "FOTO DE ARCHIVO: Vista de Madrid el 3 de junio de 2019. EFE", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"ARCHIVO - prefix", "ARCHIVO - Vista de Madrid el 3 de junio de 2019. EFE", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"FOTO D'ARCHIVIO prefix", "FOTO D'ARCHIVIO - Turisti a Roma il 3 giugno 2019. ANSA", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"foto d'archivio del", "Una foto d'archivio del 3 giugno 2019 di Roma. ANSA", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"ARQUIVO prefix", "ARQUIVO - Lisboa, 3 de junho de 2019. LUSA", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"foto de arquivo de", "Foto de arquivo de 3 de junho de 2019 em Lisboa. LUSA", dateWant{date: "2019-06-03", archive: true, picture: true}},
		{"Reuters Picture taken, after the scene's date", "A drone view shows the flooded village of Xanten, Germany, February 14, 2023. Picture taken February 13, 2023. REUTERS/Name", dateWant{date: "2023-02-13", picture: true}},
		{"shot on is not a picture verb", "Relatives mourn a man who was shot on February 5, 2023, at his funeral in Jenin, February 13, 2023. REUTERS/Name", dateWant{date: "2023-02-13"}},
		{"taken to hospital on is not a picture verb", "A boy who was taken to hospital on February 5, 2023 waits in Antakya, Turkey, February 13, 2023. REUTERS/Name", dateWant{date: "2023-02-13"}},
		{"a letter dated is not the picture's date", "A letter dated 5 March 2023 is displayed in Rome, 13 March 2023. EPA-EFE/NAME", dateWant{date: "2023-03-13"}},
		{"an event cue before the only date: another event's, no date (tunetdate)", "Rescuers search the rubble since the February 6, 2023 earthquake. (AFP)", dateWant{date: "", codes: []ProblemCode{ProblemNoDate}}},
		{"since the … earthquake, then the scene", "People gather in Antakya since the February 6, 2023 earthquake, Turkey, February 13, 2023. REUTERS/Name", dateWant{date: "2023-02-13"}},
		{"ahead of the election on …, after the scene", "Supporters rally in Lagos on February 13, 2023, ahead of the election on February 25, 2023. (AFP)", dateWant{date: "2023-02-13"}},
		{"a picture verb in the previous sentence does not count", "The photo was taken by a drone. Residents gather on June 3, 2019. (AFP)", dateWant{date: "2019-06-03"}},
		// rw-270, https://www.theepochtimes.com/five-eyes-notice-on-china-cyberattacks-should-be-taken-very-seriously-in-canada-professor-says_5294150.html
		{"file picture: a yearless body date is the story's", "The Five Eyes intelligence alliance on May 25 issued a warning about Chinese state-sponsored hackers targeting critical infrastructure. (Edgar Su/File Photo/Reuters)", dateWant{archive: true, codes: []ProblemCode{ProblemNoDate}}},
		{"the city archive is not a file picture", "Documentos del archivo municipal de Madrid el 3 de junio de 2019. EFE", dateWant{date: "2019-06-03"}},
		{"'file' the verb is not a file picture", "Lawyers file papers in court on June 3, 2019. (AP Photo)", dateWant{date: "2019-06-03"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkDate(t, ParseText(tt.text, 0), tt.want)
		})
	}
}

// Undated pictures: no date, no "no date" warning, the Undated flag.
func TestDatesUndated(t *testing.T) {
	undated := dateWant{undated: true}
	tests := []struct {
		name, text string
		want       dateWant
	}{
		{"en undated handout picture", "An undated handout picture released by the Navy on Feb. 13, 2023 shows the ship. U.S. Navy/Handout via REUTERS", undated},
		{"en undated photo", "This undated photo provided by the family shows John Doe. (AP Photo)", undated},
		{"de undatiertes Handout", "Das undatierte Handout zeigt das Schiff. Foto: Marine/dpa", undated},
		{"fr photo non datée", "Photo non datée fournie par la famille. (AFP)", undated},
		{"es sin fecha", "Fotografía sin fecha cedida por la familia. EFE", undated},
		{"it foto senza data", "Una foto senza data diffusa dalla polizia. ANSA", undated},
		{"pt sem data", "Foto sem data divulgada pela polícia. LUSA", undated},
		{"es (sin fecha) in parentheses", "La actriz en Madrid (sin fecha). EFE", undated},
		{"es sin fecha in prose is not an undated picture", "Migrantes esperan sin fecha de salida en Tapachula el 3 de junio de 2019. EFE", dateWant{date: "2019-06-03"}},
		{"it senza data in prose", "Il cantiere resta senza data di chiusura, Roma 3 giugno 2019. ANSA", dateWant{date: "2019-06-03"}},
		{"Getty UNDATED: in the dateline", "LONDON, ENGLAND - UNDATED: In this handout image provided by the Royal Collection, the Queen sits at her desk. (Photo by Royal Collection/Getty Images)", undated},
		{"en date unknown", "Soldiers at the front, date unknown. (Photo by Keystone/Getty Images)", undated},
		{"de Datum unbekannt", "Soldaten an der Front, Datum unbekannt. Foto: dpa", undated},
		{"es fecha desconocida", "Soldados en el frente, fecha desconocida. EFE", undated},
		{"an unknown artist is not an undated picture", "The work of an unknown artist shown in Paris on June 3, 2019. (AFP)", dateWant{date: "2019-06-03"}},
		{"a caption that is neither dated nor undated still warns", "A handout picture released by the Navy shows the ship. U.S. Navy/Handout via REUTERS", dateWant{codes: []ProblemCode{ProblemNoDate}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkDate(t, ParseText(tt.text, 0), tt.want)
		})
	}
}

func TestDatesMismatchCode(t *testing.T) {
	r := ParseText("ALEPPO, SYRIA - DECEMBER 20: Families wait at Aleppo on December 19, 2016. ( Aref Watad - Anadolu Agency )", 0)
	checkDate(t, r, dateWant{date: "2016-12-19", dateline: "12-20", codes: []ProblemCode{ProblemDateMismatch}})
}

func TestMonthOf(t *testing.T) {
	tests := []struct {
		word  string
		month int
		class monthClass
	}{
		{"Januar", 1, mSafe}, {"Jänner", 1, mSafe}, {"Jan.", 1, mSafe}, {"März", 3, mSafe}, {"Maerz", 3, mSafe},
		{"février", 2, mSafe}, {"fevrier", 2, mSafe}, {"févr.", 2, mSafe}, {"décembre", 12, mSafe}, {"déc.", 12, mSafe},
		{"enero", 1, mSafe}, {"ene.", 1, mSafe}, {"setiembre", 9, mSafe}, {"septiembre", 9, mSafe},
		{"gennaio", 1, mSafe}, {"febbraio", 2, mSafe}, {"dicembre", 12, mSafe},
		{"janeiro", 1, mSafe}, {"fevereiro", 2, mSafe}, {"março", 3, mSafe}, {"marco", 3, mYear}, {"dezembro", 12, mSafe},
		{"januari", 1, mSafe}, {"maart", 3, mSafe}, {"mei", 5, mSafe}, {"oktober", 10, mSafe},
		{"Ocak", 1, mYearCap}, {"Şubat", 2, mSafe}, {"Subat", 2, mSafe}, {"ŞUBAT", 2, mSafe}, {"Mart", 3, mYearCap}, {"Nisan", 4, mYearCap},
		{"Mayıs", 5, mSafe}, {"MAYIS", 5, mSafe}, {"Haziran", 6, mSafe}, {"Temmuz", 7, mSafe}, {"Ağustos", 8, mSafe},
		{"Eylül", 9, mSafe}, {"Ekim", 10, mYearCap}, {"Kasım", 11, mYearCap}, {"Aralık", 12, mYearCap}, {"ARALIK", 12, mYearCap}, {"aralık", 12, mYear}, {"ekim", 10, mYear},
		{"Şubat'ta", 2, mSafe},
		{"may", 5, mCap}, {"May", 5, mSafe}, {"MAY", 5, mSafe}, {"march", 3, mCap}, {"mar", 3, mYear}, {"Mar", 3, mYearCap}, {"Mar.", 3, mYearCap},
		{"Sept.", 9, mSafe}, {"(Feb.", 2, mSafe}, {"mai", 5, mSafe},
		{"mare", 0, 0}, {"Marx", 0, 0}, {"ma", 0, 0}, {"juny", 6, mYear}, {"", 0, 0},
	}
	for _, tt := range tests {
		m, c := monthOf(tt.word)
		if m != tt.month || (m != 0 && c != tt.class) {
			t.Errorf("monthOf(%q) = %d, %d; want %d, %d", tt.word, m, c, tt.month, tt.class)
		}
	}
}

func TestStripPrefixes(t *testing.T) {
	tests := []struct {
		in, out string
		archive bool
	}{
		{"FILE PHOTO: A ferry", "A ferry", true},
		{"FILE - A ferry", "A ferry", true},
		{"(FILES) This picture", "This picture", true},
		{"TOPSHOT - DHAKA, BANGLADESH", "DHAKA, BANGLADESH", false},
		{"FILE - TOPSHOT - A ferry", "A ferry", true},
		{"Filet mignon is served", "Filet mignon is served", false},
		{"Archivbild: Der Turm", "Der Turm", true},
		{"Archivbilder zeigen den Turm", "Archivbilder zeigen den Turm", false},
		{"(FILES)", "", true},
	}
	for _, tt := range tests {
		out, archive := stripPrefixes(tt.in)
		if out != tt.out || archive != tt.archive {
			t.Errorf("stripPrefixes(%q) = %q, %v; want %q, %v", tt.in, out, archive, tt.out, tt.archive)
		}
	}
}

// FuzzDates runs the date reader alone (dateline, body dates, markers)
// on arbitrary text: it never panics, and what it returns is a real date.
func FuzzDates(f *testing.F) {
	for _, s := range []string{
		"(ANSA) - ROMA, 15 AGO - x",
		"Toronto (Canadá), 9 sep (EFE).- x",
		"13.02.2023, Berlin: x",
		"FILE - In this Jan. 5, 2015, file photo, x. Undated.",
		"x el lunes 13 de febrero de 2023 y 03/04/2020 y 2020-06-15 y 6 Şubat 2023'te",
		"Archivbild vom 3. Juni 2019 (FILES) photo prise le 1er mars 2023",
		"\xff 13 \xfe febr\xc3",
		// issue 22: the generated table's scripts, marked and Roman dates
		"15 Ιανουαρίου 2024 15 ม.ค. พ.ศ. 2566 15 בינואר 2023 4.XI.2017 (4/XI/17). 12.03.19",
		"2024년1월15일 2024年1月15日 ngày 15 tháng 1 năm 2024 2011 m. rugsėjo 5 d. 15-én",
		"١٥ يناير ٢٠٢٤ ๑๕ มกราคม ๒๕๖๗ ۱۵ ژانویه ۲۰۲۴ ١٥/٠١/٢٠٢٤",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // parseWire repairs invalid UTF-8 before reading dates
		}
		var w wire
		text, archive := stripPrefixes(tidy(s))
		n := w.readDates(text, archive)
		if n < 0 || n > len(text) {
			t.Fatalf("dateline length %d outside 0..%d", n, len(text))
		}
		for _, h := range []dateHit{w.body, w.picture} {
			if h.m == 0 {
				continue
			}
			if !validDay(h.m, h.d) || (h.y != 0 && (h.y < 1800 || h.y > 2200)) {
				t.Fatalf("invalid date %d-%d-%d from %q", h.y, h.m, h.d, s)
			}
			if h.start < 0 || h.end > len(text) || h.start > h.end {
				t.Fatalf("date span %d..%d outside the text (%d bytes)", h.start, h.end, len(text))
			}
		}
		if w.dlMonth != 0 && !validDay(w.dlMonth, w.dlDay) {
			t.Fatalf("invalid dateline %d-%d from %q", w.dlMonth, w.dlDay, s)
		}
		var r Record
		w.applyDate(&r, 2016)
		if r.Date.Month != 0 && !validDay(r.Date.Month, r.Date.Day) {
			t.Fatalf("invalid record date %d-%d", r.Date.Month, r.Date.Day)
		}
		if r.Undated && r.Date.Month != 0 {
			t.Fatalf("undated record with a date %d-%d", r.Date.Month, r.Date.Day)
		}
	})
}

// A date without a year still gives its month and day.
func TestDatesWithoutYear(t *testing.T) {
	for _, tt := range []struct {
		text string
		m, d int
	}{
		{"Fans at the stadium (on 13 March).", 3, 13},
		{"Fans at the stadium (March 13).", 3, 13},
		{"Vista de Madrid el 13 de febrero. EFE", 2, 13},
		{"Menschen am 13. Februar in Köln. Foto: dpa", 2, 13},
		{"The alliance on May 25 issued a warning in Ottawa. (Edgar Su/Reuters)", 5, 25}, // not a file picture (compare rw-270 in TestDatesArchive)
	} {
		r := ParseText(tt.text, 0)
		if r.Date.Month != tt.m || r.Date.Day != tt.d || r.Date.Year != 0 {
			t.Errorf("%q: date %d-%d-%d, want 0-%d-%d", tt.text, r.Date.Year, r.Date.Month, r.Date.Day, tt.m, tt.d)
		}
	}
}

func TestAgencyDatelinePlace(t *testing.T) {
	for _, tt := range []struct{ text, city, region, country string }{
		{"Brasília (DF), 09/05/2025 - Márcia Marques. Foto: Márcia Marques", "Brasília", "DF", ""},
		{"Toronto (Canadá), 9 sep (EFE).- Las autoridades.", "Toronto", "", "Canadá"},
		{"MADRID, 17 feb (EFE).- Vista.", "Madrid", "", ""},
		{"13.02.2023, Bayern, München: Pendler. Foto: dpa", "München", "", ""},
	} {
		r := ParseText(tt.text, 0)
		if r.City != tt.city || r.Region != tt.region || r.Country != tt.country {
			t.Errorf("%q: place %q/%q/%q, want %q/%q/%q", tt.text, r.City, r.Region, r.Country, tt.city, tt.region, tt.country)
		}
	}
}

// TestMonthTables: the per-language tables (monthnames.go) read their
// words, and a word two languages give to different months is not read.
func TestMonthTables(t *testing.T) {
	tests := []struct {
		word  string
		month int
	}{
		{"ledna", 1}, {"listopadu", 11}, {"prosince", 12}, {"aprila", 4}, {"września", 9}, {"iunie", 6},
		{"января", 1}, {"Сентября", 9}, {"листопада", 11}, {"Σεπτεμβρίου", 9}, {"rugsėjo", 9}, {"janvārī", 1},
		{"tammikuuta", 1}, {"ágúst", 8}, {"ogos", 8}, {"studenoga", 11}, {"listopada", 0}, {"listopad", 0},
	}
	for _, tt := range tests {
		if m, _ := monthOf(tt.word); m != tt.month {
			t.Errorf("monthOf(%q) = %d; want %d", tt.word, m, tt.month)
		}
	}
	if m, c := monthOf("mac"); m != 3 || c != mYear {
		t.Errorf(`monthOf("mac") = %d, %d; want 3, mYear`, m, c)
	}
	for _, tt := range []struct{ text, want string }{
		{"V Praze 15. ledna 2019 zahájena výstava", "2019-01-15"},
		{"Ljubljana, 6 września 2019 r. / Fot. X", "2019-09-06"},
		{"27 января 2021. Президент", "2021-01-27"},
		{"Zagreb, 5. listopada 2020.", ""},
	} {
		if got := ParseText(tt.text, 0).DateString(); got != tt.want {
			t.Errorf("ParseText(%q).DateString() = %q; want %q", tt.text, got, tt.want)
		}
	}
}

// TestDatesWithoutYearCJKAndCued: a CJK month and day that open a word
// or follow a clause mark or は inside one,
// the Korean "N월 N일", and Vietnamese "ngày D/M" are read without a year;
// a bare "3/3" is not.
func TestDatesWithoutYearCJKAndCued(t *testing.T) {
	for _, tt := range []struct {
		text   string
		m, d   int
		noDate bool
	}{
		{text: "5月25日,河南省周口市商水县村民在抢收小麦。", m: 5, d: 25},
		{text: "9月5日晚,北京,国家会议中心,2024年中非合作论坛峰会成果。", m: 9, d: 5},
		{text: "지난해 4월 16일 우크라이나 키이우에서", m: 4, d: 16},
		{text: "ở thành phố Chí Linh, tỉnh Hải Dương, ngày 3/3. (Nguồn: Reuters)", m: 3, d: 3},
		{text: "Ratio 3/3 of the votes.", noDate: true},
		{text: "截至5月26日17时", noDate: true},
		{text: "メンバーを引きずる男性。10月15日、英ロンドンで撮影", m: 10, d: 15},
		{text: "大統領は3月24日、キャンドルに火を灯した。", m: 3, d: 24},
	} {
		r := ParseText(tt.text, 0)
		if tt.noDate && r.Date.Month != 0 || !tt.noDate && (r.Date.Month != tt.m || r.Date.Day != tt.d) {
			t.Errorf("ParseText(%q): month %d day %d; want %d %d", tt.text, r.Date.Month, r.Date.Day, tt.m, tt.d)
		}
	}
}

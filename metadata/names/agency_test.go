package names

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

// minAgencies is the size issue 9 asks of the table (at least 120; the
// brief for the table says 140).
const minAgencies = 140

func TestAgencyTableParses(t *testing.T) {
	ix, err := parseAgencies(agencyTable)
	if err != nil {
		t.Fatalf("the built-in table: %v", err)
	}
	if n := len(ix.list); n < minAgencies {
		t.Errorf("the table has %d agencies, want at least %d", n, minAgencies)
	}
	if len(ix.list) != len(Agencies()) {
		t.Errorf("Agencies() has %d agencies, the table %d", len(Agencies()), len(ix.list))
	}
	for _, a := range Agencies() {
		if len(a.Names) == 0 || a.Names[0] != a.Name {
			t.Errorf("agency %q: Names %q should start with its Name", a.Name, a.Names)
		}
		for _, nm := range a.Names {
			if got, ok := LookupAgency(nm); !ok || got != a {
				t.Errorf("LookupAgency(%q) does not give %q", nm, a.Name)
			}
		}
	}
}

// parseAgencies is the only guard against one spelling naming two agencies
// (a later line would silently win): it must refuse, and say where.
func TestParseAgenciesErrors(t *testing.T) {
	for _, c := range []struct{ table, want string }{
		{"Alpha = AX\nBeta = ax\n", `line 2: "ax" is already a name of Alpha`},
		{"Alpha = A.X.\n# comment\nBeta = B = A X\n", `line 3: "A X" is already a name of Alpha`},
		{"Alpha\ncode Beta = X###\n", `line 2: expected an agency named earlier, found "Beta"`},
		{"Alpha\ncode Alpha\n", `line 2: expected "code NAME = PATTERN"`},
		{"Alpha = ---\n", `line 1: expected names with letters, found "---"`},
		{"Alpha\nBeta = = Gamma\n", `line 2: expected names separated by " = ", found "= Gamma"`},
	} {
		_, err := parseAgencies(c.table)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parseAgencies(%q) = %v, want an error with %q", c.table, err, c.want)
		}
	}
	// The same spelling twice on one line is not a conflict.
	if _, err := parseAgencies("Reuters = REUTERS = Reuters\n"); err != nil {
		t.Errorf("a repeated spelling of one agency: %v", err)
	}
}

// The name captag reports is the one the agency writes in its own credit
// lines ("(AP Photo/…)", "REUTERS/…", "… /AFP", "THE CANADIAN PRESS/…").
func TestAgencyReportedNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Associated Press", "AP"}, {"AP Photo", "AP"}, {"a.p.", "AP"},
		{"REUTERS", "Reuters"}, {"Thomson Reuters", "Reuters"}, {"RETUERS", "Reuters"},
		{"Agence France-Presse", "AFP"}, {"agence france presse", "AFP"}, {"AFP PHOTO", "AFP"},
		{"Getty", "Getty Images"}, {"GettyImages", "Getty Images"},
		{"EPA-EFE", "EPA"}, {"epa efe", "EPA"}, {"European Pressphoto Agency", "EPA"},
		{"Deutsche Presse-Agentur", "dpa"}, {"picture alliance", "dpa"}, {"picture-alliance", "dpa"},
		{"THE CANADIAN PRESS", "The Canadian Press"}, {"Canadian Press", "The Canadian Press"},
		{"CP", "The Canadian Press"}, {"La Presse Canadienne", "The Canadian Press"},
		{"AA", "Anadolu Agency"}, {"Anadolu", "Anadolu Agency"}, {"ANADOLU AJANSI", "Anadolu Agency"},
		{"PA Wire", "PA"}, {"PA Media", "PA"}, {"Press Association Images", "PA"},
		{"AAPIMAGE", "AAP"}, {"AAP Image", "AAP"},
		{"Agencia EFE", "EFE"}, {"Kyodo", "Kyodo News"}, {"JIJI PRESS", "Jiji Press"},
		{"Yonhap News Agency", "Yonhap"}, {"ITAR-TASS", "TASS"}, {"RIA Novosti", "Sputnik"},
		{"REX", "Shutterstock"}, {"REX/Shutterstock", "Shutterstock"}, {"Rex Features", "Shutterstock"},
		{"ZUMA Wire", "ZUMA Press"}, {"Zuma Press", "ZUMA Press"}, {"ZUMAPRESS.com", "ZUMA Press"},
		{"CTK", "ČTK"}, {"ČTK", "ČTK"}, {"Keystone", "Keystone-SDA"}, {"AMNA", "ANA-MPA"},
		{"Alamy Stock Photo", "Alamy"}, {"Alamy Live News", "Alamy"}, {"imago images", "IMAGO"},
		{"ABACAPRESS.COM", "Abaca"}, {"Sipa USA", "Sipa"}, {"NTB scanpix", "NTB"},
		{"TT NEWS AGENCY", "TT"}, {"Lehtikuva", "Lehtikuva"}, {"Estadao Conteudo", "Estadão"},
		{"Agencia Brasil", "Agência Brasil"}, {"ANTARA FOTO", "Antara"}, {"Xinhua News Agency", "Xinhua"},
		{"新华社", "Xinhua"}, {"ТАСС", "TASS"}, {"Imagn Images", "USA TODAY Sports"},
		{"Bettmann Archive", "Bettmann"}, {"cnsphoto", "China News Service"}, {"Petra News Agency", "Jordan News Agency"},
		{"Reuters TV", "Reuters"}, {"AFPTV", "AFP"}, {"Keystone-France", "Gamma-Rapho"},
	} {
		a, ok := LookupAgency(c.in)
		got := ""
		if ok {
			got = a.Name
		}
		if got != c.want {
			t.Errorf("LookupAgency(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Every agency the issue and its brief name is in the table.
func TestAgencyTableHasTheNamedAgencies(t *testing.T) {
	for _, s := range []string{
		"AP", "Reuters", "AFP", "Getty Images", "WireImage", "FilmMagic", "NHLI", "NBAE", "MLB Photos",
		"EPA", "EPA-EFE", "dpa", "picture alliance", "Xinhua", "Kyodo", "Yonhap", "EFE", "ANSA",
		"PA", "PA Media", "AAP", "Sipa", "ZUMA", "Zuma Press", "ZUMA Wire", "Shutterstock", "REX",
		"NurPhoto", "SOPA", "SOPA Images", "Bloomberg", "The Canadian Press", "Anadolu", "TASS",
		"Sputnik", "IRNA", "Jiji", "PTI", "ANI", "UPI",
		"NTB", "TT", "Ritzau Scanpix", "Lehtikuva", "ANP", "Belga", "Keystone-SDA", "APA", "CTK",
		"PAP", "MTI", "Hina", "Tanjug", "BTA", "Agerpres", "ANA-MPA", "Lusa", "Agência Brasil", "Estadão",
		"Alamy", "Magnum", "VII", "Polaris", "Redux", "Contrasto", "Hans Lucas", "Abaca", "Bestimage",
		"Icon Sportswire", "USA TODAY Sports", "Action Images", "Offside", "Imago", "Ullstein",
		"Sven Simon", "Eibner", "Panoramic", "Presse Sports", "LaPresse", "Ropi", "Photoshot",
		"Camera Press", "Avalon", "Newscom", "Invision",
	} {
		if _, ok := LookupAgency(s); !ok {
			t.Errorf("LookupAgency(%q): not in the table", s)
		}
	}
}

// A distributor's regional and desk names are the distributor; its brands
// are agencies of their own, so that "Name/NHLI via Getty Images" names two.
func TestGettyRegionsAndBrands(t *testing.T) {
	getty, ok := LookupAgency("Getty Images")
	if !ok {
		t.Fatal("Getty Images is not in the table")
	}
	for _, s := range []string{
		"Getty Images North America", "Getty Images Europe", "Getty Images AsiaPac",
		"Getty Images South America", "Getty Images Sport", "Getty Images News",
		"Getty Images Entertainment", "GETTY IMAGES NORTH AMERICA", "Getty Images Sport Classic",
	} {
		if a, ok := LookupAgency(s); !ok || a != getty {
			t.Errorf("LookupAgency(%q) should be Getty Images", s)
		}
	}
	for _, s := range []string{
		"WireImage", "FilmMagic", "NHLI", "NBAE", "MLB Photos", "Hulton Archive", "Bongarts",
		"Redferns", "Corbis", "Gamma-Rapho", "Popperfoto", "Michael Ochs Archives", "GC Images",
		"AFP", "Bloomberg", "NurPhoto", "Anadolu", "Icon Sportswire", "LightRocket",
	} {
		a, ok := LookupAgency(s)
		if !ok || a == getty {
			t.Errorf("LookupAgency(%q) should be an agency of its own, not Getty Images", s)
		}
	}
	// A chain or a client is split by the parser, never looked up whole.
	for _, s := range []string{"NHLI via Getty Images", "AFP/Getty Images", "Getty Images for Tommy Hilfiger"} {
		if a, ok := LookupAgency(s); ok {
			t.Errorf("LookupAgency(%q) = %q, want no agency (a chain)", s, a.Name)
		}
	}
}

// Words that stand alone in credits without being agencies, photographers'
// names, and the spellings left out on purpose are not agencies.
func TestNotAgencies(t *testing.T) {
	for _, s := range []string{
		// credit words
		"Pool", "POOL", "Handout", "HANDOUT", "File", "File Photo", "Photo", "Photos", "Foto",
		"Images", "Image", "Staff", "Stringer", "Contributor", "Press", "News", "Agency",
		"Picture", "Pictures", "Wire", "Sport", "Sports", "Archive", "Media", "via", "for",
		"Mandatory Credit", "Photographer", "Courtesy", "Editorial Use Only", "",
		"STR", "HO", "Pool Photo", "Handout Photo", "Kremlin", "White House", "Army", "Navy", // the U.S. services and NASA are sources of their own (agencies.txt)
		// photographers, from the agencies' published captions and the table's sources
		"Paul Chiasson", "Stephen Dunn", "Aref Watad", "Simon Dawson", "Andrea Comas",
		"Dan Kitwood", "Matt Dunham", "Johannes Eisele", "Yui Mok", "Jose Breton",
		"Sven", "Simon", "Hans", "Lucas", "Michael Ochs", "Sana Ullah",
		// left out on purpose: first names, places, words, shared acronyms
		"Scanpix", "CNA", "ANA", "Petra", "Noor", "Panos", "Tasnim", "Mehr", "Fars", "Gamma",
		"Forum", "Moment", "MEGA", "Beta", "MAP", "SPA", "TAP", "APP", "MLB", "NFL", "PC",
	} {
		if a, ok := LookupAgency(s); ok {
			t.Errorf("LookupAgency(%q) = %q, want no agency", s, a.Name)
		}
	}
}

// Codes in IIM Source: Reuters writes a supplier code ("X06555") where other
// agencies write their name.
func TestSourceCode(t *testing.T) {
	reuters, _ := LookupAgency("Reuters")
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"X06555", true},   // bep/imagemeta smoke/upstream66.jpg, a Reuters picture of 2018
		{"X01344", true},   // Reuters NewsML infoSource before April 2016 (liaison.reuters.com)
		{"X90024", true},   // issue 9
		{"x01439", true},   // any case
		{" X90024 ", true}, // padded as some exports write it
		{"RTR", true}, {"rtr", true}, {"RTRPIX", true}, {"RTR1234", true},
		// near misses
		{"X9002", false}, {"X900245", false}, {"XA0024", false}, {"X 90024", false}, {"Y90024", false},
		{"X-90024", false}, {"RTRS", false}, {"RTR123", false}, {"RTR12345", false}, {"RT", false},
		{"Reuters", false}, {"REUTERS", false}, {"AP", false}, {"Getty Images North America", false},
		{"", false}, {"X", false}, {"#####", false},
	} {
		a, ok := SourceCode(c.in)
		if ok != c.want {
			t.Errorf("SourceCode(%q) = %v, want %v", c.in, ok, c.want)
		}
		if ok && a != reuters {
			t.Errorf("SourceCode(%q) = %q, want Reuters", c.in, a.Name)
		}
	}
}

// Every key of the table folds from a spelling with letters, and the codes
// are not names: a Source holding a code never looks up as an agency name
// of someone else.
func TestAgencyCodesAreNotNames(t *testing.T) {
	for _, c := range agencies.codes {
		sample := strings.NewReplacer("#", "1", "?", "A").Replace(c.pattern)
		if a, ok := LookupAgency(sample); ok {
			t.Errorf("code %q (%q) is also a name of %s", c.pattern, sample, a.Name)
		}
		if metadata.FoldName(c.pattern) == "" && !strings.ContainsAny(c.pattern, "#?") {
			t.Errorf("code %q has no letters or digits", c.pattern)
		}
	}
}

func FuzzLookupAgency(f *testing.F) {
	for _, s := range []string{"AP", "Getty Images North America", "X06555", "THE CANADIAN PRESS", "ČTK", "新华社", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if a, ok := LookupAgency(s); ok {
			if metadata.FoldName(s) == "" || a.Name == "" {
				t.Fatalf("LookupAgency(%q) = %q for a value without letters", s, a.Name)
			}
		}
		if a, ok := SourceCode(s); ok && a == nil {
			t.Fatalf("SourceCode(%q): ok without an agency", s)
		}
	})
}

// A brand's distributor comes from the table's "brands" lines: what
// check's brandsOf map said before, now one edit in agencies.txt.
func TestDistributor(t *testing.T) {
	for _, tc := range []struct{ brand, want string }{
		{"WireImage", "Getty Images"}, {"Wire Image", "Getty Images"}, {"FilmMagic", "Getty Images"}, {"GC Images", "Getty Images"},
		{"NHLI", "Getty Images"}, {"National Hockey League Images", "Getty Images"}, {"NHL Images", "Getty Images"},
		{"NBAE", "Getty Images"}, {"NBA Photos", "Getty Images"}, {"MLB Photos", "Getty Images"}, {"Hulton Getty", "Getty Images"},
		{"Allsport USA", "Getty Images"}, {"Bongarts", "Getty Images"}, {"Popperfoto", "Getty Images"},
		{"Invision", "AP"}, {"EMPICS", "PA"}, {"EMPICS Sport", "PA"}, {"Empics News", "PA"},
		{"Getty Images", ""}, {"AFP", ""}, {"Redferns", ""},
	} {
		d, ok := Distributor(metadata.FoldName(tc.brand))
		if d != tc.want || ok != (tc.want != "") {
			t.Errorf("Distributor(%q) = %q, %v; want %q", tc.brand, d, ok, tc.want)
		}
	}
	for _, c := range []struct{ table, want string }{
		{"Alpha\nbrands Beta = X\n", `line 2: expected a distributor named earlier, found "Beta"`},
		{"Alpha\nbrands Alpha\n", `line 2: expected "brands DISTRIBUTOR = BRAND"`},
	} {
		if _, err := parseAgencies(c.table); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parseAgencies(%q) = %v, want an error with %q", c.table, err, c.want)
		}
	}
}

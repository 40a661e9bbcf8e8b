package names

import (
	"errors"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

func TestDefaultAliases(t *testing.T) {
	a := DefaultAliases()
	same := [][2]string{
		{"AA", "Anadolu Agency"}, {"Anadolu Ajansı", "ANADOLU AGENCY"}, {"anadolu", "AA"},
		{"AP", "Associated Press"}, {"The Associated Press", "AP"},
		{"REUTERS", "Reuters"}, {"Thomson Reuters", "REUTERS"},
		{"AFP", "Agence France-Presse"}, {"Agence France Presse", "afp"},
		{"Getty Images", "Getty"}, {"EPA", "European Pressphoto Agency"}, {"EPA-EFE", "epa"},
		{"dpa", "Deutsche Presse-Agentur"}, {"Xinhua", "Xinhua News Agency"},
		// spellings that only the caption package's table knew before
		{"Getty Images North America", "Getty Images"}, {"Getty Images AsiaPac", "Getty"},
		{"THE CANADIAN PRESS", "CP"}, {"La Presse Canadienne", "The Canadian Press"},
		{"ZUMA Wire", "Zuma Press"}, {"CTK", "ČTK"}, {"NTB scanpix", "NTB"}, {"PA Wire", "PA Media"},
		{"Some Local Agency", "SOME LOCAL AGENCY"}, // not in the table: folding alone
	}
	for _, p := range same {
		if !a.Same(p[0], p[1]) || !a.Same(p[1], p[0]) {
			t.Errorf("Same(%q, %q) = false, want true", p[0], p[1])
		}
	}
	different := [][2]string{
		{"AA", "AP"}, {"Reuters", "AFP"}, {"Getty Images", "AFP"}, {"", ""}, {"AP", ""},
		// a distributor's brands are agencies of their own
		{"NHLI", "Getty Images"}, {"WireImage", "Getty Images"}, {"Invision", "AP"}, {"EMPICS", "PA"},
		{"PA", "AP"}, {"Press Association", "Associated Press"}, {"APA", "AP"}, {"APA Images", "APA"},
	}
	for _, p := range different {
		if a.Same(p[0], p[1]) {
			t.Errorf("Same(%q, %q) = true, want false", p[0], p[1])
		}
	}
	var none *Aliases
	if !none.Same("A.P.", "ap") || none.Same("AP", "Associated Press") {
		t.Error("a nil table should compare by folding only")
	}
}

// The check and the caption parser know one table: every agency of
// Agencies is a group of DefaultAliases, with its reported name
// first and every spelling in it.
func TestDefaultAliasesIsTheCaptionTable(t *testing.T) {
	a := DefaultAliases()
	list := Agencies()
	if len(a.names) != len(list) {
		t.Fatalf("DefaultAliases has %d agencies, Agencies %d", len(a.names), len(list))
	}
	for i, ag := range list {
		if a.names[i][0] != ag.Name {
			t.Errorf("agency %d: first name %q, caption reports %q", i, a.names[i][0], ag.Name)
		}
		for _, n := range ag.Names {
			if !a.Same(n, ag.Name) {
				t.Errorf("Same(%q, %q) = false: a spelling of the caption table is missing", n, ag.Name)
			}
		}
	}
}

func TestLoadAliases(t *testing.T) {
	in := "\ufeff# desk aliases\n" +
		"Sipa = SIPA Press = Sipa USA\n" +
		"\n" +
		"NurPhoto\tNur Photo   # trailing comment\n" +
		"AA = AA Photo\n" + // extends a built-in agency
		"Studio#5 = Studio Five\n" // "#" inside a name stays
	a, err := LoadAliases(strings.NewReader(in), DefaultAliases())
	if err != nil {
		t.Fatalf("LoadAliases: %v", err)
	}
	for _, p := range [][2]string{
		{"Sipa USA", "sipa press"}, {"NurPhoto", "Nur Photo"}, {"AA Photo", "Anadolu Agency"},
		{"Studio#5", "studio five"}, {"AP", "Associated Press"},
	} {
		if !a.Same(p[0], p[1]) {
			t.Errorf("Same(%q, %q) = false, want true", p[0], p[1])
		}
	}
	if a.Same("Sipa", "NurPhoto") {
		t.Error("two lines were joined")
	}
	if DefaultAliases().Same("AA Photo", "AA") {
		t.Error("LoadAliases changed its base table")
	}
}

func TestLoadAliasesJoinsAgencies(t *testing.T) {
	a, err := LoadAliases(strings.NewReader("X = Ex\nY = Why\nEx = Why\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Same("X", "Y") || len(a.names) != 1 {
		t.Errorf("a line naming two agencies should join them: Same(X,Y)=%v, %d groups", a.Same("X", "Y"), len(a.names))
	}
}

func TestLoadAliasesErrors(t *testing.T) {
	in := "Good = Fine\n" +
		"Lonely\n" +
		"AP == Associated\n" +
		"Fine = ---\n" +
		"Also = Good2\n"
	a, err := LoadAliases(strings.NewReader(in), nil)
	if err == nil {
		t.Fatal("no error for three bad lines")
	}
	var lines []int
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var ae *AliasError
		if !errors.As(e, &ae) {
			t.Fatalf("error %v is not an *AliasError", e)
		}
		lines = append(lines, ae.Line)
	}
	if len(lines) != 3 || lines[0] != 2 || lines[1] != 3 || lines[2] != 4 {
		t.Errorf("bad lines %v, want [2 3 4]", lines)
	}
	want := `names: aliases line 2: expected at least two names separated by "=" or a tab, found "Lonely"`
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not contain %q", err, want)
	}
	if !a.Same("Good", "Fine") || !a.Same("Also", "Good2") {
		t.Error("good lines around bad ones were not loaded")
	}
}

func TestLoadAliasesLongLine(t *testing.T) {
	_, err := LoadAliases(strings.NewReader("A = B\n"+strings.Repeat("x", maxAliasLineBytes+10)+" = y\n"), nil)
	var ae *AliasError
	if !errors.As(err, &ae) || ae.Line != 2 || !strings.Contains(ae.Msg, "at most 4096 bytes") {
		t.Errorf("err = %v, want a line-2 length error", err)
	}
}

func TestMentionsAndNamed(t *testing.T) {
	a := DefaultAliases()
	for _, tc := range []struct {
		text string
		want string // first agency named, "" for none
	}{
		{"© 2016 Anadolu Agency", "Anadolu Agency"},
		{"(c) AP Photo", "AP"},
		{"Copyright Thomson Reuters 2017", "Reuters"},
		{"© 2018 Getty Images North America", "Getty Images"},
		{"THE CANADIAN PRESS/Paul Chiasson", "The Canadian Press"},
		{"Copyright 2019 Bloomberg Finance LP", "Bloomberg"},
		{"Apollo Studios", ""},
		{"© Aref Watad", ""},
		{"© Jane Doe Photography, all rights reserved", ""},
		{"Pool/Handout via Staff", ""},
	} {
		got := a.named(tc.text)
		if (tc.want == "" && len(got) != 0) || (tc.want != "" && (len(got) == 0 || got[0] != tc.want)) {
			t.Errorf("named(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func FuzzLoadAliases(f *testing.F) {
	var lines []string
	for _, ag := range Agencies() {
		lines = append(lines, strings.Join(ag.Names, " = "))
	}
	f.Add(strings.Join(lines, "\n"))
	f.Add("# c\nA = B\tC\n\nX==Y\n=\n\t\n")
	f.Add("Ā = Ă # x\nĂ = B\nB = Ā\n")
	f.Fuzz(func(t *testing.T, in string) {
		a, err := LoadAliases(strings.NewReader(in), DefaultAliases())
		if a == nil {
			t.Fatal("nil table")
		}
		if err != nil {
			for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
				var ae *AliasError
				if !errors.As(e, &ae) || ae.Line < 1 {
					t.Fatalf("error %v is not an *AliasError with a line", e)
				}
			}
		}
		if !a.Same("AP", "Associated Press") {
			t.Fatal("the base table was lost")
		}
		if got, want := a.named(in), namedByScan(a, in); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("named(%q) = %q, a full search finds %q", in, got, want)
		}
		// Every name of a group is the same as its first name.
		for g, names := range a.names {
			if len(names) != len(a.words[g]) {
				t.Fatalf("group %d: %d names, %d word forms", g, len(names), len(a.words[g]))
			}
			for _, n := range names {
				if !a.Same(n, names[0]) {
					t.Fatalf("Same(%q, %q) = false in one group", n, names[0])
				}
			}
		}
	})
}

// namedByScan is what named does, the slow way: every spelling of every
// agency searched as whole words, agencies in table order.
func namedByScan(a *Aliases, text string) []string {
	t := " " + metadata.FoldWords(text) + " "
	var out []string
	for g, w := range a.words {
		if MentionsFolded(t, w) {
			out = append(out, a.names[g][0])
		}
	}
	return out
}

// named finds agencies through an index by first word; it must find what
// a search of every spelling finds, in the same order.
func TestNamedMatchesScan(t *testing.T) {
	a, err := LoadAliases(strings.NewReader("Studio#5 = Studio Five\nNew York = NY Press\n"), DefaultAliases())
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"", " ", "©", "Getty", "getty images north america", "© 2019 Getty Images / AFP",
		"Photo: John Doe/AP Photo/Reuters/Studio Five", "AFP PHOTO / POOL / EMMANUEL DUNAND",
		"(c) ZUMA Press Wire and ZUMA Wire", "NY Press via New York", "AP AP AP", "Studio#5",
		"Name/NHLI via Getty Images", "THE CANADIAN PRESS/Paul Chiasson", "Press Association Images",
	}
	for _, ag := range Agencies() {
		for _, n := range ag.Names {
			texts = append(texts, n, "© 2020 "+n+" all rights reserved", "Jane Doe/"+n+" via AP")
		}
	}
	for _, text := range texts {
		got, want := a.named(text), namedByScan(a, text)
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("named(%q) = %q, a full search finds %q", text, got, want)
		}
	}
}

// named is NamedFolded for a text not yet folded.
func (a *Aliases) named(text string) []string {
	if a == nil {
		return nil
	}
	return a.NamedFolded(" " + metadata.FoldWords(text) + " ")
}

// Same reports whether x and y name the same agency: equal after FoldName,
// or listed together in the table. Empty names are never the same.
func (a *Aliases) Same(x, y string) bool {
	kx, ky := metadata.FoldName(x), metadata.FoldName(y)
	if kx == "" || ky == "" {
		return false
	}
	if kx == ky {
		return true
	}
	if a == nil {
		return false
	}
	gx, okx := a.group[kx]
	gy, oky := a.group[ky]
	return okx && oky && gx == gy
}

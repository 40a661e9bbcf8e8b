package names

import "testing"

func TestAcrossScriptsSmoke(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want ScriptVerdict
	}{
		{"Томас Тхайцук", "Tomas Tkhaitsuk", ScriptsSame},
		{"Михаил Климентьев", "Mikhail Klimentyev", ScriptsSame},
		{"Томас Тхайцук", "Halvard Quistgaard-Mbeki", ScriptsDiffer},
		{"김진홍", "Kim Jin-hong", ScriptsSame},
		{"김진홍", "Halvard Quistgaard-Mbeki", ScriptsDiffer},
		{"عثمان ساغرلي", "Osman Sagirli", ScriptsSame},
		{"لین نیل", "LEON NEAL", ScriptsSame},
		{"Γιώργος Κοντάρινης", "Giorgos Kontarinis", ScriptsSame},
		{"石原孝", "Takashi Ishihara", ScriptsUnknown},
		{"राजेश कुमार", "Rajesh Kumar", ScriptsSame},
		{"মাহবুব আলম", "Mahbub Alam", ScriptsSame},
		{"എസ്. ശ്രീകേഷ്", "S. Sreekesh", ScriptsSame},
		{"அதுல் யாதவ்", "Atul Yadav", ScriptsSame},
		{"মাহবুব আলম", "Halvard Quistgaard-Mbeki", ScriptsDiffer},
	} {
		got, _, reads := AcrossScripts([]string{tc.a}, []string{tc.b})
		t.Logf("%s / %s: %v %q", tc.a, tc.b, got, reads)
		if got != tc.want {
			t.Errorf("%s / %s: %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// FuzzAcrossScripts: any two names, in any scripts, are compared without
// a panic, and a name is never another name than itself.
func FuzzAcrossScripts(f *testing.F) {
	for _, s := range [][2]string{
		{"Томас Тхайцук", "Tomas Tkhaitsuk"}, {"김진홍", "Kim Jin-hong"}, {"عثمان ساغرلي", "Osman Sagirli"},
		{"एस्. श्रीकेश्", "S. Sreekesh"}, {"Γιώργος", "Giorgos"}, {"\xff\xfe", "ა"}, {"", ""},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		AcrossScripts([]string{a}, []string{b})
		Romanize(a)
		if v, _, _ := AcrossScripts([]string{a}, []string{a}); v == ScriptsDiffer {
			t.Errorf("%q is another name than itself", a)
		}
	})
}

package names

import "testing"

func TestIsInitialsOf(t *testing.T) {
	for _, tc := range []struct {
		v, n string
		want bool
	}{
		{"CNA", "Central News Agency", true}, // fc6b-030: 中央社's files say CNA
		{"C.N.A.", "Central News Agency", true},
		{"AFP", "Agence France-Presse", true},
		{"KCNA", "Korean Central News Agency", true},
		{"CNA", "Korean Central News Agency", false}, // a letter short
		{"cna", "Central News Agency", false},        // initials are capitals
		{"CN", "Central News Agency", false},
		{"A", "Agency", false},
		{"ANSA", "Agenzia Nazionale Stampa Associata", true},
		{"AN", "Agencia de Noticias", true}, // "de" skipped
		{"TNS", "Central News Agency", false},
		{"CNA", "", false},
	} {
		if got := IsInitialsOf(tc.v, tc.n); got != tc.want {
			t.Errorf("IsInitialsOf(%q, %q) = %v, want %v", tc.v, tc.n, got, tc.want)
		}
	}
}

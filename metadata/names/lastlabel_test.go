package names

import (
	"strings"
	"testing"
)

// LastLabel: of each label's last place, the latest that accept takes; a
// label whose last place is refused does not count at its earlier places.
func TestLastLabel(t *testing.T) {
	afterSpace := func(s string) func(int) bool {
		return func(i int) bool { return i == 0 || s[i-1] == ' ' }
	}
	tests := []struct {
		in    string
		from  int
		wantI int
		wantL string
	}{
		{"Dinner. (AP Photo/X)", 0, -1, ""},
		{"x Photo by Jane Doe", 0, 2, "Photo by "},
		{"Foto: A. Foto: B", 0, 9, "Foto:"},
		{"FOTO: A", 0, 0, "Foto:"},
		{"Foto: A xFoto: B", 0, -1, ""}, // the last "Foto:" is glued to a word
		{"Foto: A Photo: B", 8, 8, "Photo:"},
		{"Foto: A", 1, -1, ""},
		{"x Фото: A", 0, 2, "Фото:"},
		{"x ФОТО: A", 0, 2, "Фото:"},
		{"", 0, -1, ""},
	}
	for _, tt := range tests {
		i, n := LastLabel(tt.in, tt.from, afterSpace(tt.in))
		var got string
		if i >= 0 {
			got = tt.in[i : i+n]
		}
		if i != tt.wantI || !strings.EqualFold(got, tt.wantL) {
			t.Errorf("LastLabel(%q, %d) = %d %q, want %d %q", tt.in, tt.from, i, got, tt.wantI, tt.wantL)
		}
	}
}
